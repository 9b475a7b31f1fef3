import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { diffReleases } from './diff.ts'

describe('diffReleases', () => {
  it('lists added, removed and changed keys in key order, with old and new values', () => {
    const before = fixtureArtifact()
    const [first, second, ...rest] = before.factors
    if (!first || !second) throw new Error('fixture has too few factors')
    const after = {
      ...before,
      mb_version: '2026.9',
      factors: [{ ...first, value: first.value + 1 }, ...rest, { ...second, key: 'fuels.gb.new_fuel.litres' }],
    }
    const d = diffReleases(before, after)
    expect(d.from).toBe(before.mb_version)
    expect(d.to).toBe('2026.9')
    expect(d.added.map((e) => e.key)).toEqual(['fuels.gb.new_fuel.litres'])
    expect(d.removed.map((e) => e.key)).toEqual([second.key])
    expect(d.changed).toEqual([{ key: first.key, old: expect.objectContaining({ value: first.value }), new: expect.objectContaining({ value: first.value + 1 }) }])
    expect(d.unchanged).toBe(rest.length)
  })
})
