import { describe, expect, it } from 'vitest'
import { parseCsv } from '../../read/csv.ts'
import { FactorRowSchema } from '@openfactors/engine/release'
import { adapter, ingestOefdb } from './index.ts'
import { domainOf, placeOf, restatedPrimary, scopeOf } from './classify.ts'
import { realContext, realDatasetsDir } from '../co2js-average/real-datasets.ts'

const HEADER = 'sector,category,activity_id,name,activity_unit,kgCO2e-AR5,kgCO2e-AR4,kgCO2,kgCH4,kgN2O,kgCO2e-OtherGHGs-AR5,kgCO2e-OtherGHGs-AR4,uncertainty,scope,lca_activity,source,year_released,years_valid,years_calculated_from,region,data_quality,contributor,date_accessed,description,source_link'
const row = (o: Partial<Record<string, string>>): string =>
  HEADER.split(',').map((c) => {
    const v = o[c] ?? ''
    return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v
  }).join(',')

const CSV = [
  HEADER,
  row({ sector: 'Energy', category: 'Fuel', activity_id: 'fuel_type_diesel-fuel_use_na', name: 'Diesel', activity_unit: 'L', 'kgCO2e-AR5': '2.7', scope: '1', source: 'BEIS', year_released: '2021', region: 'GB' }),
  row({ sector: 'Energy', category: 'Electricity', activity_id: 'electricity-energy_source_grid_mix', name: 'Grid mix', activity_unit: 'kWh', 'kgCO2e-AR5': '0.5', source: 'GHG Protocol', region: 'US', description: 'Grid. The primary source is EPA Emission Factors for Greenhouse Gas Inventories.' }),
  row({ sector: 'Materials and Manufacturing', category: 'Mined Materials', activity_id: 'mined_materials-type_anthracite', name: 'Anthracite', activity_unit: 'EUR', 'kgCO2e-AR5': '1.5374', scope: '3', source: 'EXIOBASE', year_released: '2021', years_calculated_from: '2019', region: 'US' }),
  row({ sector: 'Energy', category: 'Electricity', activity_id: 'electricity-energy_source_grid_mix', name: 'Grid mix', activity_unit: 'kWh', 'kgCO2e-AR5': '0.75377', 'kgCO2e-AR4': '0.75398', kgCO2: '0.75', kgCH4: '4e-05', kgN2O: '1e-05', scope: '2|3', source: 'GHG Protocol', year_released: '2017', region: 'GLOBAL', description: 'Originally retrieved from IEA 2011.' }),
  row({ sector: 'Transport', category: 'Sea Freight', activity_id: 'sea_freight-vessel_type_container', name: 'Container ship', activity_unit: 'tonne-km', 'kgCO2e-AR5': 'not-supplied', 'kgCO2e-AR4': '0.0255', source: 'STC-Nestra B.V.', year_released: '2018', region: 'EU' }),
  row({ sector: 'Energy', category: 'Electricity', activity_id: 'electricity-energy_source_grid_mix', name: 'Grid mix', activity_unit: 'kWh', kgCO2: '0.0599', source: 'ADEME', year_released: '2020', region: 'FR' }),
  row({ sector: 'Energy', category: 'Electricity', activity_id: 'electricity-energy_source_grid_mix', name: 'Grid mix', activity_unit: 'kWh', kgCO2: '0.0558', source: 'ADEME', year_released: '2019', region: 'FR' }),
  row({ sector: 'Energy', category: 'Electricity', activity_id: 'electricity-energy_source_grid_mix', name: 'Grid mix', activity_unit: 'kWh', kgCO2: '0.0558', source: 'ADEME', year_released: '2019', region: 'FR' }),
  row({ sector: 'Information and Communication', category: 'Cloud Computing - CPU', activity_id: 'cpu-provider_aws-region_us_east_1', name: 'CPU', activity_unit: 'CPU-hour', 'kgCO2e-AR5': '0.0012', source: 'CCF', year_released: '2021', region: 'US-VA' }),
  row({ sector: 'Energy', category: 'Electricity', activity_id: 'electricity-energy_source_grid_mix', name: 'Grid mix', activity_unit: 'kWh', 'kgCO2e-AR5': 'not-supplied', 'kgCO2e-AR4': 'not-supplied', source: 'EMA', year_released: '2021', region: 'SG' }),
  '',
].join('\n')

describe('oefdb: what descriptions say goes into name, unit and basis (issue 17)', () => {
  const AIB = 'Emission intensity of grid mix as reported. Published by the Association of Issuing Bodies (AIB). Retrieved from 2020 European Residual Mix Report. Includes production fuel mix factor.NOTE: this value is provided in CO2 only and does not include the impact of other GHGs.'
  const csv = [
    HEADER,
    row({ sector: 'Energy', category: 'Electricity', activity_id: 'electricity-energy_source_grid_mix', name: 'Grid mix', activity_unit: 'kWh', 'kgCO2e-AR4': '0.11118', scope: '2', source: 'AIB', year_released: '2020', region: 'AT', description: AIB }),
    row({ sector: 'Accommodation', category: 'Hotel', activity_id: 'accommodation_type_hotel_room', name: 'Hotel room', activity_unit: 'USD', 'kgCO2e-AR4': '0.463', source: 'GHG Protocol', year_released: '2017', region: 'GLOBAL' }),
    row({ sector: 'Accommodation', category: 'Hotel', activity_id: 'accommodation_type_hotel_room', name: 'Hotel room', activity_unit: 'night', 'kgCO2e-AR4': '17.98', source: 'GHG Protocol', year_released: '2017', region: 'GLOBAL' }),
    '',
  ].join('\n')
  const o = ingestOefdb(parseCsv(csv), 'c/oefdb.csv')

  it('serves an AIB residual mix "provided in CO2 only" as a CO2 residual mix, not a CO2e grid mix', () => {
    const aib = o.factors.find((f) => f.country === 'at')
    expect(aib).toMatchObject({ unit: 'kg CO2 per kWh', value: 0.11118, basis: { ghg: 'co2', electricity: 'residual_mix' } })
    expect(aib?.name).toBe('Grid mix (residual mix (market-based), CO2 only), AT — AIB 2020')
  })

  it('gives a spend row its price basis and tells same-named rows apart by unit', () => {
    const names = o.factors.filter((f) => f.name.startsWith('Hotel room')).map((f) => f.name).sort()
    expect(names).toEqual(['Hotel room, GLOBAL — GHG Protocol 2017 (per USD (2017, price basis not stated))', 'Hotel room, GLOBAL — GHG Protocol 2017 (per night)'])
    expect(o.factors.find((f) => f.key.startsWith('spend.'))?.basis).toEqual({ price: { currency: 'USD', year: 2017, basis: 'not_stated' } })
  })
})

describe('oefdb on a generated CSV', () => {
  const out = ingestOefdb(parseCsv(CSV), 'c/oefdb.csv')
  const byKey = new Map(out.factors.map((f) => [f.key, f]))

  it('skips restatements of sources we ingest directly', () => {
    const restated = out.skipped.filter((s) => s.reason === 'restated_primary')
    expect(restated.map((s) => s.where)).toEqual(['c/oefdb.csv#L2', 'c/oefdb.csv#L3'])
  })

  it('serves spend rows per currency and price year', () => {
    expect(byKey.get('spend.us.mined_materials_type_anthracite.exiobase')).toMatchObject({
      value: 1.5374,
      unit: 'kg CO2e per EUR (2019, basic price)',
      scope: 'scope_3',
      cell_ref: 'c/oefdb.csv#L4:kgCO2e-AR5',
      section: 'Materials and Manufacturing > Mined Materials',
      tags: ['EXIOBASE', 'mined_materials-type_anthracite'],
    })
  })

  it('takes AR5 first, AR4 only when AR5 is missing, and says so in the method', () => {
    expect(byKey.get('electricity.glo.electricity_energy_source_grid_mix.ghg_protocol')?.value).toBe(0.75377)
    const ship = byKey.get('freight.eu.sea_freight_vessel_type_container.stc_nestra_b_v_ar4')
    expect(ship?.value).toBe(0.0255)
    expect(ship?.cell_ref).toBe('c/oefdb.csv#L6:kgCO2e-AR4')
    expect(ship?.unit).toBe('kg CO2e per tonne.km')
  })

  it('keeps gas masses as keys of their own in mass of that gas, not in a CO2e gases map', () => {
    const total = byKey.get('electricity.glo.electricity_energy_source_grid_mix.ghg_protocol')
    expect(total?.gases).toBeUndefined()
    expect(total?.scope).toBeNull()
    expect(byKey.get('electricity.glo.electricity_energy_source_grid_mix.ghg_protocol_ch4')).toMatchObject({ value: 4e-5, unit: 'kg CH4 per kWh', cell_ref: 'c/oefdb.csv#L5:kgCH4' })
    expect(byKey.get('electricity.glo.electricity_energy_source_grid_mix.ghg_protocol_n2o')?.unit).toBe('kg N2O per kWh')
    expect(byKey.get('electricity.glo.electricity_energy_source_grid_mix.ghg_protocol_co2')?.value).toBe(0.75)
  })

  it('tells colliding rows apart by year and skips the exact repeat', () => {
    expect(byKey.get('electricity.fr.electricity_energy_source_grid_mix.ademe_2020_co2')?.value).toBe(0.0599)
    expect(byKey.get('electricity.fr.electricity_energy_source_grid_mix.ademe_2019_co2')?.value).toBe(0.0558)
    expect(out.skipped.find((s) => s.reason === 'duplicate_row')).toMatchObject({ where: 'c/oefdb.csv#L9', detail: 'same key, values and units as line 8' })
  })

  it('puts sub-national regions in the subject and the region field', () => {
    const cpu = byKey.get('other.us.cpu_provider_aws_region_us_east_1_va.ccf')
    expect(cpu).toMatchObject({ region: 'va', unit: 'kg CO2e per CPU-hour', country: 'us' })
  })

  it('reports rows with nothing published', () => {
    expect(out.skipped.find((s) => s.where === 'c/oefdb.csv#L11')?.reason).toBe('not_estimated')
    expect(out.factors).toHaveLength(9)
    expect(new Set(out.factors.map((f) => f.key)).size).toBe(9)
    for (const f of out.factors) expect(FactorRowSchema.safeParse({ ...f, source_id: 'x' }).success).toBe(true)
  })
})

describe('oefdb classification', () => {
  it('maps regions, scopes and domains', () => {
    expect(placeOf('GB-LON')).toEqual({ country: 'gb', region: 'lon' })
    expect(placeOf('LATAM')).toEqual({ country: 'glo', region: 'latam' })
    expect(placeOf('GLOBAL')).toEqual({ country: 'glo', region: null })
    expect(scopeOf('Outside of scopes')).toBe('outside_scopes')
    expect(scopeOf('1|2|3')).toBeNull()
    expect(domainOf('Transport', 'Vehicles', 'km', 'passenger_vehicle-vehicle_type_hgv-fuel_source_diesel')).toBe('freight')
    expect(domainOf('Transport', 'Vehicles', 'km', 'passenger_vehicle-vehicle_type_car-fuel_source_bev')).toBe('transport')
    expect(domainOf('Energy', 'Fuel', 'MMBTU', 'fuel_type_wood_and_wood_residuals-fuel_use_stationary')).toBe('bioenergy')
    expect(restatedPrimary('GHG Protocol', 'Emission intensity of local bus. UK DEFRA Passenger vehicles 2019.')).not.toBeNull()
    expect(restatedPrimary('ADEME', 'Retrieved from Base Carbone')).toBeNull()
  })
})

const real = realDatasetsDir()
describe.skipIf(!real)('oefdb on the published CSV', () => {
  it('skips every BEIS/EPA/DISER row and EPA/DEFRA restatements, keeps the rest with unique keys', () => {
    const file = 'climatiq-open-emission-factors-db/OpenEmissionFactorsDB.csv'
    const out = adapter.ingest(realContext(real!, 'climatiq-oefdb-2022-05-12', 'climatiq-open-emission-factors-db', 'oefdb', [file]))
    const restated = out.skipped.filter((s) => s.reason === 'restated_primary')
    expect(restated.filter((s) => s.detail?.startsWith('BEIS:'))).toHaveLength(1976)
    expect(restated.filter((s) => s.detail?.startsWith('EPA:'))).toHaveLength(1720)
    expect(restated.filter((s) => s.detail?.startsWith('DISER:'))).toHaveLength(11)
    expect(restated.filter((s) => s.detail?.startsWith('GHG Protocol:'))).toHaveLength(217)
    expect(out.factors).toHaveLength(2382)
    expect(new Set(out.factors.map((f) => f.key)).size).toBe(2382)
    // 44 AIB and Climate Transparency grid rows say "provided in CO2 only": CO2, not CO2e (issue 17).
    expect(out.factors.filter((f) => f.unit.startsWith('kg CO2e'))).toHaveLength(2085)
    expect(out.factors.filter((f) => f.basis?.ghg === 'co2' && f.unit.startsWith('kg CO2 per'))).toHaveLength(44)
    expect(out.factors.filter((f) => f.tags?.includes('AIB') && f.basis?.electricity === 'residual_mix' && /residual mix/i.test(f.name))).toHaveLength(31)
    expect(new Set(out.factors.map((f) => f.name)).size).toBe(out.factors.length)
    const first = out.factors[0]
    expect(first).toMatchObject({ key: 'spend.glo.agriculture_fishing_forestry_type_agriculture_hunting_forestry_fishing.ghg_protocol_ar4', value: 2.09, cell_ref: `${file}#L3:kgCO2e-AR4` })
    expect(out.factors.filter((f) => f.key.startsWith('spend.')).every((f) => /^kg CO2e per (EUR|USD|GBP) \(\d{4}, /.test(f.unit))).toBe(true)
  })
})
