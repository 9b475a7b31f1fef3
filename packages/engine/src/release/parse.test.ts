import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { isEngineError } from '../errors.ts'
import { parseArtifact } from './parse.ts'

function reason(fn: () => unknown): string {
  try {
    fn()
  } catch (e) {
    if (isEngineError(e) && e.code === 'release_invalid') return (e.data as { reason: string }).reason
    throw e
  }
  throw new Error('expected release_invalid')
}

describe('parseArtifact', () => {
  it('accepts an object, a JSON string and JSON bytes', () => {
    const json = JSON.stringify(fixtureArtifact())
    expect(parseArtifact(json).factors).toHaveLength(fixtureArtifact().factors.length)
    expect(parseArtifact(new TextEncoder().encode(json)).mb_version).toBe('2099.1')
    expect(parseArtifact(fixtureArtifact(), 'full').editions).toHaveLength(5)
  })
  it('says why an artifact is refused', () => {
    expect(reason(() => parseArtifact('{not json'))).toMatch(/not JSON.*gunzip/)
    expect(reason(() => parseArtifact({ ...fixtureArtifact(), format: 'other' } as never))).toMatch(/^format/)
    const badKey = fixtureArtifact()
    badKey.factors[2] = { ...badKey.factors[2]!, key: 'Not A Key' }
    expect(reason(() => parseArtifact(badKey))).toBe('factors.2: bad key "Not A Key"')
    const badSource = fixtureArtifact()
    badSource.factors[0] = { ...badSource.factors[0]!, source_id: 'nowhere' }
    expect(reason(() => parseArtifact(badSource))).toMatch(/unknown source_id/)
    const infinite = fixtureArtifact()
    infinite.factors[0] = { ...infinite.factors[0]!, value: Number.POSITIVE_INFINITY }
    expect(reason(() => parseArtifact(infinite))).toMatch(/finite/)
  })
  it('checks only the envelope in envelope mode (snapshots the engine wrote)', () => {
    const badKey = fixtureArtifact()
    badKey.factors[2] = { ...badKey.factors[2]!, key: 'Not A Key' }
    expect(parseArtifact(badKey, 'envelope').factors[2]?.key).toBe('Not A Key')
    expect(reason(() => parseArtifact({ ...fixtureArtifact(), mb_version: 'x' } as never, 'envelope'))).toMatch(/^mb_version/)
  })
})
