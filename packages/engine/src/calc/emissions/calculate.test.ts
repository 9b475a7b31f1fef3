import { describe, expect, it } from 'vitest'
import { isEngineError, type EngineError } from '../../errors.ts'
import type { FactorRow } from '../../release/schema.ts'
import { verifyReceipt } from '../receipt/verify.ts'
import { TEST_EDITION, testView } from '../../../test/calc-view.ts'
import { calculateEmissions } from './calculate.ts'
import type { Candidate, EmissionsDeps } from './line.ts'
import { EMISSIONS_MAX_ACTIVITIES, EmissionsResponseSchema } from './schema.ts'

// Test vectors: round made-up values, not dataset values.
function row(key: string, value: number, unit: string, scope: FactorRow['scope'], extra: Partial<FactorRow> = {}): FactorRow {
  return { key, name: key, value, unit, scope, section: 'Test', country: key.split('.')[1] ?? 'glo', source_id: TEST_EDITION.id, cell_ref: `test.csv#${key}`, ...extra }
}

const ROWS: FactorRow[] = [
  row('fuels.gb.test_diesel.litres', 2.5, 'kg CO2e per litre', 'scope_1', {
    gases: { co2: { value: 2.4, cell_ref: 'test.csv#co2' }, ch4: { value: 0.02, cell_ref: 'test.csv#ch4' }, n2o: { value: 0.08, cell_ref: 'test.csv#n2o' } },
  }),
  row('fuels.gb.test_diesel.kwh_gross_cv', 0.25, 'kg CO2e per kWh (Gross CV)', 'scope_1'),
  row('fuels.gb.test_diesel.kwh_net_cv', 0.3, 'kg CO2e per kWh (Net CV)', 'scope_1'),
  row('fuels.gb.test_diesel.tonnes', 3000, 'kg CO2e per tonne', 'scope_1'),
  row('fuels.gb.test_diesel.wtt_litres', 0.6, 'kg CO2e per litre', 'scope_3'),
  row('fuels.gb.test_diesel.outside_scopes_litres_co2', 0.2, 'kg CO2e per litre', 'outside_scopes'),
  row('electricity.us.test_grid.kwh', 0.4, 'kg CO2e per kWh', 'scope_2'),
  row('transport.gb.test_car.km', 3, 'kg CO2e per km', 'scope_1'),
  row('spend.us.test_furniture.usd', 0.3, 'kg CO2e per USD (2022, purchaser price)', 'scope_3'),
  row('fuels.us.test_gas.stationary_mmbtu_ch4', 0.001, 'kg CH4 per mmBtu', 'scope_1'),
  row('fuels.us.test_gas.stationary_mmbtu_co2', 53, 'kg CO2 per mmBtu', 'scope_1'),
  row('heat_steam.gb.test_heat.kwh', 0.17, 'kg CO2e per kWh', null),
  row('spend.us.test_furniture.margins', 0.05, 'kg CO2e per USD (2022, purchaser price)', 'scope_3', { kind: 'component' }),
  row('transport.gb.test_rail.passenger_km', 0.04, 'kg CO2e per passenger.km', 'scope_3'),
  row('homeworking.gb.test_heating.fte_working_hour', 0.3, 'kg CO2e per FTE working hour', 'scope_3'),
  row('materials.steel.test_rebar.generic', 1.5, 'kg CO2e per kg', null, { country: 'de' }),
  row('materials.metal.test_cans.primary', 2900, 'kg CO2e per tonne', 'scope_3'),
]

const RESOLUTIONS: Record<string, Candidate[]> = {
  'diesel for vans': [{ key: 'fuels.gb.test_diesel.litres', confidence: 0.95, geo_match: 'exact', unit_match: 'exact' }],
  'grid electricity texas': [{ key: 'electricity.us.test_grid.kwh', confidence: 0.6, geo_match: 'region', unit_match: 'exact' }],
  'diesel generator': [
    { key: 'fuels.us.test_gas.stationary_mmbtu_co2', confidence: 0.8, geo_match: 'mismatch', unit_match: 'exact' },
    { key: 'fuels.gb.test_diesel.kwh_gross_cv', confidence: 0.6, geo_match: 'exact', unit_match: 'convertible' },
  ],
  'train travel': [{ key: 'transport.gb.test_rail.passenger_km', confidence: 0.97, geo_match: 'exact', unit_match: 'convertible' }],
  'air freight': [
    { key: 'fuels.us.test_gas.stationary_mmbtu_co2', confidence: 0.99, geo_match: 'exact', unit_match: 'exact' },
    { key: 'heat_steam.gb.test_heat.kwh', confidence: 0.01, geo_match: 'global', unit_match: 'convertible' },
  ],
  'home working': [{ key: 'homeworking.gb.test_heating.fte_working_hour', confidence: 0.9, geo_match: 'exact', unit_match: 'convertible' }],
  'steel rebar': [
    { key: 'materials.steel.test_rebar.generic', confidence: 0.9, geo_match: 'mismatch', unit_match: 'convertible' },
    { key: 'materials.metal.test_cans.primary', confidence: 0.1, geo_match: 'exact', unit_match: 'exact' },
  ],
  'car fuel': [
    { key: 'transport.gb.test_car.km', confidence: 0.7, geo_match: 'exact', unit_match: 'none' },
    { key: 'fuels.gb.test_diesel.litres', confidence: 0.5, geo_match: 'exact', unit_match: 'exact' },
  ],
}

function setup() {
  const view = testView(ROWS)
  const calls: string[] = []
  const deps: EmissionsDeps = {
    resolve(description, unit) {
      calls.push(`${description}|${unit}`)
      return RESOLUTIONS[description] ?? []
    },
    family: (key) => ROWS.filter((r) => r.key.slice(0, r.key.lastIndexOf('.')) === key.slice(0, key.lastIndexOf('.'))),
    acceptAt: 0.9,
    acceptAtSpend: 1,
  }
  const run = (activities: unknown[], extra: Record<string, unknown> = {}) => calculateEmissions({ activities, ...extra }, view, deps)
  return { run, calls }
}

const key = (factor_key: string, value: number, unit: string, extra: Record<string, unknown> = {}) => ({ factor_key, quantity: { value, unit }, ...extra })
const text = (description: string, value: number, unit: string, extra: Record<string, unknown> = {}) => ({ description, quantity: { value, unit }, ...extra })

function thrown(fn: () => unknown): EngineError {
  try {
    fn()
  } catch (e) {
    if (isEngineError(e)) return e
    throw e
  }
  throw new Error('expected an EngineError')
}

describe('emissions lines', () => {
  it('1,200 litres x 2.5 kg CO2e/litre = 3,000 kg, with the per-gas parts and the scope', () => {
    const { run } = setup()
    const res = run([key('fuels.gb.test_diesel.litres', 1200, 'litres', { id: 'van' })])
    const line = res.activities[0]!
    expect(line).toMatchObject({
      id: 'van',
      factor: { key: 'fuels.gb.test_diesel.litres', value: 2.5, unit: 'kg CO2e per litre', source: { id: TEST_EDITION.id, cell_ref: 'test.csv#fuels.gb.test_diesel.litres', data_version: '2026.1' } },
      quantity: { value: 1200, unit: 'litres' },
      factor_quantity: { value: 1200, unit: 'litre' },
      conversion: { from: 'litres', to: 'litre', multiplier: 1 },
      emissions: { value: 3000, unit: 'kg CO2e' },
      gases: { co2: 2880, ch4: 24, n2o: 96 },
      scope: 'scope_1',
    })
    expect(res.result).toEqual({ emissions: { value: 3000, unit: 'kg CO2e' }, by_scope: { scope_1: 3000, scope_2: 0, scope_3: 0 }, counts: { activities: 1, computed: 1, needs_review: 0, failed: 0 } })
  })

  it('converts units exactly: 10 US gallons = 37.85411784 litres; 2 m3 = 2,000 litres; 100 miles = 160.9344 km', () => {
    const { run } = setup()
    const res = run([
      key('fuels.gb.test_diesel.litres', 10, 'US gallons'),
      key('fuels.gb.test_diesel.litres', 2, 'm3'),
      key('transport.gb.test_car.km', 100, 'miles'),
    ])
    expect(res.activities.map((a) => a.factor_quantity?.value)).toEqual([37.85411784, 2000, 160.9344])
    expect(res.activities.map((a) => a.emissions?.value)).toEqual([94.6352946, 5000, 482.8032])
    expect(res.audit.conversions_used).toEqual(expect.arrayContaining([
      expect.objectContaining({ from: 'US gallons', to: 'litre', multiplier: '3.785411784', lines: 1, cites: expect.arrayContaining([expect.stringContaining('NIST Special Publication 811')]) }),
    ]))
  })

  it('an ambiguous unit is read as the line\'s country settles it: gallons are US on a US line, imperial on a GB one', () => {
    const { run } = setup()
    const res = run([
      key('fuels.gb.test_diesel.litres', 10, 'gallons', { country: 'US' }),
      key('fuels.gb.test_diesel.litres', 10, 'gallons', { country: 'GB' }),
      key('fuels.gb.test_diesel.litres', 10, 'gallons', { country: 'DE' }),
    ])
    const [us, gb, de] = res.activities
    expect(us!.factor_quantity!.value).toBe(37.85411784)
    expect(gb!.factor_quantity!.value).toBe(45.4609)
    expect((us!.warnings ?? []).map((w) => w.code)).toEqual(['unit_read_for_country'])
    expect(de!.error).toMatchObject({ code: 'unit_not_convertible', choices: ['gallon (US)', 'gallon (UK)'] })
  })

  it('no float artefacts: 0.1 km x 3 is 0.3, and 1.1 x 2.5 is 2.75', () => {
    const { run } = setup()
    const res = run([key('transport.gb.test_car.km', 0.1, 'km'), key('fuels.gb.test_diesel.litres', 1.1, 'l')])
    expect(res.activities.map((a) => a.emissions?.value)).toEqual([0.3, 2.75])
    expect(res.result.emissions.value).toBe(3.05)
  })

  it('energy for a per-litre fuel uses the published kWh sibling row, never a density', () => {
    const { run } = setup()
    const res = run([
      key('fuels.gb.test_diesel.litres', 1000, 'kWh'),
      key('fuels.gb.test_diesel.litres', 1, 'MWh (Net CV)'),
      key('fuels.gb.test_diesel.litres', 2, 'tonnes'),
      key('fuels.gb.test_diesel.wtt_litres', 1000, 'kWh'),
    ])
    const [gross, net, mass, wtt] = res.activities
    expect(gross).toMatchObject({ factor: { key: 'fuels.gb.test_diesel.kwh_gross_cv' }, emissions: { value: 250 }, conversion: { via_sibling: { requested_key: 'fuels.gb.test_diesel.litres' } } })
    expect(gross!.warnings?.map((w) => w.code)).toEqual(['energy_basis_assumed'])
    expect(net).toMatchObject({ factor: { key: 'fuels.gb.test_diesel.kwh_net_cv' }, factor_quantity: { value: 1000 }, emissions: { value: 300 } })
    expect(mass).toMatchObject({ factor: { key: 'fuels.gb.test_diesel.tonnes' }, emissions: { value: 6000 } })
    // wtt_litres has no wtt kWh sibling: it is not converted through the combustion rows
    expect(wtt!.error).toMatchObject({ code: 'unit_not_convertible' })
  })

  it('per-line errors are kept on the line and left out of the totals', () => {
    const { run } = setup()
    const res = run([
      key('fuels.gb.test_diesel.litres', 100, 'litres'),
      key('fuels.gb.test_diesel.litre', 100, 'litres'),
      key('fuels.gb.test_diesel.litres', 100, 'gallons'),
      key('spend.us.test_furniture.usd', 100, 'EUR'),
      key('fuels.us.test_gas.stationary_mmbtu_ch4', 10, 'MMBtu'),
      key('transport.gb.test_car.km', 5, 'kWh'),
      text('something nobody has', 1, 'kg'),
      key('fuels.gb.test_diesel.litres', 1, 'furlongs'),
      key('spend.us.test_furniture.margins', 100, 'USD'),
    ])
    const errors = res.activities.map((a) => a.error?.code ?? null)
    expect(errors).toEqual([null, 'unknown_factor', 'unit_not_convertible', 'unit_not_convertible', 'unit_not_convertible', 'unit_not_convertible', 'not_resolved', 'unit_not_convertible', 'unknown_factor'])
    expect(res.activities[8]!.error!.message).toContain('is a component row, not an emission factor')
    expect(res.activities[1]!.error).toMatchObject({ candidates: expect.arrayContaining(['fuels.gb.test_diesel.litres']) })
    expect(res.activities[2]!.error).toMatchObject({ choices: ['gallon (US)', 'gallon (UK)'], message: expect.stringContaining('ambiguous') })
    expect(res.activities[3]!.error!.message).toContain('no exchange rates')
    expect(res.activities[4]!.error!.message).toContain('not CO2e')
    expect(res.activities[1]!.emissions).toBeUndefined()
    expect(res.result.counts).toEqual({ activities: 9, computed: 1, needs_review: 0, failed: 8 })
    expect(res.result.emissions.value).toBe(250)
  })

  it('a CO2-only factor counts with a warning; spend factors warn about their price year', () => {
    const { run } = setup()
    const res = run([key('fuels.us.test_gas.stationary_mmbtu_co2', 10, 'MMBtu'), key('spend.us.test_furniture.usd', 12400, 'USD')])
    expect(res.activities[0]).toMatchObject({ emissions: { value: 530 }, warnings: [{ code: 'co2_only' }] })
    expect(res.activities[1]).toMatchObject({ emissions: { value: 3720 }, warnings: [{ code: 'price_year', message: expect.stringContaining('2022') }] })
  })

  it('totals by scope; outside_scopes and unscoped lines are reported apart from the scopes', () => {
    const { run } = setup()
    const res = run([
      key('fuels.gb.test_diesel.litres', 10, 'l'),
      key('electricity.us.test_grid.kwh', 100, 'kWh'),
      key('fuels.gb.test_diesel.wtt_litres', 10, 'l'),
      key('fuels.gb.test_diesel.outside_scopes_litres_co2', 10, 'l'),
      key('heat_steam.gb.test_heat.kwh', 100, 'kWh'),
    ])
    expect(res.result.by_scope).toEqual({ scope_1: 25, scope_2: 40, scope_3: 6, outside_scopes: 2, unscoped: 17 })
    expect(res.result.emissions.value).toBe(88)
  })
})

describe('descriptions', () => {
  it('resolves with the quantity unit as hint, records confidence and decision, counts review lines, memoises repeats', () => {
    const { run, calls } = setup()
    const res = run([
      text('diesel for vans', 100, 'litres'),
      text('grid electricity texas', 35, 'MWh', { country: 'us' }),
      text('diesel for vans', 50, 'litres'),
      text('diesel for vans', 50, 'litres'),
    ])
    expect(calls).toEqual(['diesel for vans|litres', 'grid electricity texas|MWh'])
    expect(res.activities[0]!.resolved).toEqual({ description: 'diesel for vans', confidence: 0.95, decision: 'accept', geo_match: 'exact', unit_match: 'exact', rank: 0 })
    expect(res.activities[1]).toMatchObject({ resolved: { decision: 'review' }, factor_quantity: { value: 35000, unit: 'kWh' }, emissions: { value: 14000 } })
    expect(res.result.counts).toEqual({ activities: 4, computed: 4, needs_review: 1, failed: 0 })
    // The threshold the decisions were made with is the release model's, and the audit says which.
    expect(res.audit.decision_threshold).toBe(0.9)
    expect(res.audit.decision_threshold_spend).toBe(1)
  })

  it('resolves lines that differ only by a bookkeeping reference once, each keeping its own text', () => {
    const { run, calls } = setup()
    const res = run([
      text('diesel for vans ref 3-61', 100, 'litres'),
      text('diesel for vans invoice 4411', 50, 'litres'),
      text('INV-2231 diesel for vans', 50, 'litres'),
      text('invoice 4411', 5, 'litres'),
    ])
    // Resolve reads past references (docs/resolve.md), so it is asked the text it reads, once; a line
    // that is only a reference is asked as written (and answered the same way for every such line).
    expect(calls).toEqual(['diesel for vans|litres', 'invoice 4411|litres'])
    expect(res.activities.slice(0, 3).map((a) => a.resolved?.description)).toEqual(['diesel for vans ref 3-61', 'diesel for vans invoice 4411', 'INV-2231 diesel for vans'])
    expect(res.activities.slice(0, 3).map((a) => a.factor?.key)).toEqual(['fuels.gb.test_diesel.litres', 'fuels.gb.test_diesel.litres', 'fuels.gb.test_diesel.litres'])
    expect(res.activities[3]?.error?.code).toBe('not_resolved')
  })

  it('takes the best match whose unit the quantity reaches', () => {
    const { run } = setup()
    const res = run([text('car fuel', 40, 'litres')])
    expect(res.activities[0]).toMatchObject({ factor: { key: 'fuels.gb.test_diesel.litres' }, resolved: { rank: 1, confidence: 0.5, decision: 'review' } })
  })
})

describe('choosing among the usable matches', () => {
  it('a match for the place asked and in CO2e goes before a better-ranked one for another country in CO2 only', () => {
    const { run } = setup()
    const res = run([text('diesel generator', 1, 'MMBtu', { country: 'GB' })])
    expect(res.activities[0]).toMatchObject({ factor: { key: 'fuels.gb.test_diesel.kwh_gross_cv' }, resolved: { rank: 1, geo_match: 'exact' } })
    expect(res.activities[0]!.factor_quantity!.value).toBe(293.071070172)
  })

  it('a match for the place asked in CO2 only goes before a global one in CO2e', () => {
    const { run } = setup()
    const res = run([text('air freight', 2, 'MMBtu', { country: 'US' })])
    expect(res.activities[0]).toMatchObject({ factor: { key: 'fuels.us.test_gas.stationary_mmbtu_co2' }, resolved: { rank: 0 }, emissions: { value: 106 } })
  })

  it('a material\'s place missed is no penalty: it is not swapped for another material of the place asked', () => {
    const { run } = setup()
    const res = run([text('steel rebar', 3.2, 'tonnes', { country: 'GB' })])
    expect(res.activities[0]).toMatchObject({ factor: { key: 'materials.steel.test_rebar.generic' }, resolved: { rank: 0, geo_match: 'mismatch' }, emissions: { value: 4800 } })
  })
})

describe('travel in a plain distance', () => {
  it('is one traveller\'s for a factor per passenger distance, with a warning', () => {
    const { run } = setup()
    const res = run([text('train travel', 3200, 'km'), text('train travel', 100, 'miles')])
    const [km, miles] = res.activities
    expect(km).toMatchObject({ factor: { key: 'transport.gb.test_rail.passenger_km' }, factor_quantity: { value: 3200, unit: 'passenger.km' }, emissions: { value: 128 } })
    expect((km!.warnings ?? []).map((w) => w.code)).toEqual(['one_traveller_assumed'])
    expect(miles!.factor_quantity!.value).toBe(160.9344)
  })

  it('and hours on a factor per FTE working hour are one worker\'s; days stay an error', () => {
    const { run } = setup()
    const res = run([text('home working', 2000, 'hours'), text('home working', 10, 'days')])
    const [hours, days] = res.activities
    expect(hours).toMatchObject({ factor_quantity: { value: 2000, unit: 'FTE working hour' }, emissions: { value: 600 } })
    expect((hours!.warnings ?? []).map((w) => w.code)).toEqual(['one_worker_assumed'])
    expect(days!.error).toMatchObject({ code: 'unit_not_convertible' })
  })
})

describe('whole-request errors', () => {
  it('422 when no line can be calculated: the first failure\'s code, with the failed lines', () => {
    const { run } = setup()
    const one = thrown(() => run([key('fuels.gb.test_diesel.litre', 1, 'l')]))
    expect(one.code).toBe('unknown_factor')
    expect(one.data).toMatchObject({ keys: ['fuels.gb.test_diesel.litre'], lines: [{ id: '0', code: 'unknown_factor' }] })
    const unresolved = thrown(() => run([text('nothing at all', 1, 'kg'), text('nothing again', 1, 'kg')]))
    expect(unresolved.code).toBe('not_resolved')
    expect(unresolved.data).toMatchObject({ descriptions: ['nothing at all', 'nothing again'] })
    expect(thrown(() => run([key('transport.gb.test_car.km', 1, 'kWh')])).code).toBe('unit_not_convertible')
  })

  it.each([
    [[{ factor_key: 'a.b.c.d', description: 'x', quantity: { value: 1, unit: 'kg' } }], 'activities.0.description'],
    [[{ quantity: { value: 1, unit: 'kg' } }], 'activities.0.factor_key'],
    [[key('a.b.c.d', -1, 'kg')], 'activities.0.quantity.value'],
    [[key('a.b.c.d', 1, '')], 'activities.0.quantity.unit'],
    [[{ ...key('a.b.c.d', 1, 'kg'), extra: 1 }], 'activities.0'],
    [[], 'activities'],
  ])('bad input is invalid_request naming the field (%#)', (activities, path) => {
    const { run } = setup()
    const e = thrown(() => run(activities as unknown[]))
    expect(e.code).toBe('invalid_request')
    expect(e.data).toMatchObject({ issues: [expect.objectContaining({ path })] })
  })

  it('validation errors stay bounded: at most 20 issues and the count, and a cap on activities', () => {
    const { run } = setup()
    const bad = Array.from({ length: 5_000 }, () => ({ quantity: { value: -1, unit: '' } }))
    const e = thrown(() => run(bad))
    expect(e.code).toBe('invalid_request')
    const data = e.data as { issues: unknown[]; issues_count?: number }
    expect(data.issues).toHaveLength(20)
    expect(data.issues_count).toBe(15_000)
    const tooMany = thrown(() => run(Array.from({ length: EMISSIONS_MAX_ACTIVITIES + 1 }, () => key('a.b.c.d', 1, 'kg'))))
    expect(tooMany.data).toMatchObject({ issues: [{ path: 'activities' }] })
  })
})

describe('emissions response', () => {
  it('matches EmissionsResponseSchema exactly, carries audit, attribution and a receipt that verifies', () => {
    const { run } = setup()
    const res = run([key('fuels.gb.test_diesel.litres', 1200, 'litres'), text('diesel for vans', 10, 'l'), key('nope.gb.x.y', 1, 'kg')], { as_of: '2026.1' })
    const json = JSON.parse(JSON.stringify(res)) as Record<string, unknown>
    expect(EmissionsResponseSchema.parse(json)).toEqual(json)
    expect(res.meta).toMatchObject({ data_version: '2026.1', as_of: '2026.1' })
    expect(res.audit.factors_used).toEqual([expect.objectContaining({ key: 'fuels.gb.test_diesel.litres', used_for: 'activities 0, 1', source: expect.objectContaining({ title: TEST_EDITION.title }) })])
    expect(res.attribution.credits.map((c) => c.source_id)).toEqual([TEST_EDITION.id])
    expect(verifyReceipt(json)).toMatchObject({ valid: true })
    const tampered = structuredClone(json) as { result: { emissions: { value: number } } }
    tampered.result.emissions.value = 1
    expect(verifyReceipt(tampered)).toMatchObject({ valid: false })
    // Same request, same data: same receipt.
    expect(run([key('fuels.gb.test_diesel.litres', 1200, 'litres'), text('diesel for vans', 10, 'l'), key('nope.gb.x.y', 1, 'kg')]).receipt).toEqual(res.receipt)
  })
})
