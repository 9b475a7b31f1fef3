import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as XLSX from '@e965/xlsx'
import { describe, expect, it } from 'vitest'
import type { AdapterOutput } from '../types.ts'
import { adapter } from './index.ts'

const dir = mkdtempSync(join(tmpdir(), 'uk-full-set-'))
let n = 0

type Rows = unknown[][]

/** A full-set sheet: the header block (scope on row 6), then the given rows from `firstRow` (1-based). */
function sheet(title: string, scope: string, firstRow: number, rows: Rows, merges: string[] = []): XLSX.WorkSheet {
  const aoa: Rows = [['UK Government GHG Conversion Factors for Company Reporting'], [title], ['Index'], [], ['Emissions source:', title], ['Scope:', scope, 'Version:', 1, 'Year:', 2025]]
  while (aoa.length < firstRow - 1) aoa.push([])
  aoa.push(...rows)
  const ws = XLSX.utils.aoa_to_sheet(aoa)
  ws['!merges'] = merges.map((m) => XLSX.utils.decode_range(m))
  return ws
}

function ingest(year: number, sheets: Record<string, XLSX.WorkSheet>): AdapterOutput {
  const wb = XLSX.utils.book_new()
  for (const [name, ws] of Object.entries(sheets)) XLSX.utils.book_append_sheet(wb, ws, name)
  const file = `full-${year}-${n++}.xlsx`
  writeFileSync(join(dir, file), XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
  return adapter.ingest({
    edition: { id: `uk-desnz-ghg-cf-${year}`, dataset: 'uk', edition: String(year), adapter: 'uk-full-set', files: [file] },
    datasetsDir: dir,
    resolve: (f) => join(dir, f),
  })
}

const byKey = (out: AdapterOutput, key: string) => out.factors.find((f) => f.key === key)
const GAS_HEADER = ['kg CO2e', 'kg CO2e of CO2 per unit', 'kg CO2e of CH4 per unit', 'kg CO2e of N2O per unit']

// Fuels: Activity merged down A23:A26, Fuel merged B23:B24, a blank continuation row (26),
// a second table after blank rows, an `NE` cell and an empty cell.
const fuels = sheet('Fuels', 'Scope 1', 22, [
  ['Activity', 'Fuel', 'Unit', ...GAS_HEADER],
  ['Liquid fuels', 'Diesel (average biofuel blend)', 'litres', 2.57082, 2.53763, 0.00029, 0.0329],
  [null, null, 'kWh (Gross CV)', 0.24411, 0.24098, 0.00002, 0.0031],
  [null, 'Petrol (average biofuel blend)', 'litres', 2.06916, 2.05523, 0.00806, 0.00587],
  [null, null, 'tonnes', 2772.97935, 2754.25, 10.8416, 7.88775],
  [], [],
  ['Activity', 'Fuel', 'Unit', ...GAS_HEADER],
  ['Gaseous fuels', 'Natural gas', 'kWh (Gross CV)', 0.18296, 0.18259, 0.00028, 0.00009],
  [null, null, 'cubic metres', 'NE', null, 0.00307, 0.00095],
], ['A23:A26', 'B23:B24'])

// UK electricity: a Year column between Unit and the values is a label, not a factor.
const electricity = sheet('UK electricity', 'Scope 2', 25, [
  ['Activity', 'Country', 'Unit', 'Year', ...GAS_HEADER],
  ['Electricity generated', 'Electricity: UK', 'kWh', 2025, 0.177, 0.17489, 0.0009, 0.00122],
])

// Passenger vehicles: a two-row header, bands merged over their four columns; an erratum
// note above the second table must not become a band.
const cars = sheet('Passenger vehicles', 'Scope 1', 24, [
  [null, null, null, 'Diesel', null, null, null, 'Petrol'],
  ['Activity', 'Type', 'Unit', ...GAS_HEADER, ...GAS_HEADER],
  ['Cars (by size)', 'Average car', 'km', 0.17304, 0.17136, 0.0000046368, 0.00167, 0.16272, 0.16204, 0.00036, 0.00032],
  [null, null, 'miles', 0.27849, 0.27578, 0.00001, 0.00269, 0.26187, 0.26078, 0.00057, 0.00052],
  [],
  [null, null, null, null, null, 'An error was identified in rounding Diesel conversion factors, reducing them to zero.'],
  ['Activity', 'Type', 'Unit', ...GAS_HEADER],
  ['Motorbike', 'Small', 'km', 0.08319, 0.08094, 0.00175, 0.0005],
], ['D24:G24', 'H24:K24'])

const hotels = sheet('Hotel stay', 'Scope 3', 21, [
  ['Activity', 'Country', 'Unit', 'kg CO2e'],
  ['Hotel stay', 'UK', 'Room per night', 10.4],
  [null, 'UK (London)', 'Room per night', 11.5],
  [null, 'Hong Kong, China', 'Room per night', 51.5],
])

const secr = sheet('SECR kWh pass & delivery vehs', 'Scope 1', 16, [
  [null, null, null, 'Diesel', 'Petrol'],
  ['Activity', 'Type', 'Unit', 'kWh (Net CV)', 'kWh (Net CV)'],
  ['Cars (by size)', 'Average car', 'km', 0.6, 0.7],
])

const freight2026 = sheet('Freighting goods', 'Scope 3', 40, [
  [null, null, null, '0% Laden', null, null, null, 'Average laden'],
  ['Activity', 'Type', 'Unit', ...GAS_HEADER, ...GAS_HEADER],
  ['HGV (non-refrigerated, all diesel)', 'Average non-refrigerated HGVs', 'tonne.km', null, null, null, null, 0.10356, 0.10205, 0.00002, 0.00149],
], ['D40:G40', 'H40:K40'])

// Waste disposal: the same labels in two tables (different values) and an exact repeat.
const waste = sheet('Waste disposal', 'Scope 3', 22, [
  [null, null, null, 'Landfill'],
  ['Activity', 'Waste type', 'Unit', 'kg CO2e'],
  ['Refuse', 'Commercial and industrial waste', 'tonnes', 467],
  [null, 'Commercial and industrial waste', 'tonnes', 467],
  [],
  [null, null, null, 'Landfill'],
  ['Activity', 'Waste type', 'Unit', 'kg CO2e'],
  ['Refuse', 'Commercial and industrial waste', 'tonnes', 520],
])

const intro = XLSX.utils.aoa_to_sheet([['Introduction'], ['Numbers like 2025 here are not factors', 2025]])

describe('uk-full-set adapter', () => {
  const out = ingest(2025, { Introduction: intro, Fuels: fuels, 'UK electricity': electricity, 'Passenger vehicles': cars, 'Hotel stay': hotels, 'SECR kWh pass & delivery vehs': secr, 'Waste disposal': waste })

  it('reads merged label cells and blank continuation rows, keeping the flat files\' keys', () => {
    expect(byKey(out, 'fuels.gb.liquid_fuels_diesel_average_biofuel_blend.litres')).toMatchObject({
      value: 2.57082, cell_ref: "'Fuels'!D23", scope: 'scope_1', unit: 'kg CO2e per litre',
      section: 'Fuels > Liquid fuels > Diesel (average biofuel blend)',
    })
    expect(byKey(out, 'fuels.gb.liquid_fuels_diesel_average_biofuel_blend.kwh_gross_cv')?.cell_ref).toBe("'Fuels'!D24")
    expect(byKey(out, 'fuels.gb.liquid_fuels_petrol_average_biofuel_blend.tonnes')?.value).toBe(2772.97935)
    expect(byKey(out, 'fuels.gb.gaseous_fuels_natural_gas.kwh_gross_cv')?.cell_ref).toBe("'Fuels'!D30")
  })

  it('keys per-gas columns with a gas suffix and fills the total gases map', () => {
    const diesel = byKey(out, 'fuels.gb.liquid_fuels_diesel_average_biofuel_blend.litres')!
    expect(diesel.gases).toEqual({
      co2: { value: 2.53763, cell_ref: "'Fuels'!E23" },
      ch4: { value: 0.00029, cell_ref: "'Fuels'!F23" },
      n2o: { value: 0.0329, cell_ref: "'Fuels'!G23" },
    })
    expect(byKey(out, 'fuels.gb.liquid_fuels_diesel_average_biofuel_blend.litres_n2o')).toMatchObject({ value: 0.0329, unit: 'kg CO2e per litre' })
    // The CH4 and N2O of natural gas per m3 are factors even though the total is `NE`.
    expect(byKey(out, 'fuels.gb.gaseous_fuels_natural_gas.m3_ch4')?.value).toBe(0.00307)
  })

  it('reads two-row headers: the band becomes part of the subject', () => {
    expect(byKey(out, 'transport.gb.cars_by_size_average_car_diesel.km')).toMatchObject({ value: 0.17304, cell_ref: "'Passenger vehicles'!D26" })
    expect(byKey(out, 'transport.gb.cars_by_size_average_car_petrol.miles')).toMatchObject({ value: 0.26187, cell_ref: "'Passenger vehicles'!H27" })
    expect(byKey(out, 'transport.gb.cars_by_size_average_car_petrol.km')?.gases?.n2o).toEqual({ value: 0.00032, cell_ref: "'Passenger vehicles'!K26" })
    // The erratum sentence above the motorbike table is not a band.
    expect(byKey(out, 'transport.gb.motorbike_small.km_ch4')?.value).toBe(0.00175)
  })

  it('treats a Year column as a label and puts countries in the country segment', () => {
    expect(byKey(out, 'electricity.gb.electricity_generated.kwh')).toMatchObject({ value: 0.177, cell_ref: "'UK electricity'!E26", scope: 'scope_2' })
    expect(out.factors.some((f) => f.value === 2025)).toBe(false)
    expect(byKey(out, 'accommodation.gb.hotel_stay.room_per_night')?.value).toBe(10.4)
    expect(byKey(out, 'accommodation.gb.hotel_stay_london.room_per_night')).toMatchObject({ value: 11.5, country: 'gb', region: 'london' })
    expect(byKey(out, 'accommodation.hk.hotel_stay.room_per_night')).toMatchObject({ country: 'hk', value: 51.5 })
  })

  it('reports what is not a factor: text sheets, SECR kWh values, NE and empty cells, exact repeats', () => {
    const reasons = out.skipped.map((s) => `${s.reason}@${s.where}`)
    expect(reasons).toContain("not_a_factor@'Introduction'")
    expect(reasons).toContain("energy_conversion@'SECR kWh pass & delivery vehs'!D18")
    expect(reasons).toContain("energy_conversion@'SECR kWh pass & delivery vehs'!E18")
    expect(reasons).toContain("not_estimated@'Fuels'!D31")
    expect(reasons).toContain("empty_value@'Fuels'!E31")
    expect(reasons).toContain("duplicate_row@'Waste disposal'!D25")
    expect(out.factors.some((f) => f.section.startsWith('SECR'))).toBe(false)
  })

  it('never gives two different cells one key: a repeated table gets a numbered subject', () => {
    expect(byKey(out, 'waste.gb.refuse_commercial_and_industrial_waste_landfill.tonnes')).toMatchObject({ value: 467, cell_ref: "'Waste disposal'!D24" })
    expect(byKey(out, 'waste.gb.refuse_commercial_and_industrial_waste_landfill_2.tonnes')).toMatchObject({ value: 520, cell_ref: "'Waste disposal'!D29" })
    const keys = out.factors.map((f) => f.key)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('reads the 2026 HGV labels into the keys of earlier editions', () => {
    const o = ingest(2026, { 'Freighting goods': freight2026 })
    expect(byKey(o, 'freight.gb.hgv_all_diesel_all_hgvs_average_laden.freighting_tonne_km')).toMatchObject({
      value: 0.10356, cell_ref: "'Freighting goods'!H42", scope: 'scope_3',
      section: 'Freighting goods > HGV (non-refrigerated, all diesel) > Average non-refrigerated HGVs',
    })
    // Read as 2025, the same labels are new ones (the alias is for 2026 only).
    const asOld = ingest(2025, { 'Freighting goods': freight2026 })
    expect(byKey(asOld, 'freight.gb.hgv_all_diesel_all_hgvs_average_laden.freighting_tonne_km')).toBeUndefined()
  })

  it('carries a sheet note\'s CV basis into the unit and basis of its energy factors (issue 17)', () => {
    const aoa: Rows = [['UK Government GHG Conversion Factors for Company Reporting'], ['Bioenergy'], [], [], ['Emissions source:', 'Bioenergy'], ['Scope:', 'Outside of Scopes'], [],
      ['Bioenergy conversion factors should be used for the combustion of fuels produced from recently living sources. All factors are on a net calorific value basis.'], [], [],
      ['Activity', 'Fuel', 'Unit', 'kg CO2e'],
      ['Biofuel', 'Biodiesel ME', 'litres', 0.16751],
      [null, null, 'GJ', 4.93],
      [null, null, 'kWh', 0.01775],
    ]
    const o = ingest(2025, { Bioenergy: XLSX.utils.aoa_to_sheet(aoa) })
    const kwh = o.factors.find((f) => f.cell_ref === "'Bioenergy'!D14")
    expect(kwh).toMatchObject({ unit: 'kg CO2e per kWh', basis: { calorific_value: 'net', note: 'the sheet states all its energy-based factors on a net calorific value basis' } })
    expect(kwh?.key).toMatch(/\.kwh$/)
    expect(o.factors.find((f) => f.cell_ref === "'Bioenergy'!D13")?.basis?.calorific_value).toBe('net')
    // Litres are not an energy unit: no CV basis.
    expect(o.factors.find((f) => f.cell_ref === "'Bioenergy'!D12")).toMatchObject({ unit: 'kg CO2e per litre' })
    expect(o.factors.find((f) => f.cell_ref === "'Bioenergy'!D12")?.basis).toBeUndefined()
    // A unit that states its CV basis gets it without a note.
    expect(byKey(out, 'fuels.gb.gaseous_fuels_natural_gas.kwh_gross_cv')?.basis).toEqual({ calorific_value: 'gross' })
  })

  it('does not give international, to/from non-UK flights the UK as country (issue 17)', () => {
    const flights = sheet('Business travel- air', 'Scope 3', 20, [
      [null, null, null, null, 'With RF'],
      ['Activity', 'Haul', 'Class', 'Unit', 'kg CO2e'],
      ['Flights', 'International, to/from non-UK', 'Average passenger', 'passenger.km', 0.18287],
      [null, 'Long-haul, to/from UK', 'Average passenger', 'passenger.km', 0.19085],
    ], ['E20:E20'])
    const o = ingest(2025, { 'Business travel- air': flights })
    expect(o.factors.map((f) => [f.country, f.key.split('.')[1]])).toEqual([['glo', 'glo'], ['gb', 'gb']])
  })

  it('refuses a workbook without any factor table', () => {
    expect(() => ingest(2025, { Introduction: intro })).toThrow(/no factor table/)
  })
})
