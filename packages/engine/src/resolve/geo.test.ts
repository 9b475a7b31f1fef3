import { describe, expect, it } from 'vitest'
import type { FactorRow } from '../release/schema.ts'
import { geoVerdict, narrowestPlaces } from './geo.ts'

function row(country: string, region: string | null = null): FactorRow {
  return { key: `electricity.${country}.grid.location`, name: 'x', value: 1, unit: 'kg CO2e per kWh', scope: 'scope_2', section: 's', country, region, source_id: 'e', cell_ref: 'c' }
}
const texas = { country: 'us', regions: ['tx', 'erct'], label: 'texas' }
const germany = { country: 'de', regions: [], label: 'germany' }

describe('geoVerdict', () => {
  it('grades exact > region > global > mismatch', () => {
    expect(geoVerdict(row('us', 'erct'), [texas], 'electricity').match).toBe('exact')
    expect(geoVerdict(row('us'), [texas], 'electricity').match).toBe('region')
    expect(geoVerdict(row('eu'), [germany], 'electricity').match).toBe('region')
    expect(geoVerdict(row('glo'), [germany], 'electricity').match).toBe('global')
    expect(geoVerdict(row('fr'), [germany], 'electricity').match).toBe('mismatch')
    expect(geoVerdict(row('us', 'camx'), [texas], 'electricity').match).toBe('mismatch')
  })
  it('reads a country named with its state as qualifying the state', () => {
    const us = { country: 'us', regions: [], label: 'US' }
    expect(narrowestPlaces([us, texas])).toEqual([texas])
    expect(narrowestPlaces([germany, texas])).toEqual([germany, texas])
    expect(geoVerdict(row('us'), narrowestPlaces([us, texas]), 'electricity').match).toBe('region')
  })
  it('says unspecified without a place and prefers general factors', () => {
    const gb = geoVerdict(row('gb'), [], 'electricity')
    const fr = geoVerdict(row('fr'), [], 'electricity')
    expect(gb.match).toBe('unspecified')
    expect(gb.weight).toBeGreaterThan(fr.weight)
  })
})
