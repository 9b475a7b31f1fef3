import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { LoadedRelease, perGasOf } from './loaded.ts'
import type { FactorRow } from '../release/schema.ts'

const row = (key: string, unit: string): FactorRow => ({ key, name: 'x', value: 1, unit, scope: null, section: 's', country: 'gb', source_id: 'e', cell_ref: 'c' })

describe('perGasOf', () => {
  it('tells per-gas rows from CO2e totals', () => {
    expect(perGasOf(row('fuels.gb.diesel.litres', 'kg CO2e per litre'))).toBeNull()
    expect(perGasOf(row('fuels.gb.diesel.litres_ch4', 'kg CO2e per litre'))).toBe('ch4')
    expect(perGasOf(row('fuels.us.diesel.gallon_co2', 'kg CO2 per gallon (US)'))).toBe('co2')
    expect(perGasOf(row('fuels.gb.diesel.litres_x', 'kg CO2e of N2O per litre'))).toBe('n2o')
    expect(perGasOf(row('spend.us.x.margins_c2f6', 'kg C2F6 per USD (2022, purchaser price)'))).toBe('other')
    // A refrigerant named in the activity is what leaks; its row is a CO2e total, not per gas.
    expect(perGasOf(row('refrigerants.gb.hfc_134a.kg', 'kg CO2e per kg'))).toBeNull()
    expect(perGasOf(row('refrigerants.glo.fugitive_gas_type_sf6.ghg_protocol', 'kg CO2e per kg'))).toBeNull()
  })
})

describe('LoadedRelease', () => {
  const release = new LoadedRelease(fixtureArtifact())
  it('sorts rows by key and finds them', () => {
    const keys = release.rows.map((r) => r.key)
    expect(keys).toEqual([...keys].sort())
    expect(release.factor('fuels.gb.lpg.litres')?.name).toBe('LPG')
    expect(release.factor('nope.gb.x.y')).toBeUndefined()
  })
  it('keeps per-gas rows out of the main index and in a per-gas index built on demand', () => {
    const co2 = release.position('fuels.gb.diesel_average_biofuel_blend_co2.litres')
    expect(release.index.search('diesel').map((h) => h.id)).not.toContain(co2)
    expect(release.gases()).toEqual(['co2'])
    expect(release.builtGasIndexes().size).toBe(0)
    expect(release.gasIndex('co2').search('diesel').map((h) => h.id)).toContain(co2)
    expect(release.builtGasIndexes().size).toBe(1)
  })
  it('knows per-row facts for ranking', () => {
    const concrete = release.facts(release.position('materials.concrete.ready_mix.c30_37') ?? -1)
    expect(concrete.domain).toBe('materials')
    expect([...(concrete.convertible ?? [])].sort()).toEqual(['mass', 'volume'])
    const secondary = release.facts(release.position('fuels.glo.diesel.litre') ?? -1)
    expect(secondary.secondary).toBe(true)
    expect(release.facts(release.position('fuels.gb.natural_gas.kwh_gross_cv') ?? -1).unit?.id).toBe('kwh')
  })
})
