/**
 * CO2.js marginal grid intensities 2021 (`marginal-intensities-2021.json`): keyed by country
 * name; each entry restates one row of the IFI harmonised grid-factor CSV (same five columns,
 * values as strings) plus Ember/UNFCCC names and ISO codes.
 *
 * Primary wins: the IFI CSV is the upstream and has its own adapter (`ifi-csv`). A JSON value
 * whose country row exists in the IFI CSV (matched by the UNFCCC name, whitespace-collapsed)
 * with the same number in the same column is skipped as `restated_primary`. A value that
 * differs, or a country the CSV lacks, becomes a factor of its own:
 * `electricity.<iso2>.grid.marginal` for the operating margin (method `marginal`) and
 * `marginal_cm_<firm|intermittent|efficiency|consumption>` for the combined margins, unit
 * kg CO2 per kWh from the published g.
 * Countries come from the place name (the JSON's own `country_code_iso_2` is wrong for the
 * Cayman and Canary Islands, so it is only a fallback).
 * The comparison needs the IFI CSV: the edition lists it among its files, else the adapter
 * reads `tgwf-co2js-grid-intensity/IFI_Default_Grid_Factors_2021_v3.1_unfccc.csv`.
 */
import { join } from 'node:path'
import { toIso2 } from '../../keys/countries.ts'
import { IngestError, type AdapterContext, type AdapterOutput, type DraftFactor, type SkippedRow, type SourceAdapter } from '../types.ts'
import { gramsToKg, isRecord, jsonRef, publishedGrams, publishedNumber, readJson } from '../co2js-average/grid-common.ts'
import { readIfiTable, type IfiRow } from '../ifi-csv/ifi-table.ts'
import { placeOfIfiName, type IfiPlace } from '../ifi-csv/ifi-countries.ts'

export const DEFAULT_IFI_FILE = 'tgwf-co2js-grid-intensity/IFI_Default_Grid_Factors_2021_v3.1_unfccc.csv'

/** JSON field -> [IFI method it restates, our method for a value of its own]. */
const FIELDS: readonly (readonly [string, string, string])[] = [
  ['Firm Energy (e.g., Hydro, Geothermal)', 'ifi_cm_firm', 'marginal_cm_firm'],
  ['Intermittent Energy (e.g., Solar, Wind, Tidal)', 'ifi_cm_intermittent', 'marginal_cm_intermittent'],
  ['Energy Efficiency', 'ifi_cm_efficiency', 'marginal_cm_efficiency'],
  ['Electricity Consumption', 'ifi_cm_consumption', 'marginal_cm_consumption'],
  ['Operating Margin Grid Emission', 'ifi_om', 'marginal'],
]

const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim()

/** The place name of an entry: `Country / Territory / Island` (a string, or split into parts on `, `). */
function entryName(key: string, entry: Record<string, unknown>): string {
  const unfccc = entry.unfccc_country_name
  if (typeof unfccc === 'string' && unfccc.trim()) return collapse(unfccc)
  const raw = entry['Country / Territory / Island']
  if (Array.isArray(raw)) return collapse(raw.map(String).join(', '))
  if (typeof raw === 'string' && raw.trim()) return collapse(raw)
  return collapse(key)
}

function placeOfEntry(name: string, entry: Record<string, unknown>): IfiPlace | null {
  const byName = placeOfIfiName(name)
  if (byName) return byName
  const iso = typeof entry.country_code_iso_2 === 'string' && entry.country_code_iso_2 ? toIso2(entry.country_code_iso_2) : null
  return iso ? { country: iso, region: null } : null
}

/** IFI values by collapsed country name and IFI method. */
export function ifiIndex(rows: readonly IfiRow[]): Map<string, Map<string, number>> {
  const index = new Map<string, Map<string, number>>()
  for (const row of rows) {
    const byMethod = new Map<string, number>()
    for (const c of row.cells) if (c.text !== '') byMethod.set(c.column.method, Number(c.text))
    index.set(collapse(row.name), byMethod)
  }
  return index
}

export function ingestMarginal(json: unknown, file: string, ifi: Map<string, Map<string, number>>): AdapterOutput {
  if (!isRecord(json)) throw new IngestError(file, 'root', 'expected an object keyed by country')
  const factors: DraftFactor[] = []
  const skipped: SkippedRow[] = []
  for (const [key, entry] of Object.entries(json)) {
    if (!isRecord(entry)) { skipped.push({ reason: 'not_a_factor', where: jsonRef(file, key) }); continue }
    const name = entryName(key, entry)
    const primary = ifi.get(name)
    const place = placeOfEntry(name, entry)
    for (const [field, ifiMethod, method] of FIELDS) {
      const where = jsonRef(file, key, field)
      const published = publishedNumber(entry[field])
      if (published === null) {
        skipped.push({ reason: entry[field] == null || entry[field] === '' ? 'empty_value' : 'non_numeric', where })
        continue
      }
      if (primary?.get(ifiMethod) === published) {
        skipped.push({ reason: 'restated_primary', where, detail: `same as IFI CSV ${ifiMethod} for ${name}` })
        continue
      }
      if (!place) { skipped.push({ reason: 'out_of_scope', where, detail: `unknown country ${name}` }); continue }
      factors.push({
        key: `electricity.${place.country}.${place.region ? `grid_${place.region}` : 'grid'}.${method}`,
        name: `Electricity grid, ${name.replace(/^memo:\s*/i, '')} — marginal intensity (${field}) via CO2.js`,
        value: gramsToKg(published),
        unit: 'kg CO2 per kWh',
        scope: null,
        section: 'CO2.js marginal intensities 2021',
        country: place.country,
        region: place.region,
        cell_ref: where,
        published: publishedGrams(published, 'g CO2 per kWh'),
        tags: ['CO2.js', 'marginal', field, name],
      })
    }
  }
  return { factors, skipped }
}

export const adapter: SourceAdapter = {
  id: 'co2js-marginal',
  ingest(ctx: AdapterContext): AdapterOutput {
    const file = ctx.edition.files.find((f) => f.endsWith('.json'))
    if (!file) throw new IngestError(ctx.edition.id, 'lock', 'no JSON file in the edition')
    const ifiFile = ctx.edition.files.find((f) => f.endsWith('.csv'))
    const ifiPath = ifiFile ? ctx.resolve(ifiFile) : join(ctx.datasetsDir, DEFAULT_IFI_FILE)
    const ifi = ifiIndex(readIfiTable(ifiPath, ifiFile ?? DEFAULT_IFI_FILE).rows)
    return ingestMarginal(readJson(ctx.resolve(file), file), file, ifi)
  },
}
