import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FactorRowSchema } from '@openfactors/engine/release'
import { adapter, ingestAverage, placeOfArea } from './index.ts'
import { jsonPointer, gramsToKg } from './grid-common.ts'
import { realContext, realDatasetsDir } from './real-datasets.ts'

describe('jsonPointer', () => {
  it('escapes ~ and / as RFC 6901 says', () => {
    expect(jsonPointer('Curacao/Netherlands Antilles', 'a~b')).toBe('/Curacao~1Netherlands Antilles/a~0b')
  })
})

describe('co2js-average on a generated file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'co2js-avg-'))
  mkdirSync(join(dir, 'g'))
  const file = 'g/average-intensities.json'
  writeFileSync(join(dir, file), JSON.stringify({
    DEU: { country_code: 'DEU', country_or_region: 'Germany', year: 2024, emissions_intensity_gco2_per_kwh: 344.14 },
    World: { country_code: '', country_or_region: 'World', year: 2024, emissions_intensity_gco2_per_kwh: 472.94 },
    EU: { country_code: '', country_or_region: 'EU', year: 2024, emissions_intensity_gco2_per_kwh: 213.02 },
    'Latin America/Caribbean': { country_code: '', country_or_region: 'Latin America/Caribbean', year: 2024, emissions_intensity_gco2_per_kwh: 254.21 },
    XYZ: { country_code: 'XYZ', country_or_region: 'Nowhere', year: 2024, emissions_intensity_gco2_per_kwh: 1 },
    FRA: { country_code: 'FRA', country_or_region: 'France', year: 2023, emissions_intensity_gco2_per_kwh: null },
  }))
  const out = adapter.ingest(realContext(dir, 'tgwf-co2js-ember-avg', 'g', 'co2js-average', [file]))

  it('serves kg per kWh from the published grams, with the exact cell', () => {
    const de = out.factors.find((f) => f.key === 'electricity.de.grid_average.location_ember')
    expect(de).toMatchObject({
      value: 0.34414,
      unit: 'kg CO2e per kWh',
      country: 'de',
      region: null,
      scope: 'scope_2',
      cell_ref: 'g/average-intensities.json#/DEU/emissions_intensity_gco2_per_kwh',
      published: { value: 344.14, multiplier: '0.001' },
    })
    expect(de?.tags).toContain('DEU')
  })

  it('puts the world and the EU in the country segment and other regions in the subject', () => {
    expect(out.factors.map((f) => f.key)).toEqual([
      'electricity.de.grid_average.location_ember',
      'electricity.glo.grid_average.location_ember',
      'electricity.eu.grid_average.location_ember',
      'electricity.glo.grid_latin_america_caribbean.location_ember',
    ])
    const latam = out.factors[3]
    expect(latam?.region).toBe('latin_america_caribbean')
    expect(latam?.cell_ref).toBe('g/average-intensities.json#/Latin America~1Caribbean/emissions_intensity_gco2_per_kwh')
  })

  it('reports the unknown code and the empty value instead of guessing', () => {
    expect(out.skipped.map((s) => s.reason).sort()).toEqual(['empty_value', 'out_of_scope'])
  })

  it('gives rows the release schema accepts', () => {
    for (const f of out.factors) expect(FactorRowSchema.safeParse({ ...f, source_id: 'x' }).success).toBe(true)
  })

  it('throws naming the file for a root that is not an object', () => {
    expect(() => ingestAverage([], 'g/x.json')).toThrow(/g\/x\.json/)
  })
})

describe('placeOfArea', () => {
  it('maps ISO3 codes through the ISO table', () => {
    expect(placeOfArea('GBR', 'United Kingdom')).toEqual({ country: 'gb', subject: 'grid_average', region: null })
    expect(placeOfArea('', 'G7')).toEqual({ country: 'glo', subject: 'grid_g7', region: 'g7' })
  })
})

describe('gramsToKg', () => {
  it('is the decimal product, not the float one', () => {
    expect(gramsToKg(123.71)).toBe(0.12371)
    expect(545.09 * 0.001).not.toBe(0.54509)
    expect(gramsToKg(545.09)).toBe(0.54509)
  })
})

const real = realDatasetsDir()
describe.skipIf(!real)('co2js-average on the published file', () => {
  it('gives 222 areas, 13 of them regions, with exact cells', () => {
    const f = 'tgwf-co2js-grid-intensity/average-intensities.json'
    const out = adapter.ingest(realContext(real!, 'tgwf-co2js-ember-avg', 'tgwf-co2js-grid-intensity', 'co2js-average', [f]))
    expect(out.factors).toHaveLength(222)
    expect(new Set(out.factors.map((x) => x.key)).size).toBe(222)
    expect(out.skipped).toHaveLength(0)
    expect(out.factors.filter((x) => x.country === 'glo' || x.country === 'eu')).toHaveLength(13)
    const af = out.factors.find((x) => x.key === 'electricity.af.grid_average.location_ember')
    expect(af?.published?.value).toBe(123.71)
    expect(af?.value).toBe(0.12371)
    expect(out.factors.find((x) => x.key === 'electricity.glo.grid_average.location_ember')?.published?.value).toBe(472.94)
    expect(out.factors.find((x) => x.key === 'electricity.hk.grid_average.location_ember')).toBeDefined()
  })
})
