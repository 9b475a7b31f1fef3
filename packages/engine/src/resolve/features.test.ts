import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { LoadedRelease } from '../index/loaded.ts'
import { confidenceInputs, confidenceScore, CONFIDENCE_INPUTS } from './confidence.ts'
import { FEATURES, featureIndex, linearScore } from './features.ts'
import type { FactorRow } from '../release/schema.ts'
import type { ResolveModel } from './model.ts'
import { calibrated } from './model.ts'
import { RESOLVE_MODEL } from './model-data.ts'
import { candidatesOf } from './resolve.ts'
import { ResolveRequestSchema } from './schema.ts'

const release = new LoadedRelease(fixtureArtifact())
const model: ResolveModel = { ...RESOLVE_MODEL, weights: FEATURES.map(() => 0) }

/** The candidates of `description` on `rel`, and a reader of one candidate's features (base by name, or a variant's). */
function features(description: string, hints: { country?: string; unit?: string } = {}, rel: LoadedRelease = release) {
  const { all } = candidatesOf(rel, ResolveRequestSchema.parse({ description, ...hints }), model)
  const of = (key: string) => {
    const s = all.find((c) => rel.rows[c.position]?.key === key)
    if (!s) throw new Error(`${key} is not a candidate of "${description}"`)
    return Object.assign((name: Parameters<typeof featureIndex>[0]) => s.x[featureIndex(name)] ?? 0, {
      variant: (name: string) => s.x[FEATURES.indexOf(`variant_${name}`)] ?? 0,
    })
  }
  return { all, of }
}

describe('features of a (description, factor) pair', () => {
  it('reads geography: exact for the place named, mismatch elsewhere, a country class without a place', () => {
    const texas = features('electricity in Texas')
    expect(texas.of('electricity.us.grid_erct.location')('geo_exact_region')).toBe(1)
    expect(texas.of('electricity.de.grid.average')('geo_mismatch')).toBe(1)
    const none = features('grid electricity')
    expect(none.of('electricity.gb.grid.location')('unplaced_gb_glo')).toBe(1)
  })
  it('reads the unit named: exact, convertible, mismatch', () => {
    const f = features('diesel', { unit: 'litres' })
    expect(f.of('fuels.gb.diesel_average_biofuel_blend.litres')('unit_exact')).toBe(1)
    expect(f.of('fuels.us.diesel_fuel.gallon')('unit_convertible')).toBeGreaterThan(0)
    expect(f.of('fuels.gb.diesel_average_biofuel_blend.tonnes')('unit_mismatch')).toBe(1)
  })
  it('reads a plain distance for a factor per passenger distance as one traveller, apart from other conversions', () => {
    const f = features('taxi', { unit: 'km' }).of('travel.gb.taxis_regular_taxi.passenger_km')
    expect(f('unit_per_traveller')).toBe(1)
    expect(f('unit_convertible')).toBe(0)
    expect(f('unit_exact')).toBe(0)
    // Passenger km named: the exact unit, not a traveller assumed.
    const named = features('taxi', { unit: 'passenger.km' }).of('travel.gb.taxis_regular_taxi.passenger_km')
    expect(named('unit_exact')).toBe(1)
    expect(named('unit_per_traveller')).toBe(0)
  })
  it('reads the unit of a material apart from the unit of other factors', () => {
    const byMass = features('concrete C30/37', { unit: 'tonnes' }).of('materials.concrete.ready_mix.c30_37')
    expect(byMass('material_unit_convertible')).toBeCloseTo(0.9)
    expect(byMass('unit_convertible')).toBe(0)
    const byVolume = features('concrete C30/37', { unit: 'm3' }).of('materials.concrete.ready_mix.c30_37')
    expect(byVolume('material_unit_exact')).toBe(1)
    expect(byVolume('unit_exact')).toBe(0)
  })
  it('measures coverage and the words matched per field', () => {
    const f = features('diesel litres').of('fuels.gb.diesel_average_biofuel_blend.litres')
    expect(f('coverage')).toBe(1)
    expect(f('coverage_full')).toBe(1)
    expect(f('in_name')).toBeGreaterThan(0)
    expect(f('text_rel')).toBeGreaterThan(0)
  })
  it('weights coverage by rarity: the common concept of two counts less', () => {
    // "diesel" is in many rows of the fixture, "HGV" in two: a diesel fuel covers half the concepts
    // but less than half of their rarity.
    const f = features('diesel HGV')
    const fuel = f.of('fuels.gb.diesel_average_biofuel_blend.litres')
    expect(fuel('coverage')).toBe(0.5)
    expect(fuel('coverage_rare')).toBeGreaterThan(0)
    expect(fuel('coverage_rare')).toBeLessThan(0.4)
    expect(f.of('travel.gb.hgv_all_diesel_average_laden.km')('coverage_rare')).toBeCloseTo(1, 9)
    // With one concept it is the coverage.
    expect(features('diesel').of('fuels.gb.diesel_average_biofuel_blend.litres')('coverage_rare')).toBe(1)
  })
  it('marks secondary sources', () => {
    expect(features('diesel litres').of('fuels.glo.diesel.litre')('secondary')).toBe(1)
    expect(features('diesel litres').of('fuels.gb.diesel_average_biofuel_blend.litres')('secondary')).toBe(0)
  })
  it('marks a narrower variant nobody asked for, and not when asked', () => {
    const name = FEATURES.indexOf('variant_wtt')
    expect(name).toBeGreaterThan(0)
    const asked = features('well-to-tank diesel litres').all
    const plain = features('diesel litres').all
    const wttAsked = asked.find((c) => c.x[name] === 1)
    expect(wttAsked).toBeUndefined()
    expect(plain.every((c) => (c.x[featureIndex('variant_asked')] ?? 0) === 0)).toBe(true)
  })
  it('scores linearly with the weights', () => {
    const x = new Float64Array(FEATURES.length)
    x[0] = 2
    x[3] = 1
    const w = FEATURES.map((_f, i) => (i === 0 ? 0.5 : i === 3 ? -1 : 7))
    expect(linearScore(w, x)).toBeCloseTo(0)
  })
})

describe('model and calibration', () => {
  it('has one weight per feature, in the same order', () => {
    expect(RESOLVE_MODEL.features).toEqual(FEATURES)
    expect(RESOLVE_MODEL.weights).toHaveLength(FEATURES.length)
    expect(RESOLVE_MODEL.confidenceWeights).toHaveLength(CONFIDENCE_INPUTS.length)
  })
  it('calibrates monotonically between knots and clamps outside them', () => {
    const c = { x: [0.1, 0.5, 0.9], y: [0.05, 0.4, 0.95] }
    expect(calibrated(c, 0)).toBe(0.05)
    expect(calibrated(c, 1)).toBe(0.95)
    expect(calibrated(c, 0.3)).toBeCloseTo(0.225)
    let last = 0
    for (let p = 0; p <= 1; p += 0.01) {
      const v = calibrated(c, p)
      expect(v).toBeGreaterThanOrEqual(last)
      last = v
    }
  })
  it('gives the top match confidence inputs that grow with its share', () => {
    const { all } = features('diesel litres')
    const top = [...all].sort((a, b) => b.score - a.score)
    const sure = confidenceInputs(top, [0.9, 0.05, 0.01])
    const unsure = confidenceInputs(top, [0.3, 0.2, 0.1])
    expect(sure[1]).toBeGreaterThan(unsure[1] ?? 0)
    const w = CONFIDENCE_INPUTS.map((n) => (n === 'log_p1' ? 1 : 0))
    expect(confidenceScore(w, sure)).toBeGreaterThan(confidenceScore(w, unsure))
  })
})

describe('features of materials and waste routes', () => {
  // The fixture and four rows shaped like the real ones (values made up).
  const artifact = fixtureArtifact()
  const extra = (key: string, name: string, unit: string, more: Partial<FactorRow> = {}): FactorRow => ({ key, name, value: 1, unit, scope: 'scope_3', section: 'Test > Materials', country: key.startsWith('waste.') ? 'gb' : 'glo', region: null, source_id: 'test-primary-2099', cell_ref: "'Test'!Z1", ...more })
  artifact.factors = [
    ...artifact.factors,
    extra('materials.brick.fired_clay.facing', 'Facing brick', 'kg CO2e per m3', { tags: ['Fired brick'] }),
    extra('materials.masonry.glass_block.bricks', 'Glass bricks', 'kg CO2e per m3'),
    extra('materials.construction.aggregates.primary_material_production', 'Material use: Aggregates, primary material production', 'kg CO2e per tonne'),
    extra('waste.gb.construction_aggregates_landfill.tonnes', 'Waste disposal: Construction, Aggregates, Landfill', 'kg CO2e per tonne'),
    extra('materials.steel.reinforcement.wire', 'Reinforcement steel wire', 'kg CO2e per kg', { country: 'de' }),
    extra('materials.metal.metal_steel_cans.primary_material_production', 'Material use: Metal, Steel cans, primary material production', 'kg CO2e per tonne', { country: 'gb' }),
    extra('fuels.au.liquefied_natural_gas.gaseous_scope1_gj', 'Liquefied natural gas: scope 1 emission factor per GJ', 'kg CO2e per GJ', { country: 'au' }),
    extra('fuels.au.natural_gas_distributed_in_a_pipeline.gaseous_scope1_gj', 'Natural gas distributed in a pipeline: scope 1 emission factor per GJ', 'kg CO2e per GJ', { country: 'au' }),
    extra('refrigerants.gb.r290_propane.kg', 'Refrigerant & other: Other products, R290 = propane, per kg', 'kg CO2e per kg', { country: 'gb' }),
    extra('fuels.gb.gaseous_fuels_propane.tonnes', 'Fuels: Gaseous fuels, Propane, per tonne', 'kg CO2e per tonne', { country: 'gb' }),
  ].sort((a, b) => (a.key < b.key ? -1 : 1))
  const withMaterials = new LoadedRelease(artifact)
  const of = (description: string, key: string, unit?: string, country?: string) => features(description, { ...(unit ? { unit } : {}), ...(country ? { country } : {}) }, withMaterials).of(key)
  it('counts a word as found through the tags only where no other field has it', () => {
    // "brick" is in the clay brick's name and its tags: not a tags-only match.
    expect(of('brick', 'materials.brick.fired_clay.facing')('only_in_tags')).toBe(0)
    expect(of('brick', 'materials.brick.fired_clay.facing')('in_name')).toBeGreaterThan(0)
    // "fired" is in its tags alone.
    expect(of('fired', 'materials.brick.fired_clay.facing')('only_in_tags')).toBeGreaterThan(0)
  })
  it('weighs the unit of a waste route nobody asked for apart from other factors', () => {
    const landfill = of('aggregates', 'waste.gb.construction_aggregates_landfill.tonnes', 'tonnes')
    expect(landfill('unasked_waste_unit_exact')).toBe(1)
    expect(landfill('unit_exact')).toBe(0)
    expect(landfill.variant('waste_route')).toBe(1)
    // Asked for ("sent to landfill"), its unit is an exact unit like any other.
    const asked = of('aggregates sent to landfill', 'waste.gb.construction_aggregates_landfill.tonnes', 'tonnes')
    expect(asked('unit_exact')).toBe(1)
    expect(asked('unasked_waste_unit_exact')).toBe(0)
    expect(of('aggregates', 'materials.construction.aggregates.primary_material_production', 'tonnes')('material_unit_exact')).toBe(1)
  })
  it('weighs the kg of a refrigerant apart from other exact units (every refrigerant is per kg)', () => {
    const r290 = of('propane', 'refrigerants.gb.r290_propane.kg', 'kg')
    expect([r290('refrigerant_unit_exact'), r290('unit_exact')]).toEqual([1, 0])
    const fuel = of('propane', 'fuels.gb.gaseous_fuels_propane.tonnes', 'tonnes')
    expect([fuel('refrigerant_unit_exact'), fuel('unit_exact')]).toEqual([0, 1])
    expect(of('propane', 'fuels.gb.gaseous_fuels_propane.tonnes', 'kg')('unit_convertible')).toBeGreaterThan(0)
  })
  it('reads the place of a material apart from the place of other factors', () => {
    const rebar = of('steel rebar', 'materials.steel.reinforcement.wire', 'tonnes', 'GB')
    expect(rebar('material_geo_mismatch')).toBe(1)
    expect(rebar('geo_mismatch')).toBe(0)
    const cans = of('steel rebar', 'materials.metal.metal_steel_cans.primary_material_production', 'tonnes', 'GB')
    expect(cans('material_geo_exact')).toBe(1)
    expect(cans('geo_exact')).toBe(0)
    // Other factors keep the shared place features.
    expect(of('natural gas', 'fuels.au.natural_gas_distributed_in_a_pipeline.gaseous_scope1_gj', 'GJ', 'AU')('geo_exact')).toBe(1)
  })
  it('marks liquefied, compressed and unprocessed natural gas as a variant nobody asked for, unless asked', () => {
    expect(of('natural gas', 'fuels.au.liquefied_natural_gas.gaseous_scope1_gj', 'GJ', 'AU').variant('processed_gas')).toBe(1)
    expect(of('natural gas', 'fuels.au.natural_gas_distributed_in_a_pipeline.gaseous_scope1_gj', 'GJ', 'AU').variant('processed_gas')).toBe(0)
    expect(of('liquefied natural gas', 'fuels.au.liquefied_natural_gas.gaseous_scope1_gj', 'GJ', 'AU').variant('processed_gas')).toBe(0)
  })
})
