/**
 * IFI harmonised default grid emission factors 2021 (UNFCCC), the upstream of CO2.js's
 * marginal intensities. Every country row gives five factors, each its own key:
 * `electricity.<iso2>.grid.<method>` with method `ifi_cm_firm`, `ifi_cm_intermittent`,
 * `ifi_cm_efficiency`, `ifi_cm_consumption` (combined margins) and `ifi_om` (operating margin).
 * Islands with their own factor (Azores, Madeira, Canary Islands, Channel Islands) use
 * subject `grid_<island group>` and `region`. The values are g CO2 per kWh — CO2 only, not
 * CO2e — so the unit is `kg CO2 per kWh`, served from the published grams with `published`.
 * The EU-27 memo row becomes `electricity.eu.grid.<method>`. Scope is null: the file gives
 * margins for project and financed-emissions accounting, not a reporting scope.
 */
import { csvRef } from '../../read/csv.ts'
import { IngestError, type AdapterContext, type AdapterOutput, type DraftFactor, type SkippedRow, type SourceAdapter } from '../types.ts'
import { gramsToKg, publishedGrams } from '../co2js-average/grid-common.ts'
import { readIfiTable, type IfiRow } from './ifi-table.ts'
import { placeOfIfiName } from './ifi-countries.ts'

export const IFI_SECTION = 'IFI harmonised default grid emission factors 2021'

/** Key of one IFI cell (shared with the co2js-marginal adapter, which restates these values). */
export function ifiKey(country: string, region: string | null, method: string): string {
  return `electricity.${country}.${region ? `grid_${region}` : 'grid'}.${method}`
}

export function ifiFactors(rows: readonly IfiRow[], file: string): AdapterOutput {
  const factors: DraftFactor[] = []
  const skipped: SkippedRow[] = []
  for (const row of rows) {
    const label = row.name.replace(/\s+/g, ' ').trim()
    const place = placeOfIfiName(label)
    if (!place) {
      skipped.push({ reason: 'out_of_scope', where: `${file}#L${row.line}`, detail: `unknown country ${JSON.stringify(label)}` })
      continue
    }
    for (const cell of row.cells) {
      const where = csvRef(file, row.line, cell.column.header)
      if (cell.text === '') { skipped.push({ reason: 'empty_value', where }); continue }
      const published = Number(cell.text)
      if (!Number.isFinite(published)) { skipped.push({ reason: 'non_numeric', where, detail: cell.text }); continue }
      const place_ = label.replace(/^memo:\s*/i, '')
      factors.push({
        key: ifiKey(place.country, place.region, cell.column.method),
        name: `Electricity grid, ${place_} — IFI ${cell.column.label} (CO2)`,
        value: gramsToKg(published),
        unit: 'kg CO2 per kWh',
        scope: null,
        section: `${IFI_SECTION} > ${cell.column.method === 'ifi_om' ? 'Operating margin' : 'Combined margin'}`,
        country: place.country,
        region: place.region,
        cell_ref: where,
        published: publishedGrams(published, 'g CO2 per kWh'),
        tags: ['IFI', 'UNFCCC', cell.column.method === 'ifi_om' ? 'operating margin' : 'combined margin', 'marginal', label],
      })
    }
  }
  return { factors, skipped }
}

export const adapter: SourceAdapter = {
  id: 'ifi-csv',
  ingest(ctx: AdapterContext): AdapterOutput {
    const file = ctx.edition.files.find((f) => f.endsWith('.csv'))
    if (!file) throw new IngestError(ctx.edition.id, 'lock', 'no CSV file in the edition')
    const { rows, notes } = readIfiTable(ctx.resolve(file), file)
    const out = ifiFactors(rows, file)
    for (const n of notes) if ((n.fields[0] ?? '').trim()) out.skipped.push({ reason: 'not_a_factor', where: `${file}#L${n.line}`, detail: 'note' })
    return out
  },
}
