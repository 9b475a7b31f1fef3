import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import Decimal from 'decimal.js'
import * as XLSX from '@e965/xlsx'
import { describe, expect, it } from 'vitest'
import { FACTOR_KEY_PATTERN } from '@openfactors/engine/release'
import { cellAt, parseCellRef, readWorkbook } from '../../read/workbook.ts'
import { ingestNgaWorkbook } from './index.ts'

const D = Decimal.clone({ precision: 40 })
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

const DATASETS = process.env.OPENFACTORS_DATASETS ?? resolve(fileURLToPath(import.meta.url), '../../../../../../../shared/datasets')
const file = (y: number): string => `au-dcceew-nga-factors/national-greenhouse-account-factors-${y}.xlsx`

describe.skipIf(!existsSync(join(DATASETS, file(2025))))('nga on the published workbooks', () => {
  it('2025: Table 1 B4 = 0.64 for NSW & ACT scope 2, unique keys, every value proven', () => {
    const out = ingestNgaWorkbook(file(2025), join(DATASETS, file(2025)))
    expect(out.factors).toHaveLength(549)
    expect(new Set(out.factors.map((f) => f.key)).size).toBe(549)
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
        expect(cellAt(wb.Sheets[ref.sheet]!, ref.row0, ref.col0)?.v).toBe(c.value)
      }
      if (f.published) expect(f.value).toBe(Number(new D(f.published.value).times(f.published.multiplier)))
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
})
