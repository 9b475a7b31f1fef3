import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { LoadedRelease } from '../index/loaded.ts'
import { unitInfo } from '../text/units.ts'
import { conceptWeight, isGeneralRow, ownNameTerms, placeTermsInName, unitFitOf } from './weights.ts'

const release = new LoadedRelease(fixtureArtifact())
const at = (key: string) => release.position(key) ?? -1

describe('weights', () => {
  it('counts generic activity words a third', () => {
    expect(conceptWeight('combustion')).toBeCloseTo(0.35)
    expect(conceptWeight('diesel')).toBe(1)
    // Who travels and why: US EPA names every mode of its travel table with them.
    for (const word of ['business', 'employee', 'commuting', 'staff']) expect(conceptWeight(word)).toBeCloseTo(0.35)
    expect(conceptWeight('bus')).toBe(1)
  })
  it('converts material units through published density', () => {
    const tonne = unitInfo('tonne')
    const m2 = unitInfo('m2')
    if (!tonne || !m2) throw new Error('units missing')
    const concrete = release.facts(at('materials.concrete.ready_mix.c30_37'))
    expect(unitFitOf(tonne, concrete)).toBe(0.9)
    expect(unitFitOf(m2, concrete)).toBe(0)
  })
})

describe('name-based weights over UK-style names', () => {
  const base = fixtureArtifact()
  const extra = (key: string, name: string, section: string) => ({ ...base.factors[0]!, key, name, section, cell_ref: `'X'!${key}` })
  const uk = new LoadedRelease({
    ...base,
    factors: [
      ...base.factors,
      extra('fuels.gb.liquid_fuels_fuel_oil.tonnes', 'Fuels: Liquid fuels, Fuel oil, per tonne', 'Fuels > Liquid fuels > Fuel oil'),
      extra('fuels.gb.liquid_fuels_processed_fuel_oils_distillate_oil.tonnes', 'Fuels: Liquid fuels, Processed fuel oils - distillate oil, per tonne', 'Fuels > Liquid fuels > Processed fuel oils - distillate oil'),
      extra('electricity.au.nsw_act.location_scope2_kwh', 'New South Wales and Australian Capital Territory: scope 2 emission factor per kWh', 'NGA Factors > Scope 2 electricity'),
      extra('transport.gb.cars_by_size_average_car_unknown.km', 'Passenger vehicles: Cars (by size), Average car, Unknown, per km', 'Passenger vehicles > Cars (by size) > Average car > Unknown'),
      extra('transport.gb.cars_by_size_average_car_petrol.km', 'Passenger vehicles: Cars (by size), Average car, Petrol, per km', 'Passenger vehicles > Cars (by size) > Average car > Petrol'),
    ],
  })
  const pos = (key: string) => uk.position(key) ?? -1
  it('counts the words of a name beyond its section parents (the last step is the factor itself)', () => {
    expect(ownNameTerms(uk, pos('fuels.gb.liquid_fuels_fuel_oil.tonnes'))).toBeLessThan(ownNameTerms(uk, pos('fuels.gb.liquid_fuels_processed_fuel_oils_distillate_oil.tonnes')))
  })
  it('finds the place words a name carries', () => {
    expect(placeTermsInName(uk, pos('electricity.au.nsw_act.location_scope2_kwh'))).toBeGreaterThanOrEqual(4)
    expect(placeTermsInName(uk, pos('fuels.gb.liquid_fuels_fuel_oil.tonnes'))).toBe(0)
  })
  it('marks the catch-all sibling ("Unknown" fuel), a feature of the ranker', () => {
    expect(isGeneralRow(uk, pos('transport.gb.cars_by_size_average_car_unknown.km'))).toBe(true)
    expect(isGeneralRow(uk, pos('transport.gb.cars_by_size_average_car_petrol.km'))).toBe(false)
  })
})

describe('the columns of a source table', () => {
  const base = fixtureArtifact()
  const row = (key: string, name: string, section: string, source_id: string) => ({ ...base.factors[0]!, key, name, section, source_id, unit: 'kg CO2e per tonne', cell_ref: `'X'!${key}` })
  // 20 UK material-use rows share the method "primary_material_production" (a column of the table);
  // one ÖKOBAUDAT-style row's method names the product.
  const materials = ['glass', 'wood', 'tyres', 'plasterboard', 'bricks', 'asphalt', 'aggregates', 'concrete', 'insulation', 'metals', 'books', 'clothing', 'compost', 'mineral oil', 'batteries', 'asbestos', 'soils', 'food', 'plastics', 'paper']
  const release = new LoadedRelease({
    ...base,
    factors: [
      ...base.factors,
      ...materials.map((m) => row(`materials.other.${m.replace(' ', '_')}.primary_material_production`, `Material use: Other, ${m}, Primary material production, per tonne`, `Material use > Other > ${m}`, 'uk-test')),
      row('materials.masonry.glass_block.bricks', 'Glass bricks', 'Mineral building products > Bricks, blocks and elements > Glass block', 'de-test'),
      row('materials.other.glass.closed_loop_source', 'Material use: Other, Glass, Closed-loop source, per tonne', 'Material use > Other > Glass', 'uk-test'),
    ],
  })
  const pos = (key: string) => release.position(key) ?? -1
  it("does not count the words of a method many rows of its source share: they say how the table is laid out, not what the row is", () => {
    // "Glass, Primary material production" is no more specific than "Glass bricks" ("bricks" is in its section's parents).
    expect(ownNameTerms(release, pos('materials.other.glass.primary_material_production'))).toBe(1)
    expect(ownNameTerms(release, pos('materials.masonry.glass_block.bricks'))).toBe(1)
    // A method of one row only is what that row is: its words still count.
    expect(ownNameTerms(release, pos('materials.other.glass.closed_loop_source'))).toBe(4)
  })
})
