import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { createEngine } from '../engine.ts'
import type { FactorRow } from '../release/schema.ts'

/** The fixture plus rows that exercise units, zone codes and "except" names. */
function engineWith(extra: Array<Pick<FactorRow, 'key' | 'name' | 'unit'> & Partial<FactorRow>>) {
  const base = fixtureArtifact()
  const template = base.factors[0] as FactorRow
  const rows = extra.map((r, i): FactorRow => ({ ...template, section: 'Extra', country: r.key.split('.')[1] ?? 'gb', cell_ref: `'Extra'!A${i + 1}`, gases: undefined, ...r }))
  const engine = createEngine()
  engine.load({ ...base, factors: [...base.factors, ...rows] })
  return engine
}

const engine = engineWith([
  { key: 'fuels.us.lpg.gallon_co2', name: 'LPG: CO2 per gallon (US)', unit: 'kg CO2 per gallon (US)', source_id: 'test-us-2099' },
  { key: 'spend.us.naics_339940_office_supplies_except_paper.with_margins', name: 'Office Supplies (except Paper) Manufacturing', unit: 'kg CO2e per USD', source_id: 'test-us-2099' },
  { key: 'spend.us.naics_322121_paper_mills.with_margins', name: 'Paper (except Newsprint) Mills, integrated and non-integrated', unit: 'kg CO2e per USD', source_id: 'test-us-2099' },
  { key: 'spend.us.naics_322230_stationery.with_margins', name: 'Stationery Product Manufacturing', unit: 'kg CO2e per USD', source_id: 'test-us-2099' },
  { key: 'electricity.us.grid_us_car_sceg.location_emaps', name: 'Electricity grid average, South Carolina Electric & Gas Company (US-CAR-SCEG)', unit: 'kg CO2e per kWh', tags: ['US-CAR-SCEG'], source_id: 'test-grid-2099' },
])

describe('unit_match', () => {
  it('is unspecified when no unit is named, exact for the unit named', () => {
    expect(engine.resolve({ description: 'LPG' }).matches[0]?.unit_match).toBe('unspecified')
    expect(engine.resolve({ description: 'LPG litres' }).matches[0]).toMatchObject({ key: 'fuels.gb.lpg.litres', unit_match: 'exact' })
  })
  it('puts a factor in the unit named first, per-gas rows included (text or hint)', () => {
    for (const req of [{ description: 'LPG gallons' }, { description: 'LPG', unit: 'gallon' }]) {
      const matches = engine.resolve(req).matches
      expect(matches[0]).toMatchObject({ key: 'fuels.us.lpg.gallon_co2', unit_match: 'exact' })
      // The litre total is still offered, and says its unit only converts.
      expect(matches.find((m) => m.key === 'fuels.gb.lpg.litres')?.unit_match).toBe('convertible')
    }
  })
  it('says convertible or mismatch when nothing is in the unit named', () => {
    const m3 = engine.resolve({ description: 'diesel', unit: 'm3' }).matches[0]
    expect(m3).toMatchObject({ unit_match: 'convertible' })
    expect(m3?.key).toMatch(/^fuels\.[a-z]+\.diesel/)
    const freight = engine.resolve({ description: 'LPG', unit: 'tonne.km' }).matches
    expect(freight[0]?.unit_match).toBe('mismatch')
    // A unit that does not fit lowers the confidence of the same answer.
    const fits = engine.resolve({ description: 'LPG', unit: 'litres' }).matches
    expect(freight[0]?.confidence).toBeLessThan(fits[0]?.confidence ?? 0)
    expect(freight[0]?.explanation.unit).toMatchObject({ read: 'tonne.km', from: 'hint', unit_match: 'mismatch' })
  })
  it('reads a unit written in the text the same way as the hint', () => {
    expect(engine.resolve({ description: 'EV charging UK kWh' }).matches[0]).toMatchObject({ key: 'electricity.gb.grid.location', unit_match: 'exact' })
  })
})

describe('words that do not say what a factor is', () => {
  it('a zone code fragment (US-CAR) is not the word "car"', () => {
    expect(engine.resolve({ description: 'car' }).matches.map((m) => m.key)).not.toContain('electricity.us.grid_us_car_sceg.location_emaps')
    expect(engine.resolve({ description: 'electric car charging kWh' }).matches[0]?.key).toBe('electricity.gb.grid.location')
  })
  it('a name "except X" does not match X', () => {
    expect(engine.resolve({ description: 'paper $' }).matches[0]?.key).toBe('spend.us.naics_322121_paper_mills.with_margins')
    // "office paper" is stationery; the office supplies that are not paper are no answer.
    const paper = engine.resolve({ description: 'paper $' }).matches[0]
    expect(paper?.explanation.unit).toMatchObject({ read: 'usd', from: 'text' })
    const office = engine.resolve({ description: 'office paper $' }).matches.map((m) => m.key)
    expect(office[0]).toMatch(/^spend\.us\.naics_(322230_stationery|322121_paper_mills)\./)
    expect(office).not.toContain('spend.us.naics_339940_office_supplies_except_paper.with_margins')
  })
})
