import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as XLSX from '@e965/xlsx'
import { describe, expect, it } from 'vitest'
import { FACTOR_KEY_PATTERN } from '@openfactors/engine/release'
import { cellAt, parseCellRef, readWorkbook } from '../../read/workbook.ts'
import { ingestNgaWorkbook } from './index.ts'
import { asPublished, derive } from '../../proof/as-published.ts'

type Row = (string | number | null)[]

function writeWorkbook(sheets: Record<string, Row[]>): string {
  const wb = XLSX.utils.book_new()
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), name)
  const path = join(mkdtempSync(join(tmpdir(), 'nga-')), 'nga.xlsx')
  writeFileSync(path, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
  return path
}

const ELECTRICITY: Row[] = [
  ['Table 7 Indirect (scope 2 and scope 3) location-based emission factors for electricity'],
  ['State, Territory or grid description', 'Scope 2 Emission Factors', 'Scope 3 Emission Factors'],
  [null, '(kg CO2-e/kWh)', '(kg CO2-e/kWh)'],
  ['New South Wales and Australian Capital Territory', 0.64, 0.03],
  ['Western Australia -', 0.5, 'NE'],
  ['South West Interconnected System (SWIS)'],
  ['National ', 0.62, 0.07],
]
const SOLID: Row[] = [
  ['Table 2 Direct (scope 1) and Indirect (scope 3) emission factors for the combustion of solid fuels'],
  ['Fuel combusted', 'Energy Content factor', 'Scope 1 Emission Factor', 'Scope 1 Emission Factor', 'Scope 1 Emission Factor', 'Scope 1 Emission Factor', 'Scope 3 Emission Factor'],
  [null, '(GJ/t)', '(kg CO2‑e/GJ)', '(kg CO2‑e/GJ)', '(kg CO2‑e/GJ)', '(kg CO2‑e/GJ)', '(kg CO2‑e /GJ)'],
  [null, null, 'CO2', 'CH4', 'N2O', 'Combined gases'],
  ['Bituminous coal ', 27, 90, 0.04, 0.2, 90.24, 3],
]
const WASTE: Row[] = [
  ['Table 9 Indirect (scope 3) waste emission factors for total waste disposed to landfill by broad waste stream category'],
  ['Waste stream', 'Scope 3 emission factor (t CO2-e/t)', 'Volume to mass conversion factor (t/m3)'],
  ['Municipal solid waste', 1.6, 0.36],
]
const SUMMARY: Row[] = [
  [null, null, 'Emission factor', null, null, null, 'Energy content factor', null, 'Emission factor'],
  ['Fuel Type ', 'Fuel Combusted ', 'CO2', 'CH4', 'N2O', 'Combined CO2-e/GJ', 'GJ', 'Unit ', 'CO2-e', 'Unit ', 'Scope ', 'Source'],
  ['Solid fuels ', 'Bituminous coal', 90, 0.04, 0.2, 90.24, 27, 'GJ/t', 2436.48, 'kg CO2-e/t', 1, SOLID[0]![0]!],
]
const GWP: Row[] = [['Table 3 Global warming potentials of common refrigerants'], ['Refrigerant', 'GWP'], ['R32', 677]]

describe('nga on a generated workbook', () => {
  const out = ingestNgaWorkbook('nga.xlsx', writeWorkbook({ 'Table 7': ELECTRICITY, 'Table 2': SOLID, 'Table 9': WASTE, 'Table 3': GWP, 'Energy - Scope 1 ': SUMMARY }))
  const byKey = new Map(out.factors.map((f) => [f.key, f]))

  it('keys electricity by state and joins a wrapped two-row label, numbers on the first row', () => {
    expect(byKey.get('electricity.au.nsw_act.location_scope2_kwh')?.value).toBe(0.64)
    const swis = byKey.get('electricity.au.wa_swis.location_scope2_kwh')
    expect([swis?.value, swis?.cell_ref, swis?.region, swis?.scope]).toEqual([0.5, "'Table 7'!B5", 'wa', 'scope_2'])
    expect(byKey.get('electricity.au.national.location_scope3_kwh')?.value).toBe(0.07)
    expect(out.skipped).toContainEqual({ reason: 'not_estimated', where: expect.stringMatching(/Table 7 row 5/) })
  })

  it('serves per-gas CO2-e contributions as keys and in the combined factor’s gases map', () => {
    const total = byKey.get('fuels.au.bituminous_coal.solid_scope1_gj')
    expect([total?.value, total?.unit]).toEqual([90.24, 'kg CO2e per GJ'])
    expect(total?.gases).toEqual({ co2: { value: 90, cell_ref: "'Table 2'!C5" }, ch4: { value: 0.04, cell_ref: "'Table 2'!D5" }, n2o: { value: 0.2, cell_ref: "'Table 2'!E5" } })
    expect(byKey.get('fuels.au.bituminous_coal.solid_scope1_gj_ch4')?.unit).toBe('kg CO2e per GJ')
    expect(byKey.get('fuels.au.bituminous_coal.solid_scope3_gj')?.value).toBe(3)
    expect(out.skipped.some((s) => s.reason === 'energy_conversion' && /Table 2 row 5/.test(s.where))).toBe(true)
  })

  it('serves the summary sheet’s per-unit product beside the table’s per-GJ key', () => {
    const perTonne = byKey.get('fuels.au.bituminous_coal.solid_scope1_tonne')
    expect([perTonne?.value, perTonne?.unit, perTonne?.cell_ref, perTonne?.scope]).toEqual([2436.48, 'kg CO2e per tonne', "'Energy - Scope 1 '!I3", 'scope_1'])
  })

  it('converts t CO2-e/t to kg per tonne and skips GWPs, conversions and the summary sheets', () => {
    const msw = byKey.get('waste.au.municipal_solid_waste.landfill_stream_scope3_tonne')
    expect([msw?.value, msw?.unit, msw?.published?.value, msw?.published?.multiplier]).toEqual([1600, 'kg CO2e per tonne', 1.6, '1000'])
    expect(out.skipped.some((s) => s.reason === 'not_a_factor' && /Table 3/.test(s.where))).toBe(true)
    expect(out.skipped).toContainEqual({ reason: 'restated_primary', where: 'sheet Energy - Scope 1  row 3', detail: expect.any(String) })
    expect(out.factors.every((f) => FACTOR_KEY_PATTERN.test(f.key))).toBe(true)
  })
})

// 2021 layouts: a history table's `Latest estimate*` row, a sideways waste table, a process
// table with one `CO2` column, a transport table with vehicle classes in the labels.
const HISTORY: Row[] = [
  ['Table 46: Scope 2 and 3 emissions factors – consumption of purchased electricity by end users'],
  ['Financial year', 'EF for scope 2', null, 'EF for scope 3', null],
  [null, 'kg CO2-e/kWh', 'kg CO2-e/GJ', 'kg CO2-e/kWh', 'kg CO2-e/GJ'],
  ['NEW SOUTH WALES and AUSTRALIAN CAPITAL TERRITORY'],
  ['2018/19', 0.79, 220, 0.08, 21],
  ['Latest estimate*', 0.78, 216, 0.07, 19],
]
const SIDEWAYS: Row[] = [
  ['Table 49: Waste emission factors for total waste disposed to landfill by broad waste stream category'],
  ['Waste types', 'Municipal solid waste', 'Commercial and industrial waste'],
  [null, 'A', 'B'],
  ['Emission factor (t CO2-e/t waste)', 1.6, 1.3],
]
const CARBONATES: Row[] = [
  ['Table 26: Calcination of carbonates emission factors'],
  ['Source of  carbonate consumption', 'Emission factor (EFij) (tonne CO2-e per tonne)'],
  [null, 'CO2'],
  ['Limestone (calcium carbonate)', 0.44],
]
const TRANSPORT: Row[] = [
  ['Table 4: Fuel combustion emission factors – fuels used for transport energy purposes'],
  ['Transport equipment type', 'Fuel combusted', 'Energy content factor', 'Emission factor', null, null],
  [null, null, '(GJ/kL unless otherwise indicated)', 'kg CO2‑e/GJ', null, null],
  [null, null, null, '(relevant oxidation factors incorporated)', null, null],
  [null, null, null, 'CO2', 'CH4', 'N2O'],
  ['General transport'],
  [null, 'Diesel oil', 38.6, 69.9, 0.1, 0.4],
  [null, 'Liquefied natural gas (heavy duty vehicles)', 25.3, 51.4, 2.8, 0.3],
  ['Heavy vehicles conforming to Euro design standards'],
  ['Euro iv or higher', 'Diesel oil', 38.6, 69.9, 0.07, 0.4],
]
// 2022 Table 4: row 2 is empty, the header starts on row 3.
const LATE_HEADER: Row[] = [
  ['Table 4 Indirect (Scope 3) emissions from consumption of natural gas '],
  [],
  ['State or territory', 'Scope 3 Emission Factors for Natural Gas (kg CO2-e /GJ)', null],
  [null, 'Metro', 'Non-metro'],
  ['New South Wales and ACT', 13.1, 14],
]

// Issue 17 layouts: a market-based table whose label column says residual mix, a T&D losses
// table, a waste-to-landfill table whose rows are material names, and a liquid fuels table that
// states an energy content per kL that the summary sheet restates per t.
const MARKET: Row[] = [
  ['Table 2 Indirect (scope 2 and scope 3) market-based emission factors associated with the consumption and losses of purchased or acquired electricity'],
  ['Residual Mix Factor for the market-based method', 'Scope 2 Emission Factors', 'Scope 3 Emission Factors'],
  [null, '(kg CO2-e/kWh)', '(kg CO2-e/kWh)'],
  ['National', 0.81, 0.11],
]
const TD: Row[] = [
  ['Table 25 Transmission and distribution losses'],
  ['State, Territory or grid description', 'Transmission and distribution losses kg CO2‑e/kWh'],
  ['Victoria', 0.08],
]
const LANDFILL: Row[] = [
  ['Table 15 Waste mix methane conversion factors and emission factors'],
  ['Waste types', 'Scope 3 emission factor (t CO2-e/t)', 'Volume to mass conversion factor (t/m3)'],
  ['Food', 2.1, 0.5],
]
const LIQUID: Row[] = [
  ['Table 8 Direct (Scope 1) and indirect (scope 3) emission factors for the consumption of liquid fuels'],
  ['Fuel combusted', 'Energy content factor (GJ/kL unless otherwise indicated)', 'Scope 1 Emission Factor', 'Scope 1 Emission Factor', 'Scope 1 Emission Factor', 'Scope 1 Emission Factor', 'Scope 3 Emission Factor'],
  [null, null, '(kg CO2‑e/GJ)', '(kg CO2‑e/GJ)', '(kg CO2‑e/GJ)', '(kg CO2‑e/GJ)', '(kg CO2‑e/GJ)'],
  [null, null, 'CO2', 'CH4', 'N2O', 'Combined gases'],
  ['Renewable diesel', '38.6 GJ/kL', 0, 0.1, 0.2, 0.3, 'NE'],
]
const SUMMARY_RENEWABLE: Row[] = [
  SUMMARY[0]!, SUMMARY[1]!,
  ['Liquid fuels', 'Renewable diesel', 0, 0.1, 0.2, 0.3, 38.6, 'GJ/t', 11.58, 'kg CO2-e/t', 1, LIQUID[0]![0]!],
]

describe('nga: qualifiers from table titles and headers, units from the tables (issue 17)', () => {
  const out = ingestNgaWorkbook('nga.xlsx', writeWorkbook({ 'Table 1': ELECTRICITY, 'Table 2': MARKET, 'Table 25': TD, 'Table 15': LANDFILL, 'Table 8': LIQUID, 'Energy - Scope 1 ': SUMMARY_RENEWABLE }))
  const byKey = new Map(out.factors.map((f) => [f.key, f]))

  it('names location-based and market-based (residual mix) national factors apart, with their basis', () => {
    const location = byKey.get('electricity.au.national.location_scope2_kwh')
    const market = byKey.get('electricity.au.national.market_scope2_kwh')
    expect(location?.name).toBe('National: scope 2 emission factor per kWh (location-based)')
    expect(location?.basis).toEqual({ electricity: 'location_based' })
    expect(market?.name).toBe('National: scope 2 emission factor per kWh (market-based, residual mix)')
    // A state only Table 1 has keeps its name; its basis still says location-based.
    expect(byKey.get('electricity.au.nsw_act.location_scope2_kwh')).toMatchObject({ name: 'New South Wales and Australian Capital Territory: scope 2 emission factor per kWh', basis: { electricity: 'location_based' } })
    expect(market?.basis).toEqual({ electricity: 'residual_mix' })
  })

  it('says T&D losses and waste to landfill in the name', () => {
    expect(out.factors.find((f) => f.cell_ref === "'Table 25'!B3")?.name).toMatch(/^Victoria: .*transmission and distribution losses$/)
    expect(out.factors.find((f) => f.cell_ref === "'Table 15'!B3")?.name).toMatch(/^Food: .*, waste to landfill$/)
  })

  it('serves the renewable diesel summary product per litre, as Table 8 states its energy content per kL', () => {
    const f = out.factors.find((x) => x.cell_ref === "'Energy - Scope 1 '!I3")
    expect(f).toMatchObject({ unit: 'kg CO2e per litre', published: { value: 11.58, unit: 'kg CO2e per kL' } })
    expect(f?.value).toBe(0.01158)
    expect(f?.basis?.note).toMatch(/Table 8 states this energy content as 38.6 GJ\/kL/)
  })
})

describe('nga 2021 layouts on a generated workbook', () => {
  const sheets = { 'Table 46': HISTORY, 'Table 49': SIDEWAYS, 'Table 26': CARBONATES, 'Table 4': TRANSPORT }
  const path = writeWorkbook(sheets)
  const byKey = new Map(ingestNgaWorkbook('national-greenhouse-account-factors-2021.xlsx', path).factors.map((f) => [f.key, f]))

  it('keys the history table’s latest scope 3 estimate as the state’s scope 3 factor; scope 2 stays a history key', () => {
    expect([byKey.get('electricity.au.nsw_act.location_scope3_kwh')?.value, byKey.get('electricity.au.nsw_act.location_scope3_kwh')?.cell_ref]).toEqual([0.07, "'Table 46'!D6"])
    expect(byKey.get('electricity.au.nsw_act.location_scope3_gj')?.value).toBe(19)
    expect(byKey.get('electricity.au.nsw_act_fy_latest_estimate.location_scope2_kwh')?.value).toBe(0.78)
    expect(byKey.has('electricity.au.nsw_act.location_scope2_kwh')).toBe(false)
    expect(byKey.get('electricity.au.nsw_act_fy_2018_19.location_scope3_kwh')?.value).toBe(0.08)
  })

  it('reads a sideways table column by column, scope 3 for waste sent to landfill', () => {
    const msw = byKey.get('waste.au.municipal_solid_waste.landfill_stream_scope3_tonne')
    expect([msw?.value, msw?.unit, msw?.cell_ref, msw?.scope]).toEqual([1600, 'kg CO2e per tonne', "'Table 49'!B4", 'scope_3'])
    expect(byKey.get('waste.au.commercial_and_industrial_waste.landfill_stream_scope3_tonne')?.value).toBe(1300)
  })

  it('keys a process table’s only (CO2) column as its scope 1 factor', () => {
    const lime = byKey.get('industrial_processes.au.limestone_calcium_carbonate.process_scope1_tonne')
    expect([lime?.value, lime?.scope, lime?.cell_ref]).toEqual([440, 'scope_1', "'Table 26'!B4"])
  })

  it('reads 2021 vehicle classes as 2022 names them, and keeps general transport its own', () => {
    expect(byKey.get('fuels.au.heavy_duty_vehicles_diesel_oil_euro_iv_or_higher.transport_scope1_gj_ch4')?.value).toBe(0.07)
    expect(byKey.get('fuels.au.heavy_duty_vehicles_liquefied_natural_gas.transport_scope1_gj_ch4')?.value).toBe(2.8)
    expect(byKey.get('fuels.au.general_transport_diesel_oil.transport_scope1_gj_ch4')?.value).toBe(0.1)
    // The published label stays in the name.
    expect(byKey.get('fuels.au.heavy_duty_vehicles_liquefied_natural_gas.transport_scope1_gj_co2')?.name).toMatch(/^Liquefied natural gas \(heavy duty vehicles\) \(General transport\)/)
  })

  it('applies the 2021 aliases only to a 2021 workbook', () => {
    const keys = ingestNgaWorkbook('nga.xlsx', path).factors.map((f) => f.key)
    expect(keys).toContain('fuels.au.general_transport_liquefied_natural_gas_heavy_duty_vehicles.transport_scope1_gj_ch4')
    expect(keys).not.toContain('fuels.au.heavy_duty_vehicles_liquefied_natural_gas.transport_scope1_gj_ch4')
  })

  it('finds the header when row 2 is empty', () => {
    const out = ingestNgaWorkbook('nga.xlsx', writeWorkbook({ 'Table 4': LATE_HEADER }))
    const metro = out.factors.find((f) => f.key === 'fuels.au.natural_gas_nsw_act.supply_scope3_metro_gj')
    expect([metro?.value, metro?.cell_ref, metro?.scope]).toEqual([13.1, "'Table 4'!B5", 'scope_3'])
    expect(out.factors.find((f) => f.key === 'fuels.au.natural_gas_nsw_act.supply_scope3_non_metro_gj')?.value).toBe(14)
  })
})

const DATASETS = process.env.OPENFACTORS_DATASETS ?? resolve(fileURLToPath(import.meta.url), '../../../../../../../shared/datasets')
const file = (y: number): string => `au-dcceew-nga-factors/national-greenhouse-account-factors-${y}.xlsx`

describe.skipIf(!existsSync(join(DATASETS, file(2025))))('nga on the published workbooks', () => {
  it('2025: Table 1 B4 = 0.64 for NSW & ACT scope 2, unique keys, every value proven', () => {
    const out = ingestNgaWorkbook(file(2025), join(DATASETS, file(2025)))
    // 549 emission factors and the 5 refrigerants of Table 11 (GWPs of common refrigerants).
    expect(out.factors).toHaveLength(554)
    expect(new Set(out.factors.map((f) => f.key)).size).toBe(554)
    const r410a = out.factors.find((f) => f.key === 'refrigerants.au.r410a.kg')
    expect([r410a?.value, r410a?.unit, r410a?.cell_ref, r410a?.name]).toEqual([1924, 'kg CO2e per kg', "'Table 11'!B6", 'Refrigerant R410A (HFC blend): GWP (AR5), per kg released'])
    expect(out.factors.find((f) => f.key === 'refrigerants.au.hfc_134a.kg')?.value).toBe(1300)
    // Summary-sheet products (energy content × factor) are served per litre beside the table keys.
    const hdv = out.factors.find((f) => f.key === 'fuels.au.heavy_duty_vehicles_diesel_oil_euro_iv_or_higher.transport_scope1_litre')
    expect([hdv?.cell_ref, hdv?.published?.value, hdv?.published?.unit, hdv?.unit]).toEqual(["'Energy - Scope 1 '!I74", 2716.282, 'kg CO2e per kL', 'kg CO2e per litre'])
    expect(out.factors.some((f) => f.key === 'fuels.au.heavy_duty_vehicles_diesel_oil_euro_iv_or_higher.transport_scope1_gj')).toBe(true)
    const nsw = out.factors.find((f) => f.key === 'electricity.au.nsw_act.location_scope2_kwh')
    expect([nsw?.value, nsw?.cell_ref]).toEqual([0.64, "'Table 1'!B4"])
    const wb = readWorkbook(join(DATASETS, file(2025)))
    for (const f of out.factors) {
      const cells = [{ value: f.published?.value ?? f.value, cell_ref: f.cell_ref }, ...Object.values(f.gases ?? {})]
      for (const c of cells) {
        const ref = parseCellRef(c.cell_ref)!
        expect(asPublished(cellAt(wb.Sheets[ref.sheet]!, ref.row0, ref.col0)?.v as number)).toBe(asPublished(c.value))
      }
      if (f.published) expect(f.value).toBe(derive(f.published.value, f.published.multiplier))
    }
  })

  it('keeps keys stable from 2022 to 2025', () => {
    const keys = (y: number): string[] => ingestNgaWorkbook(file(y), join(DATASETS, file(y))).factors.map((f) => f.key)
    const k2025 = keys(2025)
    const share = (y: number): number => { const s = new Set(keys(y)); return k2025.filter((k) => s.has(k)).length / k2025.length }
    expect(share(2024)).toBeGreaterThan(0.98)
    expect(share(2023)).toBeGreaterThan(0.95)
    expect(share(2022)).toBeGreaterThan(0.8)
    for (const y of [2021, 2022, 2023, 2024]) expect(new Set(keys(y)).size).toBe(keys(y).length)
  })

  // Before the 2021 label aliases and layout readers, 32.9% of 2022's keys existed in 2021
  // (163 of 495). What stays apart is what 2021 does not publish: combined-gas totals, the
  // Energy summary sheets, tables new in 2022, and classes 2022 redrew (see keys/au-aliases.ts).
  it('carries the 2021 keys into 2022 and keeps the main factors keyed alike in all five editions', () => {
    const years = [2021, 2022, 2023, 2024, 2025]
    const out = new Map(years.map((y) => [y, ingestNgaWorkbook(file(y), join(DATASETS, file(y))).factors]))
    const keysOf = (y: number): Set<string> => new Set(out.get(y)!.map((f) => f.key))
    const k2021 = keysOf(2021)
    // The share is of the emission-factor tables' keys; the refrigerant GWPs are checked below.
    const k2022 = [...keysOf(2022)].filter((k) => !k.startsWith('refrigerants.'))
    expect(k2022.filter((k) => k2021.has(k)).length / k2022.length).toBeGreaterThan(0.48)
    for (const y of years) expect(keysOf(y).size).toBe(out.get(y)!.length)
    const everywhere = [
      'electricity.au.nsw_act.location_scope2_kwh',
      'electricity.au.nsw_act.location_scope3_kwh',
      'fuels.au.natural_gas_distributed_in_a_pipeline.gaseous_scope1_gj_co2',
      'fuels.au.natural_gas_nsw_act.supply_scope3_metro_gj',
      'fuels.au.diesel_oil.liquid_scope1_gj_co2',
      'fuels.au.diesel_oil.liquid_scope3_gj',
      'fuels.au.heavy_duty_vehicles_diesel_oil_euro_iv_or_higher.transport_scope1_gj_ch4',
      'fuels.au.liquefied_petroleum_gas_lpg.liquid_scope1_gj_co2',
      'fuels.au.brown_coal_lignite.solid_scope1_gj_co2',
      'fuels.au.ethane_nsw.supply_scope3_gj',
      'industrial_processes.au.limestone_calcium_carbonate.process_scope1_tonne',
      'waste.au.municipal_solid_waste.landfill_stream_scope3_tonne',
      // 2021's GWP table of gases and the later ones of common refrigerants name these two alike.
      'refrigerants.au.hfc_32.kg',
      'refrigerants.au.hfc_134a.kg',
    ]
    for (const y of years) expect(everywhere.filter((k) => !keysOf(y).has(k))).toEqual([])
    // Same meaning, each edition's own cell: 2021 reads them from its own tables.
    const in2021 = (key: string): [number, string] | undefined => { const f = out.get(2021)!.find((x) => x.key === key); return f && [f.value, f.cell_ref] }
    expect(in2021('electricity.au.nsw_act.location_scope2_kwh')).toEqual([0.79, "'Table 5'!B4"])
    expect(in2021('electricity.au.nsw_act.location_scope3_kwh')).toEqual([0.07, "'Table 46'!D25"])
    expect(in2021('fuels.au.heavy_duty_vehicles_diesel_oil_euro_iv_or_higher.transport_scope1_gj_ch4')).toEqual([0.07, "'Table 4'!E26"])
    expect(in2021('waste.au.municipal_solid_waste.landfill_stream_scope3_tonne')).toEqual([1600, "'Table 49'!B4"])
    // 2021's general transport and post-2004 rows are not 2022's `Cars and light commercial vehicles`.
    expect(k2021.has('fuels.au.cars_and_light_commercial_vehicles_diesel_oil.transport_scope1_gj_co2')).toBe(false)
    expect(k2021.has('fuels.au.general_transport_diesel_oil.transport_scope1_gj_co2')).toBe(true)
  })
})
