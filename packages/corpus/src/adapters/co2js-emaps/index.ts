/**
 * CO2.js republication of Electricity Maps annual zone intensities, `electricity-maps/yearly_<YYYY>.json`
 * (one edition per year): keyed by zone (`DE`, `DK-DK1`, `US-CAL-CISO`) ->
 * `{ zone: { zoneName }, carbonIntensity: { value, unit: 'gCO2eq/kWh' }, renewableEnergy, carbonFreeEnergy }`.
 *
 * Only `carbonIntensity` is an emission factor; the renewable and carbon-free shares are
 * resource-mix percentages and are skipped (`not_a_factor`, one per share cell).
 * Key: national zone `DE` -> `electricity.de.grid_average.location_emaps`; sub-national zone
 * `US-CAL-CISO` -> `electricity.us.grid_us_cal_ciso.location_emaps` with `region` `cal_ciso`.
 * Keys carry no year, so one zone has one key across the five yearly editions.
 */
import { slugify } from '../../keys/slug.ts'
import { toIso2 } from '../../keys/countries.ts'
import { IngestError, type AdapterContext, type AdapterOutput, type DraftFactor, type SkippedRow, type SourceAdapter } from '../types.ts'
import { gramsToKg, isRecord, jsonRef, publishedGrams, publishedNumber, readJson } from '../co2js-average/grid-common.ts'

const SHARE_FIELDS = ['renewableEnergy', 'carbonFreeEnergy'] as const

/** Country, subject and region of an Electricity Maps zone; null when the prefix is no ISO code. */
export function placeOfZone(zone: string): { country: string; subject: string; region: string | null } | null {
  const [prefix, ...rest] = zone.split('-')
  const country = prefix ? toIso2(prefix) : null
  if (!country || prefix!.length !== 2) return null
  if (rest.length === 0) return { country, subject: 'grid_average', region: null }
  return { country, subject: `grid_${slugify(zone)}`, region: slugify(rest.join('-')) }
}

export function ingestEmaps(json: unknown, file: string, year: string | null): AdapterOutput {
  if (!isRecord(json)) throw new IngestError(file, 'root', 'expected an object keyed by zone')
  const factors: DraftFactor[] = []
  const skipped: SkippedRow[] = []
  for (const [zone, entry] of Object.entries(json)) {
    const where = jsonRef(file, zone)
    if (!isRecord(entry)) {
      skipped.push({ reason: 'not_a_factor', where, detail: 'entry is not an object' })
      continue
    }
    for (const share of SHARE_FIELDS) {
      if (share in entry) skipped.push({ reason: 'not_a_factor', where: jsonRef(file, zone, share, 'value'), detail: 'resource-mix share (%)' })
    }
    const ci = entry.carbonIntensity
    const published = isRecord(ci) ? publishedNumber(ci.value) : null
    if (published === null) {
      skipped.push({ reason: isRecord(ci) && ci.value != null && ci.value !== '' ? 'non_numeric' : 'empty_value', where: jsonRef(file, zone, 'carbonIntensity', 'value') })
      continue
    }
    const unit = isRecord(ci) && typeof ci.unit === 'string' ? ci.unit : ''
    if (unit !== 'gCO2eq/kWh') throw new IngestError(file, jsonRef(file, zone, 'carbonIntensity', 'unit'), `unexpected unit ${JSON.stringify(unit)}`)
    const place = placeOfZone(zone)
    if (!place) {
      skipped.push({ reason: 'out_of_scope', where, detail: `zone ${zone} has no ISO 3166 country prefix` })
      continue
    }
    const zoneName = isRecord(entry.zone) && typeof entry.zone.zoneName === 'string' ? entry.zone.zoneName : zone
    const tags = ['Electricity Maps', 'grid average', 'location-based', zone]
    if (year) tags.push(year)
    factors.push({
      key: `electricity.${place.country}.${place.subject}.location_emaps`,
      name: `Electricity grid average, ${zoneName}${place.region ? ` (${zone})` : ''}${year ? `, ${year}` : ''} — Electricity Maps via CO2.js`,
      value: gramsToKg(published),
      unit: 'kg CO2e per kWh',
      scope: 'scope_2',
      section: `Electricity Maps yearly zone intensities${year ? ` > ${year}` : ''}`,
      country: place.country,
      region: place.region,
      cell_ref: jsonRef(file, zone, 'carbonIntensity', 'value'),
      published: publishedGrams(published, 'g CO2e per kWh (gCO2eq/kWh)'),
      tags,
    })
  }
  return { factors, skipped }
}

export const adapter: SourceAdapter = {
  id: 'co2js-emaps',
  ingest(ctx: AdapterContext): AdapterOutput {
    const file = ctx.edition.files.find((f) => f.endsWith('.json'))
    if (!file) throw new IngestError(ctx.edition.id, 'lock', 'no JSON file in the edition')
    const year = /yearly_(\d{4})\.json$/.exec(file)?.[1] ?? null
    return ingestEmaps(readJson(ctx.resolve(file), file), file, year)
  },
}
