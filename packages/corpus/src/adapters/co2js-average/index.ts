/**
 * CO2.js country annual average grid intensities (Ember-derived), `average-intensities.json`:
 * an object keyed by ISO 3166 alpha-3 code or region name, each entry
 * `{country_code, country_or_region, year, emissions_intensity_gco2_per_kwh}`.
 *
 * Key: `electricity.<iso2>.grid_average.location_ember`, served in kg CO2e per kWh from the
 * published g/kWh (recorded in `published`, multiplier 0.001).
 * Regions: `World` -> country `glo`, subject `grid_average`; `EU` -> country `eu`, subject
 * `grid_average`; every other region (Africa, Asia, ASEAN, Europe, G7, OECD, ...) is not a
 * country and not the EU, so -> country `glo`, subject `grid_<region>`, `region` = the region slug.
 * One entry per area and only the latest year per area, so the key carries no year; the
 * year is a tag.
 */
import { slugify } from '../../keys/slug.ts'
import { toIso2, iso2ToIso3 } from '../../keys/countries.ts'
import { IngestError, type AdapterContext, type AdapterOutput, type DraftFactor, type SkippedRow, type SourceAdapter } from '../types.ts'
import { gramsToKg, isRecord, jsonRef, publishedGrams, publishedNumber, readJson } from './grid-common.ts'

const VALUE_FIELD = 'emissions_intensity_gco2_per_kwh'
const PUBLISHED_UNIT = 'g CO2e per kWh'

/** Where an area sits in the key: country segment, subject, region. */
export interface AreaPlace {
  country: string
  subject: string
  region: string | null
}

/** Place of an area of the Ember file: ISO3 countries, the world, the EU, or a named region. */
export function placeOfArea(code: string, name: string): AreaPlace | null {
  const label = name.trim() || code.trim()
  if (/^world$/i.test(label)) return { country: 'glo', subject: 'grid_average', region: null }
  if (/^(eu|eu-?27|european union)$/i.test(label)) return { country: 'eu', subject: 'grid_average', region: null }
  const iso = /^[A-Za-z]{2,3}$/.test(code.trim()) ? toIso2(code) : null
  if (iso) return { country: iso, subject: 'grid_average', region: null }
  if (/^[A-Z]{3}$/.test(code.trim())) return null // a country code we do not know: report, never guess
  const region = slugify(label)
  return region ? { country: 'glo', subject: `grid_${region}`, region } : null
}

export function ingestAverage(json: unknown, file: string): AdapterOutput {
  if (!isRecord(json)) throw new IngestError(file, 'root', 'expected an object keyed by area')
  const factors: DraftFactor[] = []
  const skipped: SkippedRow[] = []
  for (const [areaKey, entry] of Object.entries(json)) {
    const where = jsonRef(file, areaKey)
    if (!isRecord(entry)) {
      skipped.push({ reason: 'not_a_factor', where, detail: 'entry is not an object' })
      continue
    }
    const published = publishedNumber(entry[VALUE_FIELD])
    if (published === null) {
      skipped.push({ reason: entry[VALUE_FIELD] == null || entry[VALUE_FIELD] === '' ? 'empty_value' : 'non_numeric', where })
      continue
    }
    const code = typeof entry.country_code === 'string' && entry.country_code ? entry.country_code : areaKey
    const name = typeof entry.country_or_region === 'string' ? entry.country_or_region : areaKey
    const place = placeOfArea(code, name)
    if (!place) {
      skipped.push({ reason: 'out_of_scope', where, detail: `unknown area ${areaKey}` })
      continue
    }
    const year = typeof entry.year === 'number' || typeof entry.year === 'string' ? String(entry.year) : null
    const iso3 = place.region === null && place.country.length === 2 ? iso2ToIso3(place.country) : null
    const tags = ['Ember', 'grid average', 'location-based', areaKey]
    if (iso3 && iso3 !== areaKey) tags.push(iso3)
    if (year) tags.push(year)
    factors.push({
      key: `electricity.${place.country}.${place.subject}.location_ember`,
      name: `Electricity grid average, ${name}${year ? ` (${year})` : ''} — Ember via CO2.js`,
      value: gramsToKg(published),
      unit: 'kg CO2e per kWh',
      scope: 'scope_2',
      section: 'Average grid intensities (Ember)',
      country: place.country,
      region: place.region,
      cell_ref: jsonRef(file, areaKey, VALUE_FIELD),
      published: publishedGrams(published, PUBLISHED_UNIT),
      tags,
    })
  }
  return { factors, skipped }
}

export const adapter: SourceAdapter = {
  id: 'co2js-average',
  ingest(ctx: AdapterContext): AdapterOutput {
    const file = ctx.edition.files.find((f) => f.endsWith('.json'))
    if (!file) throw new IngestError(ctx.edition.id, 'lock', 'no JSON file in the edition')
    return ingestAverage(readJson(ctx.resolve(file), file), file)
  },
}
