import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as XLSX from '@e965/xlsx'
import { describe, expect, it } from 'vitest'
import { cellAt, parseCellRef, readWorkbook } from '../../read/workbook.ts'
import type { AdapterOutput } from '../types.ts'
import { ingestHubWorkbook } from './index.ts'
import { findTables } from './layout.ts'
import { readGasTable, HUB_SHEET } from './read-table.ts'
import { specForTitle } from './tables.ts'
import { asPublished, derive } from '../../proof/as-published.ts'

type Row = (string | number | null)[]

/** Two stacked titled tables, the second starting wherever the first ends. */
function stackedSheet(padding: number): XLSX.WorkSheet {
  const rows: Row[] = [[null, 'Emission Factors for Greenhouse Gas Inventories'], []]
  for (let i = 0; i < padding; i++) rows.push([])
  rows.push([null, 'Table 1', '   Stationary Combustion'], [])
  rows.push([null, null, 'Fuel Type', 'Heat Content (HHV)', 'CO2 Factor', 'CH4 Factor'])
  rows.push([null, null, null, 'mmBtu per short ton', 'kg CO2 per mmBtu', 'g CH4 per mmBtu'])
  rows.push([null, null, 'Coal and Coke'])
  rows.push([null, null, 'Anthracite Coal', 25.09, 103.69, 11])
  rows.push([null, null, null, 'mmBtu per gallon', 'kg CO2 per mmBtu', 'g CH4 per gallon'])
  rows.push([null, null, 'Motor Gasoline', 0.125, 70.22, 0.38])
  rows.push([null, null, 'Source: 40 CFR Part 98'], [])
  rows.push([null, 'Table 3', 'Mobile Combustion CH4 and N2O for On-Road Gasoline Vehicles'], [])
  rows.push([null, null, 'Vehicle Type', 'Model Year', 'CH4 Factor \n(g / mile)', 'N2O Factor \n(g / mile)'])
  rows.push([null, null, 'Gasoline Light-Duty Trucks', '1973-1974', 0.1908, 0.0218])
  rows.push([null, null, '(Vans, Pickup Trucks, SUVs)', 1975, 0.1634, '0 '])
  rows.push([null, null, 'Notes: factors are per vehicle-mile'])
  return XLSX.utils.aoa_to_sheet(rows)
}

function readStacked(padding: number): AdapterOutput {
  const sheet = stackedSheet(padding)
  const out: AdapterOutput = { factors: [], skipped: [] }
  for (const table of findTables(sheet)) readGasTable('hub.xlsx', sheet, table, specForTitle(table.title)!, out)
  return out
}

describe('epa-hub on a generated stacked sheet', () => {
  it('finds tables by title wherever they start and keys rows by label, not row number', () => {
    const a = readStacked(0)
    const b = readStacked(7)
    expect(a.factors.map((f) => f.key)).toEqual(b.factors.map((f) => f.key))
    expect(a.factors.map((f) => f.cell_ref)).not.toEqual(b.factors.map((f) => f.cell_ref))
    expect(a.factors.map((f) => f.key)).toEqual([
      'fuels.us.anthracite.stationary_mmbtu_co2',
      'fuels.us.anthracite.stationary_mmbtu_ch4',
      'fuels.us.motor_gasoline.stationary_mmbtu_co2',
      'fuels.us.motor_gasoline.stationary_gallon_ch4',
      'transport.us.gasoline_light_duty_trucks_model_year_1973_1974.vehicle_mile_ch4',
      'transport.us.gasoline_light_duty_trucks_model_year_1973_1974.vehicle_mile_n2o',
      'transport.us.gasoline_light_duty_trucks_model_year_1975.vehicle_mile_ch4',
    ])
  })

  it('serves gas masses in kg (g converted with published) and skips heat contents and text cells', () => {
    const out = readStacked(0)
    const co2 = out.factors[0]!
    expect([co2.value, co2.unit, co2.published, co2.section]).toEqual([103.69, 'kg CO2 per mmBtu', undefined, 'Stationary combustion > Coal and Coke'])
    const ch4 = out.factors[1]!
    expect(ch4.unit).toBe('kg CH4 per mmBtu')
    expect(ch4.published).toEqual({ value: 11, unit: 'g CH4 per mmBtu', conversion: 'g to kg: ÷ 1000', multiplier: '0.001' })
    expect(ch4.value).toBe(0.011)
    expect(out.factors[4]?.unit).toBe('kg CH4 per vehicle.mile')
    expect(out.skipped.filter((s) => s.detail === 'heat content')).toHaveLength(2)
    expect(out.skipped.find((s) => s.reason === 'non_numeric')?.detail).toBe('0')
  })

  it('carries group rows, the table, HHV and the eGRID edition into names and basis; non-baseload rates are not for inventories (issue 17)', () => {
    const rows: Row[] = [[null, 'Emission Factors for Greenhouse Gas Inventories'], []]
    rows.push([null, 'Table 1', 'Stationary Combustion'], [])
    rows.push([null, null, 'Fuel Type', 'Heat Content (HHV)', 'CO2 Factor'])
    rows.push([null, null, null, 'mmBtu per short ton', 'kg CO2 per mmBtu'])
    rows.push([null, null, 'Biomass Fuels - Kraft Pulping Liquor, by Wood Furnish'])
    rows.push([null, null, 'Bagasse', null, 95.5])
    rows.push([null, null, 'Emission factors are per unit of heat content using higher heating values (HHV).'], [])
    rows.push([null, 'Table 6', 'Electricity'], [])
    rows.push([null, null, null, null, 'Total Output Emission Factors', null, 'Non-Baseload Emission Factors'])
    rows.push([null, null, 'eGRID Subregion Acronym', 'eGRID Subregion Name', 'CO2 Factor', 'CH4 Factor', 'CO2 Factor', 'CH4 Factor'])
    rows.push([null, null, null, null, '(lb / MWh)', '(lb / MWh)', '(lb / MWh)', '(lb / MWh)'])
    rows.push([null, null, 'AKGD', 'ASCC Alaska Grid', 1052.1, 0.088, 1125.6, 0.097])
    rows.push([null, null, 'Source: EPA eGRID2022, January 2024 (Summary Tables - Table 1. Subregion Output Emission Rates)'])
    rows.push([null, null, 'Total output emission factors can be used as default factors for estimating GHG emissions from electricity use when developing a carbon footprint or emissions inventory. Annual non-baseload output emission factors should not be used when developing a carbon footprint or emissions inventory, but can be used to estimate GHG emissions reductions on the grid from changes in electricity use.'])
    const sheet = XLSX.utils.aoa_to_sheet(rows)
    const out: AdapterOutput = { factors: [], skipped: [] }
    for (const table of findTables(sheet)) readGasTable('hub.xlsx', sheet, table, specForTitle(table.title)!, out)
    const bagasse = out.factors.find((f) => f.key.includes('bagasse'))
    expect(bagasse?.name).toBe('Bagasse (Biomass Fuels - Kraft Pulping Liquor, by Wood Furnish): CO2 per mmBtu (HHV)')
    expect(bagasse?.basis).toMatchObject({ calorific_value: 'gross' })
    const total = out.factors.find((f) => f.key.endsWith('hub_total_output_co2'))
    const nonBase = out.factors.find((f) => f.key.endsWith('hub_non_baseload_co2'))
    expect(total?.name).toMatch(/^Electricity, eGRID2022 subregion AKGD/)
    expect(total?.kind).toBeUndefined()
    expect(total?.basis?.note).toBe('eGRID2022 subregion output emission rates')
    expect(nonBase?.kind).toBe('not_for_inventory')
    expect(nonBase?.basis?.note).toMatch(/non-baseload output emission factors should not be used/)
  })

  it('throws on a workbook without the Hub sheet', () => {
    const wb = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['x']]), 'Other')
    const path = join(mkdtempSync(join(tmpdir(), 'hub-')), 'hub.xlsx')
    writeFileSync(path, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
    expect(() => ingestHubWorkbook('hub.xlsx', path)).toThrow(/missing sheet/)
  })
})

const DATASETS = process.env.OPENFACTORS_DATASETS ?? resolve(fileURLToPath(import.meta.url), '../../../../../../../shared/datasets')
const file = (y: number): string => `us-epa-ghg-emission-factors-hub/ghg-emission-factors-hub-${y}.xlsx`

describe.skipIf(!existsSync(join(DATASETS, file(2024))))('epa-hub on the published 2023 and 2024 workbooks', () => {
  it('2024: counts, Anthracite E18, eGRID ERCT, waste, refrigerant GWPs, and every value proven against its cell', () => {
    const out = ingestHubWorkbook(file(2024), join(DATASETS, file(2024)))
    // 1,149 factors of tables 1-10, and 59 refrigerants from the GWP tables 11 (26 gases but CO2, CH4, N2O) and 12 (30 blends).
    expect(out.factors).toHaveLength(1208)
    expect(new Set(out.factors.map((f) => f.key)).size).toBe(1208)
    expect(out.factors.filter((f) => f.key.startsWith('refrigerants.us.'))).toHaveLength(59)
    const r410a = out.factors.find((f) => f.key === 'refrigerants.us.r410a.kg')
    expect([r410a?.value, r410a?.unit, r410a?.cell_ref, r410a?.scope]).toEqual([1924, 'kg CO2e per kg', `'${HUB_SHEET}'!D565`, 'scope_1'])
    expect(r410a?.name).toBe('Refrigerant R-410A (blend): 100-year GWP (AR5), per kg released')
    expect(r410a?.basis?.note).toMatch(/blend of 50% HFC-32, 50% HFC-125; GWP values of blended refrigerants are based only on their HFC and PFC constituents$/)
    // One gas, one subject in both editions and beside the UK's keys: PFC-14 is CF4, SF6 is sf6.
    expect(out.factors.find((f) => f.key === 'refrigerants.us.cf4.kg')?.cell_ref).toBe(`'${HUB_SHEET}'!E538`)
    expect(out.factors.find((f) => f.key === 'refrigerants.us.hfc_43_10mee.kg')?.value).toBe(1650)
    expect(out.skipped.filter((s) => /^GWP of (Carbon dioxide|Methane|Nitrous oxide)/.test(s.detail ?? ''))).toHaveLength(3)
    const anthracite = out.factors.find((f) => f.key === 'fuels.us.anthracite.stationary_mmbtu_co2')
    expect([anthracite?.value, anthracite?.cell_ref]).toEqual([103.69, `'${HUB_SHEET}'!E18`])
    const erct = out.factors.find((f) => f.key === 'electricity.us.egrid_erct.hub_total_output_co2')
    expect(erct?.published?.value).toBe(771.083)
    expect(out.factors.find((f) => f.key === 'waste.us.corrugated_containers.landfilled')?.value).toBe(1000)
    const wb = readWorkbook(join(DATASETS, file(2024)))
    for (const f of out.factors) {
      const ref = parseCellRef(f.cell_ref)!
      const published = f.published?.value ?? f.value
      expect(asPublished(cellAt(wb.Sheets[ref.sheet]!, ref.row0, ref.col0)?.v as number)).toBe(asPublished(published))
      if (f.published) expect(f.value).toBe(derive(published, f.published.multiplier))
    }
  })

  it('keeps keys stable between 2023 and 2024', () => {
    const a = new Set(ingestHubWorkbook(file(2023), join(DATASETS, file(2023))).factors.map((f) => f.key))
    const b = ingestHubWorkbook(file(2024), join(DATASETS, file(2024))).factors.map((f) => f.key)
    const shared = b.filter((k) => a.has(k)).length
    expect(shared / b.length).toBeGreaterThan(0.97)
  })
})
