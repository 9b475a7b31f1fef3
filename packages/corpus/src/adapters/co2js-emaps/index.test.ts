import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { adapter, placeOfZone } from './index.ts'
import { realContext, realDatasetsDir } from '../co2js-average/real-datasets.ts'

describe('placeOfZone', () => {
  it('keeps national zones national and sub-national zones in the subject', () => {
    expect(placeOfZone('DE')).toEqual({ country: 'de', subject: 'grid_average', region: null })
    expect(placeOfZone('US-CAL-CISO')).toEqual({ country: 'us', subject: 'grid_us_cal_ciso', region: 'cal_ciso' })
    expect(placeOfZone('DK-DK1')).toEqual({ country: 'dk', subject: 'grid_dk_dk1', region: 'dk1' })
    expect(placeOfZone('ZZ-1')).toBeNull()
  })
})

describe('co2js-emaps on a generated file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'co2js-emaps-'))
  mkdirSync(join(dir, 'g'))
  const file = 'g/yearly_2023.json'
  writeFileSync(join(dir, file), JSON.stringify({
    DE: { zone: { zoneName: 'Germany' }, carbonIntensity: { value: 381, unit: 'gCO2eq/kWh' }, renewableEnergy: { value: 52, unit: '%' }, carbonFreeEnergy: { value: 57, unit: '%' } },
    'US-CAL-CISO': { zone: { zoneName: 'CAISO' }, carbonIntensity: { value: 215.5, unit: 'gCO2eq/kWh' }, renewableEnergy: { value: 50, unit: '%' } },
    'DK-BHM': { zone: { zoneName: 'Bornholm' }, carbonIntensity: { value: null, unit: 'gCO2eq/kWh' } },
  }))
  const out = adapter.ingest(realContext(dir, 'tgwf-co2js-emaps-2023', 'g', 'co2js-emaps', [file]))

  it('serves carbonIntensity in kg per kWh under a year-free key', () => {
    expect(out.factors.map((f) => [f.key, f.value, f.cell_ref])).toEqual([
      ['electricity.de.grid_average.location_emaps', 0.381, 'g/yearly_2023.json#/DE/carbonIntensity/value'],
      ['electricity.us.grid_us_cal_ciso.location_emaps', 0.2155, 'g/yearly_2023.json#/US-CAL-CISO/carbonIntensity/value'],
    ])
    expect(out.factors[1]?.region).toBe('cal_ciso')
    expect(out.factors[0]?.tags).toContain('2023')
  })

  it('skips the resource-mix shares and the empty value', () => {
    const reasons = out.skipped.map((s) => s.reason)
    expect(reasons.filter((r) => r === 'not_a_factor')).toHaveLength(3)
    expect(reasons.filter((r) => r === 'empty_value')).toHaveLength(1)
  })
})

const real = realDatasetsDir()
describe.skipIf(!real)('co2js-emaps on the published files', () => {
  it('gives 352 zones a year with the same keys in 2021 and 2025', () => {
    const g = 'tgwf-co2js-grid-intensity'
    const run = (y: number) => adapter.ingest(realContext(real!, `tgwf-co2js-emaps-${y}`, g, 'co2js-emaps', [`${g}/electricity-maps/yearly_${y}.json`]))
    const a = run(2021)
    const b = run(2025)
    expect(a.factors).toHaveLength(352)
    expect(new Set(a.factors.map((f) => f.key)).size).toBe(352)
    expect(a.factors.map((f) => f.key)).toEqual(b.factors.map((f) => f.key))
    expect(a.skipped.filter((s) => s.reason === 'not_a_factor')).toHaveLength(704)
    expect(a.factors.find((f) => f.key === 'electricity.ae.grid_average.location_emaps')?.published?.value).toBe(447)
    expect(b.factors.find((f) => f.key === 'electricity.ae.grid_average.location_emaps')?.value).toBe(0.348)
    expect(b.factors.find((f) => f.key === 'electricity.us.grid_us_cal_ciso.location_emaps')).toBeDefined()
  })
})
