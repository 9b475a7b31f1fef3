/**
 * Snapshot bytes: the engine's own snapshot (rows packed by column) as UTF-8 JSON, whatever the
 * downloaded JSON looked like; they restore to an engine that answers the same.
 */
import { describe, expect, it } from 'vitest'
import { createEngine, type ReleaseArtifact } from '@openfactors/engine'
import { engineHost } from './engine-host.ts'
import { testArtifact } from '../test/harness/test-release.ts'

const unsorted = testArtifact('2026.2', '2026-10-01', 2)
const sorted: ReleaseArtifact = { ...unsorted, factors: [...unsorted.factors].sort((a, b) => (a.key < b.key ? -1 : 1)) }

function roundTrip(json: string) {
  const engine = createEngine()
  const host = engineHost(engine)
  expect(host.load(new TextEncoder().encode(json))).toBe('2026.2')
  const bytes = host.snapshotBytes('2026.2')
  const text = new TextDecoder().decode(bytes)
  const restored = createEngine()
  engineHost(restored).restore(JSON.parse(text))
  return { engine, restored, text }
}

describe('engineHost snapshots', () => {
  it.each([
    ['rows sorted by key (as the corpus writes them)', JSON.stringify(sorted)],
    ['pretty-printed JSON', JSON.stringify(sorted, null, 2)],
    ['rows in another order (the engine re-sorts)', JSON.stringify(unsorted)],
  ])('%s', (_case, json) => {
    const { engine, restored, text } = roundTrip(json)
    expect(text).toBe(JSON.stringify(engine.snapshot('2026.2')))
    expect(JSON.parse(text)).toMatchObject({ rows: { count: sorted.factors.length } })
    for (const key of ['fuels.gb.diesel.litres', 'electricity.fr.grid.location_based', 'materials.steel.rebar.test']) {
      expect(restored.lookup(key)).toEqual(engine.lookup(key))
    }
    expect(restored.resolve({ description: 'petrol in Germany' })).toEqual(engine.resolve({ description: 'petrol in Germany' }))
  })

  it('bytes that are not JSON fail as the engine says (release_invalid)', () => {
    const host = engineHost(createEngine())
    expect(() => host.load(new TextEncoder().encode('{not json'))).toThrow(expect.objectContaining({ code: 'release_invalid' }))
  })
})
