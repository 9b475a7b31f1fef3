import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as XLSX from '@e965/xlsx'
import { describe, expect, it } from 'vitest'
import type { AdapterOutput } from '../types.ts'
import { adapter } from './index.ts'

const dir = mkdtempSync(join(tmpdir(), 'uk-flat-'))
let n = 0

/** Write a one-sheet flat file (plus a front page) and run the adapter on it as edition `year`. */
function ingest(year: number, rows: unknown[][], ext: 'xlsx' | 'xls' = 'xlsx'): AdapterOutput {
  const wb = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['Front page'], ['Version', 1]]), 'Front page')
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Factors by Category')
  const file = `flat-${year}-${n++}.${ext}`
  writeFileSync(join(dir, file), XLSX.write(wb, { type: 'buffer', bookType: ext === 'xls' ? 'biff8' : 'xlsx' }) as Buffer)
  return adapter.ingest({
    edition: { id: `uk-desnz-ghg-cf-${year}`, dataset: 'uk', edition: String(year), adapter: 'uk-flat', files: [file] },
    datasetsDir: dir,
    resolve: (f) => join(dir, f),
  })
}

const byKey = (out: AdapterOutput, key: string) => out.factors.find((f) => f.key === key)
const DIESEL = 'fuels.gb.liquid_fuels_diesel_average_biofuel_blend.litres'

// 2016/2017 layout: header on row 5, value in column I.
const rows2016 = [
  [], [], [], [null, 'Category'],
  ['Scope', 'Level 1', 'Level 2', 'Level 3', 'Level 4', 'Column Text', 'UOM', 'GHG', 'GHG Conversion Factor 2016'],
  ['Scope 1', 'Fuels', 'Liquid fuels', 'Diesel (average biofuel blend)', null, 'Volume', 'litres', 'kg CO2e', 2.6],
  ['Scope 1', 'Fuels', 'Liquid fuels', 'Diesel (average biofuel blend)', null, 'Volume', 'litres', 'kg CH4', 0.0004],
  ['Scope 1', 'Fuels', 'Liquid fuels', 'Diesel (average biofuel blend)', null, 'Volume', 'litres', 'kg CO2', 2.58],
  ['Scope 1', 'Fuels', 'Liquid fuels', 'Diesel (average biofuel blend)', null, 'Volume', 'litres', 'kg N2O', 0.0196],
  ['Scope 1', 'Fuels', 'Liquid fuels', 'Diesel (average biofuel blend)', null, 'Energy - Gross CV', 'kWh (Gross CV)', 'kg CO2e', 0.25],
  ['Scope 3', 'Passenger vehicles', 'Cars (by size)', 'Average car', null, 'Diesel', 'km', 'kg CO2e', 0.17],
  ['Scope 3', 'Material use', 'Construction', 'Aggregates', null, 'Primary material production', 'tonnes', 'kg CO2e', 'NE'],
  ['Scope 3', 'Material use', 'Construction', 'Bricks', null, 'Reused', 'tonnes', 'kg CO2e', null],
  ['Scope 1', 'Passenger vehicles', 'Motorbike', 'Small', null, null, 'km', 'kg CO2e', '< 1'],
]

// 2018–2021 layout: UOM (simple) and Lookup columns, value in K.
const rows2019 = [
  ['UK Government GHG Conversion Factors for Company Reporting'], ['Factors by Category'], [], [null, 'Category', null, null, null, null, 'HIDE'],
  ['Scope', 'Level 1', 'Level 2', 'Level 3', 'Level 4', 'Column Text', 'UOM (simple)', 'UOM', 'GHG', 'Lookup', 'GHG Conversion Factor 2019'],
  ['Scope 1', 'Fuels', 'Liquid fuels', 'Diesel (average biofuel blend)', null, 'Volume', 'litres', 'litres', 'kg CO2e', 'Diesel litres', 2.62],
  ['Scope 2', 'UK electricity', 'Electricity generated', 'Electricity: UK', null, null, 'kWh', 'kWh', 'kg CO2e', 'x', 0.2556],
]

// 2022 layout: GHG/Unit, per-gas rows `kg CO2e of …`, SECR kWh rows.
const rows2022 = [
  [], [], [], [null, 'Category'],
  ['Scope', 'Level 1', 'Level 2', 'Level 3', 'Level 4', 'Column Text', 'UOM', 'GHG/Unit', 'GHG Conversion Factor 2022'],
  ['Scope 1', 'Fuels', 'Liquid fuels', 'Diesel (average biofuel blend)', null, null, 'litres', 'kg CO2e', 2.55],
  ['Scope 1', 'Fuels', 'Liquid fuels', 'Diesel (average biofuel blend)', null, null, 'litres', 'kg CO2e of CO2', 2.52],
  ['Scope 2', 'UK electricity', 'Electricity generated', 'Electricity: UK', '2020', null, 'kWh', 'kg CO2e', 0.19338],
  ['Scope 1', 'Passenger and delivery vehicles- kWh factors', 'Cars (by size)', 'Average car', null, 'Diesel', 'km', 'kWh (Net CV)', 0.62],
  ['Scope 2', 'SECR kWh UK electricity for EVs', 'Cars (by size)', 'Average car', null, 'Battery Electric Vehicle', 'km', 'kWh (net)', 0.19],
  ['END'],
]

// 2023 layout: ID column first, header on row 6, full-precision floats.
const rows2023 = [
  ['UK Government GHG Conversion Factors for Company Reporting'], ['Factors by Category'], ['Freeze panes are active on this sheet.'], [], [null, null, 'Category'],
  ['ID', 'Scope', 'Level 1', 'Level 2', 'Level 3', 'Level 4', 'Column Text', 'UOM', 'GHG/Unit', 'GHG Conversion Factor 2023'],
  ['1_101_1011_8_1', 'Scope 1', 'Fuels', 'Liquid fuels', 'Diesel (average biofuel blend)', null, null, 'litres', 'kg CO2e', 2.5120638845637586],
  ['1_101_1011_8_2', 'Scope 1', 'Fuels', 'Liquid fuels', 'Diesel (average biofuel blend)', null, null, 'litres', 'kg CO2e of CO2 per unit', 2.47887],
  ['1_101_1011_8_3', 'Scope 1', 'Fuels', 'Liquid fuels', 'Diesel (average biofuel blend)', null, null, 'litres', 'kg CO2e of CH4 per unit', 0.0002912],
  ['1_101_1011_8_4', 'Scope 1', 'Fuels', 'Liquid fuels', 'Diesel (average biofuel blend)', null, null, 'litres', 'kg CO2e of N2O per unit', 0.03290268456375839],
  ['7_400_4000_5_1', 'Scope 2', 'UK electricity', 'Electricity generated', 'Electricity: UK', 'kWh', null, 'kWh', 'kg CO2e', 0.20707428859060403],
  ['29_600_4003_13_1', 'Scope 3', 'Hotel stay', 'Hotel stay', 'Hong Kong, China', null, null, 'Room per night', 'kg CO2e', 51.5],
  ['99_604_1011_8_2', 'Outside of Scopes', 'Outside of scopes', 'Forecourt fuels containing biofuel', 'Diesel (average biofuel blend)', null, null, 'litres', 'kg CO2e of CO2 per unit', 0.14],
]

describe('uk-flat adapter', () => {
  it('finds the header row and value column of each edition layout and reads values bit for bit', () => {
    const a = ingest(2016, rows2016)
    expect(byKey(a, DIESEL)).toMatchObject({ value: 2.6, cell_ref: "'Factors by Category'!I6", unit: 'kg CO2e per litre', scope: 'scope_1', country: 'gb' })
    const b = ingest(2019, rows2019, 'xls')
    expect(byKey(b, DIESEL)).toMatchObject({ value: 2.62, cell_ref: "'Factors by Category'!K6" })
    const d = ingest(2023, rows2023)
    const diesel = byKey(d, DIESEL)!
    expect(Object.is(diesel.value, 2.5120638845637586)).toBe(true)
    expect(diesel).toMatchObject({ cell_ref: "'Factors by Category'!J7", tags: ['1_101_1011_8_1'], section: 'Fuels > Liquid fuels > Diesel (average biofuel blend)' })
  })

  it('gives the same factor the same key in every layout, dropping unit descriptors, years and unit repeats', () => {
    const keys = [ingest(2016, rows2016), ingest(2019, rows2019), ingest(2022, rows2022), ingest(2023, rows2023)].map((o) => o.factors.map((f) => f.key))
    for (const k of keys) expect(k).toContain(DIESEL)
    // 2019 plain, 2022 with a year in Level 4, 2023 with `kWh` in Level 4: one key.
    for (const k of keys.slice(1)) expect(k).toContain('electricity.gb.electricity_generated.kwh')
    expect(keys[0]).toContain('fuels.gb.liquid_fuels_diesel_average_biofuel_blend.kwh_gross_cv')
  })

  it('keys per-gas rows with a gas suffix, units them as CO2e and fills the total gases map', () => {
    const a = ingest(2016, rows2016)
    expect(byKey(a, `${DIESEL}_ch4`)).toMatchObject({ value: 0.0004, unit: 'kg CO2e per litre', cell_ref: "'Factors by Category'!I7" })
    expect(byKey(a, DIESEL)!.gases).toEqual({
      ch4: { value: 0.0004, cell_ref: "'Factors by Category'!I7" },
      co2: { value: 2.58, cell_ref: "'Factors by Category'!I8" },
      n2o: { value: 0.0196, cell_ref: "'Factors by Category'!I9" },
    })
    const d = ingest(2023, rows2023)
    expect(Object.keys(byKey(d, DIESEL)!.gases ?? {})).toEqual(['co2', 'ch4', 'n2o'])
    expect(byKey(d, 'fuels.gb.forecourt_fuels_containing_biofuel_diesel_average_biofuel_blend.outside_scopes_litres_co2')).toMatchObject({ scope: 'outside_scopes', value: 0.14 })
  })

  it('reports rows that are not factors with their reason', () => {
    const a = ingest(2016, rows2016)
    const reasons = a.skipped.map((s) => `${s.reason}@${s.where}`)
    expect(reasons).toContain("not_estimated@'Factors by Category' row 12")
    expect(reasons).toContain("empty_value@'Factors by Category' row 13")
    expect(reasons).toContain("non_numeric@'Factors by Category' row 14")
    const c = ingest(2022, rows2022)
    expect(c.skipped.filter((s) => s.reason === 'energy_conversion').map((s) => s.where)).toEqual([
      "'Factors by Category' row 9",
      "'Factors by Category' row 10",
    ])
    expect(c.factors).toHaveLength(3)
  })

  it('puts per-country rows under their ISO code and keeps the rest in the subject', () => {
    const d = ingest(2023, rows2023)
    expect(byKey(d, 'accommodation.hk.hotel_stay.room_per_night')).toMatchObject({ country: 'hk', unit: 'kg CO2e per room per night', scope: 'scope_3' })
  })

  it('refuses a sheet without the expected header', () => {
    expect(() => ingest(2016, [['Scope', 'Level 1'], ['Scope 1', 'Fuels']])).toThrow(/header row lacks/)
    expect(() => ingest(2016, [['nothing here']])).toThrow(/no header row/)
    expect(() => ingest(2016, rows2016.slice(0, 5))).toThrow(/no numeric value/)
  })
})
