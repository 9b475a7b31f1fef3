import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { LoadedRelease } from './loaded.ts'
import { checkSnapshot, SNAPSHOT_FORMAT, takeSnapshot } from './snapshot.ts'
import { ENGINE_VERSION } from '../version.ts'

describe('snapshot', () => {
  it('holds the artifact and the built indexes as plain data', () => {
    const release = new LoadedRelease(fixtureArtifact())
    release.gasIndex('co2')
    const snapshot = takeSnapshot(release)
    expect(snapshot).toMatchObject({ format: SNAPSHOT_FORMAT, engine_version: ENGINE_VERSION, mb_version: '2099.1' })
    expect(Object.keys(snapshot.gas_indexes ?? {})).toEqual(['co2'])
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot)
  })
  it('reuses the indexes only from the same engine version', () => {
    const snapshot = takeSnapshot(new LoadedRelease(fixtureArtifact()))
    expect(checkSnapshot(snapshot).reuseIndex).toBe(true)
    expect(checkSnapshot({ ...snapshot, engine_version: '0.0.0-other' }).reuseIndex).toBe(false)
  })
})
