import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { adapter } from './index.ts'
import { adapter as marginal } from '../co2js-marginal/index.ts'
import { realContext, realDatasetsDir } from '../co2js-average/real-datasets.ts'

/** Three header records with quoted cells spanning lines, as the IFI file has them. */
const IFI_CSV = [
  ',"Combined Margin Grid Emission \nFactor, gCO2/kWh",,,,"Operating Margin Grid Emission \nFactor, gCO2/kWh (including for use in PCAF GHG accounting)"',
  ',"Firm Energy (e.g., Hydro, Geothermal)","Intermittent Energy (e.g., Solar, Wind, Tidal)","Energy Efficiency","Electricity Consumption",',
  '"Country / Territory / Island",,,,,',
  '"Afghanistan",193,331,193,193,414',
  '"Azores (Portugal)",384,614,384,384,753',
  '"Bolivia, Plurinational State of",393,525,393,393,',
  '"Memo:  EU 27",261,353,261,261,409',
  ',,,,,',
  '"Note 1: see \n""AHG-001""",,,,,',
  '',
].join('\n')

function generated(): { dir: string; csv: string; json: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ifi-'))
  mkdirSync(join(dir, 'g'))
  const csv = 'g/ifi.csv'
  const json = 'g/marginal.json'
  writeFileSync(join(dir, csv), IFI_CSV)
  writeFileSync(join(dir, json), JSON.stringify({
    Afghanistan: { 'Country / Territory / Island': 'Afghanistan', 'Firm Energy (e.g., Hydro, Geothermal)': '193', 'Intermittent Energy (e.g., Solar, Wind, Tidal)': '331', 'Energy Efficiency': '193', 'Electricity Consumption': '193', 'Operating Margin Grid Emission': '415', unfccc_country_name: 'Afghanistan', country_code_iso_2: 'AF' },
    'Bolivia, Plurinational State of': { 'Country / Territory / Island': ['Bolivia', 'Plurinational State of'], 'Firm Energy (e.g., Hydro, Geothermal)': '393', 'Intermittent Energy (e.g., Solar, Wind, Tidal)': '525', 'Energy Efficiency': '393', 'Electricity Consumption': '393', 'Operating Margin Grid Emission': '', country_code_iso_2: 'BO' },
    Atlantis: { 'Country / Territory / Island': 'Atlantis', 'Firm Energy (e.g., Hydro, Geothermal)': '1', 'Intermittent Energy (e.g., Solar, Wind, Tidal)': '2', 'Energy Efficiency': '3', 'Electricity Consumption': '4', 'Operating Margin Grid Emission': '5', country_code_iso_2: 'KY' },
  }))
  return { dir, csv, json }
}

describe('ifi-csv on a generated file with multi-line header cells', () => {
  const { dir, csv } = generated()
  const out = adapter.ingest(realContext(dir, 'unfccc-ifi-grid-2021', 'g', 'ifi-csv', [csv]))

  it('reads five methods per country on the record lines of the file', () => {
    expect(out.factors.filter((f) => f.country === 'af').map((f) => [f.key, f.value])).toEqual([
      ['electricity.af.grid.ifi_cm_firm', 0.193],
      ['electricity.af.grid.ifi_cm_intermittent', 0.331],
      ['electricity.af.grid.ifi_cm_efficiency', 0.193],
      ['electricity.af.grid.ifi_cm_consumption', 0.193],
      ['electricity.af.grid.ifi_om', 0.414],
    ])
    const om = out.factors.find((f) => f.key === 'electricity.af.grid.ifi_om')
    // header lines 1-5 (two quoted cells span lines), Afghanistan on line 6
    expect(om?.cell_ref).toBe('g/ifi.csv#L6:Operating Margin Grid Emission Factor, gCO2/kWh (including for use in PCAF GHG accounting)')
    expect(om?.unit).toBe('kg CO2 per kWh')
    expect(om?.published).toEqual({ value: 414, unit: 'g CO2 per kWh', conversion: 'g to kg (÷ 1000)', multiplier: '0.001' })
    expect(out.factors[0]?.cell_ref).toBe('g/ifi.csv#L6:Firm Energy (e.g., Hydro, Geothermal)')
  })

  it('places islands in the subject and the EU memo under eu, and skips the empty cell and the note', () => {
    expect(out.factors.find((f) => f.key === 'electricity.pt.grid_azores.ifi_om')?.region).toBe('azores')
    expect(out.factors.find((f) => f.key === 'electricity.eu.grid.ifi_om')?.value).toBe(0.409)
    expect(out.factors.filter((f) => f.country === 'bo')).toHaveLength(4)
    expect(out.skipped.map((s) => s.reason).sort()).toEqual(['empty_value', 'not_a_factor'])
  })

  it('lets the marginal JSON add only values that differ from the IFI CSV', () => {
    const { dir: d, csv: c, json } = generated()
    const m = marginal.ingest(realContext(d, 'tgwf-co2js-marginal-2021', 'g', 'co2js-marginal', [json, c]))
    const keys = out.factors.map((f) => f.key)
    expect(m.factors.map((f) => f.key)).toEqual([
      'electricity.af.grid.marginal',
      'electricity.ky.grid.marginal_cm_firm',
      'electricity.ky.grid.marginal_cm_intermittent',
      'electricity.ky.grid.marginal_cm_efficiency',
      'electricity.ky.grid.marginal_cm_consumption',
      'electricity.ky.grid.marginal',
    ])
    expect(m.factors[0]?.cell_ref).toBe('g/marginal.json#/Afghanistan/Operating Margin Grid Emission')
    expect(m.factors[0]?.value).toBe(0.415)
    for (const f of m.factors) expect(keys).not.toContain(f.key)
    const reasons = m.skipped.map((s) => s.reason)
    expect(reasons.filter((r) => r === 'restated_primary')).toHaveLength(8)
    expect(reasons.filter((r) => r === 'empty_value')).toHaveLength(1)
  })
})

const real = realDatasetsDir()
describe.skipIf(!real)('ifi-csv and co2js-marginal on the published files', () => {
  const g = 'tgwf-co2js-grid-intensity'
  const csv = `${g}/IFI_Default_Grid_Factors_2021_v3.1_unfccc.csv`

  it('gives 233 places × 5 methods from the IFI CSV', () => {
    const out = adapter.ingest(realContext(real!, 'unfccc-ifi-grid-2021', g, 'ifi-csv', [csv]))
    expect(out.factors).toHaveLength(1165)
    expect(new Set(out.factors.map((f) => f.key)).size).toBe(1165)
    const de = out.factors.find((f) => f.key === 'electricity.de.grid.ifi_om')
    expect(de?.cell_ref).toMatch(/#L\d+:Operating Margin Grid Emission Factor/)
    expect(out.factors.find((f) => f.key === 'electricity.af.grid.ifi_cm_intermittent')?.published?.value).toBe(331)
    expect(out.factors.find((f) => f.key === 'electricity.ky.grid.ifi_om')).toBeDefined()
  })

  it('finds every marginal JSON value restated from the IFI CSV', () => {
    const m = marginal.ingest(realContext(real!, 'tgwf-co2js-marginal-2021', g, 'co2js-marginal', [`${g}/marginal-intensities-2021.json`, csv]))
    expect(m.factors).toHaveLength(0)
    expect(m.skipped.filter((s) => s.reason === 'restated_primary')).toHaveLength(1165)
  })
})
