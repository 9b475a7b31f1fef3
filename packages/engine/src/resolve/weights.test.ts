import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { LoadedRelease } from '../release/loaded.ts'
import { unitInfo } from './vocab/units.ts'
import { conceptWeight, sourceWeight, unitFitOf } from './weights.ts'

const release = new LoadedRelease(fixtureArtifact())
const at = (key: string) => release.position(key) ?? -1

describe('weights', () => {
  it('counts generic activity words a third', () => {
    expect(conceptWeight('combustion')).toBeCloseTo(0.35)
    expect(conceptWeight('diesel')).toBe(1)
  })
  it('converts material units through published density', () => {
    const tonne = unitInfo('tonne')
    const m2 = unitInfo('m2')
    if (!tonne || !m2) throw new Error('units missing')
    const concrete = release.facts(at('materials.concrete.ready_mix.c30_37'))
    expect(unitFitOf(tonne, concrete)).toBe(0.9)
    expect(unitFitOf(m2, concrete)).toBe(0)
  })
  it('prefers primary totals; per-gas rows only when their gas is named', () => {
    const primary = sourceWeight(release, at('fuels.gb.lpg.litres'), [])
    const secondary = sourceWeight(release, at('fuels.glo.diesel.litre'), [])
    const perGas = at('fuels.gb.diesel_average_biofuel_blend_co2.litres')
    expect(secondary).toBeLessThan(primary)
    expect(sourceWeight(release, perGas, [])).toBeLessThan(sourceWeight(release, perGas, ['co2']))
  })
})
