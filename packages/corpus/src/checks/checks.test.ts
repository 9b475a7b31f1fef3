import { describe, expect, it } from 'vitest'
import type { FactorRow } from '@openfactors/engine/release'
import { checkEdition } from './index.ts'
import { basisProblems } from './basis.ts'
import { checkMagnitude } from './magnitude.ts'

let n = 0
function row(extra: Partial<FactorRow>): FactorRow {
  n++
  return { key: `fuels.gb.f${n}.litres`, name: `Factor ${n}`, value: 1, unit: 'kg CO2e per litre', scope: 'scope_1', section: 'S', country: 'gb', source_id: 'e', cell_ref: `'S'!A${n}`, kind: 'emission_factor', ...extra }
}

describe('label checks', () => {
  it('marks two factors of one edition that share a name, not two editions', () => {
    const marks = checkEdition([row({ name: 'Diesel' }), row({ name: 'Diesel', value: 2 }), row({ name: 'Diesel', source_id: 'other' })])
    expect(marks.filter((m) => m.check === 'unique_name').map((m) => [m.source_id, m.reason])).toEqual([['e', null], ['e', null]])
  })

  it('checks unit against basis: CV, price basis and year, CO2 vs CO2e, residual mixes', () => {
    expect(basisProblems(row({ unit: 'kg CO2e per kWh (Net CV)' }))).toHaveLength(1)
    expect(basisProblems(row({ unit: 'kg CO2e per kWh (Net CV)', basis: { calorific_value: 'net' } }))).toEqual([])
    expect(basisProblems(row({ unit: 'kg CO2e per kWh (Gross CV)', basis: { calorific_value: 'net' } }))[0]).toMatch(/gross CV basis/)
    expect(basisProblems(row({ unit: 'kg CO2e per USD (2022, producer price)', basis: { price: { currency: 'USD', year: 2022, basis: 'purchaser' } } }))[0]).toMatch(/disagrees/)
    expect(basisProblems(row({ unit: 'kg CO2e per USD (2022, producer price)', basis: { price: { currency: 'USD', year: 2022, basis: 'producer' } } }))).toEqual([])
    expect(basisProblems(row({ unit: 'kg CO2e per USD (2022, producer price)' }))[0]).toMatch(/basis.price is not set/)
    expect(basisProblems(row({ unit: 'kg CO2e per kWh', basis: { ghg: 'co2' } }))[0]).toMatch(/CO2 only/)
    expect(basisProblems(row({ unit: 'kg CO2 per kWh', basis: { ghg: 'co2' } }))).toEqual([])
    expect(basisProblems(row({ name: 'Grid mix, AT', basis: { electricity: 'residual_mix' } }))[0]).toMatch(/residual mix named/)
  })

  it('marks a negative value without a stated basis', () => {
    const marks = checkEdition([row({ value: -643 }), row({ value: -5, basis: { biogenic: 'uptake_included' } })])
    expect(marks.filter((m) => m.check === 'negative_basis')).toHaveLength(1)
  })

  it('marks values orders of magnitude from their sibling modules or neighbours, with recorded reasons where known', () => {
    const r410a = row({ value: 8063242, unit: 'kg CO2e per kg', modules: { 'A1-A3': { value: 8063242, cell_ref: 'x' }, B1: { value: 2087.5, cell_ref: 'y' }, C2: { value: 0.001, cell_ref: 'z' } } })
    const neighbours = [1, 1.2, 0.9, 1.1, 2500].map((value) => row({ value, section: 'Liquid fuels' }))
    const marks = checkMagnitude([r410a, ...neighbours])
    expect(marks.map((m) => m.key)).toEqual([r410a.key, neighbours[4]!.key])
    expect(marks.every((m) => m.reason === null)).toBe(true)
    // Per-gas parts and components are not compared with totals.
    expect(checkMagnitude([...neighbours.slice(0, 4), row({ value: 2500, section: 'Liquid fuels', kind: 'component' })])).toEqual([])
    const reasoned = checkMagnitude([row({ key: 'fuels.au.hydrogen.gaseous_scope1_gj', value: 0.0001, section: 'Liquid fuels' }), ...neighbours.slice(0, 4)])
    expect(reasoned[0]?.reason).toMatch(/hydrogen/)
  })
})
