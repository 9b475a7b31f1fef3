/**
 * Climatiq Open Emission Factors Database (CSV snapshot 2022-05-12, CC BY-SA 4.0): a secondary
 * compilation, one row per factor, each citing its upstream publisher in `source`.
 *
 * - Primary wins: rows from publishers we ingest directly (BEIS/DEFRA, EPA, DISER = Australian
 *   NGA) and GHG Protocol rows whose description says their primary source is EPA or UK DEFRA
 *   are skipped as `restated_primary`.
 * - Value: `kgCO2e-AR5`; when only `kgCO2e-AR4` is published, that, with `_ar4` on the method.
 * - `kgCO2`, `kgCH4`, `kgN2O` are masses of each gas (CO2 + 28·CH4 + 265·N2O = the AR5 total),
 *   not CO2e contributions, so they are NOT put in a `gases` map; each becomes a key of its own
 *   (method suffix `_co2`/`_ch4`/`_n2o`, unit `kg CH4 per …`). A row with gas masses but no CO2e
 *   total gives only the per-gas keys.
 * - Key: `<domain>.<country>.<activity_id>[_<sub-region>].<source>[_ar4]`; materials
 *   `materials.<category>.<activity_id>.<country>[_<sub-region>]_<source>[_ar4]`. Where two rows
 *   would share a key, every member of the group gets `_<year_released>`, then the LCA activity,
 *   then (last resort) `_v<n>` in file order; an exact repeat (same key, value and unit) is
 *   skipped as `duplicate_row`.
 */
import { csvRef, readCsvFile, type CsvRecord } from '../../read/csv.ts'
import { slugify } from '../../keys/slug.ts'
import { IngestError, type AdapterContext, type AdapterOutput, type DraftFactor, type SkippedRow, type SourceAdapter } from '../types.ts'
import { activityUnitOf, domainOf, placeOf, restatedPrimary, scopeOf } from './classify.ts'
import { disambiguate, type Candidate } from './unique.ts'
import { statedBasis } from './basis.ts'

const COLUMNS = ['sector', 'category', 'activity_id', 'name', 'activity_unit', 'kgCO2e-AR5', 'kgCO2e-AR4', 'kgCO2', 'kgCH4', 'kgN2O', 'scope', 'lca_activity', 'source', 'year_released', 'years_calculated_from', 'region', 'description'] as const
type Column = (typeof COLUMNS)[number]

const GASES = [['kgCO2', 'co2', 'CO2'], ['kgCH4', 'ch4', 'CH4'], ['kgN2O', 'n2o', 'N2O']] as const

/** A published number, or why there is none. */
function cellNumber(text: string): number | 'empty' | 'not_supplied' | 'non_numeric' {
  const t = text.trim()
  if (t === '') return 'empty'
  if (/^not[- ]supplied$/i.test(t)) return 'not_supplied'
  const n = Number(t)
  return Number.isFinite(n) ? n : 'non_numeric'
}

export function ingestOefdb(records: readonly CsvRecord[], file: string): AdapterOutput {
  const header = records[0]?.fields.map((f) => f.trim()) ?? []
  const col = {} as Record<Column, number>
  for (const c of COLUMNS) {
    const i = header.indexOf(c)
    if (i < 0) throw new IngestError(file, 'line 1', `missing column ${c}`)
    col[c] = i
  }
  const skipped: SkippedRow[] = []
  const candidates: Candidate[] = []
  for (const rec of records.slice(1)) {
    const get = (c: Column): string => (rec.fields[col[c]] ?? '').trim()
    const where = `${file}#L${rec.line}`
    if (rec.fields.length === 1 && get('sector') === '') continue // blank line
    const source = get('source')
    const restated = restatedPrimary(source, get('description'))
    if (restated) { skipped.push({ reason: 'restated_primary', where, detail: `${source}: ${restated}` }); continue }
    const place = placeOf(get('region'))
    if (!place) { skipped.push({ reason: 'out_of_scope', where, detail: `unknown region ${get('region')}` }); continue }
    const ar5 = cellNumber(get('kgCO2e-AR5'))
    const ar4 = cellNumber(get('kgCO2e-AR4'))
    const total = typeof ar5 === 'number' ? { value: ar5, column: 'kgCO2e-AR5', ar4: false } : typeof ar4 === 'number' ? { value: ar4, column: 'kgCO2e-AR4', ar4: true } : null
    const gases = GASES.flatMap(([column, gas, label]) => {
      const v = cellNumber(get(column))
      return typeof v === 'number' ? [{ column, gas, label, value: v }] : []
    })
    if (!total && gases.length === 0) {
      skipped.push({ reason: ar5 === 'not_supplied' || ar4 === 'not_supplied' ? 'not_estimated' : ar5 === 'non_numeric' ? 'non_numeric' : 'empty_value', where })
      continue
    }
    const activityId = get('activity_id')
    const unit = activityUnitOf(get('activity_unit'), source, get('years_calculated_from') || get('year_released'))
    const said = statedBasis(get('description'), unit, get('name'))
    const domain = domainOf(get('sector'), get('category'), get('activity_unit'), activityId)
    const subject = slugify([activityId, place.region].filter(Boolean).join('_'))
    const method = slugify(source) + (total?.ar4 ? '_ar4' : '')
    const placeLabel = get('region')
    const base: Omit<DraftFactor, 'key' | 'value' | 'unit' | 'cell_ref'> = {
      name: `${get('name')}${said.nameQualifier}, ${placeLabel} — ${source}${get('year_released') ? ` ${get('year_released')}` : ''}`,
      ...(said.basis ? { basis: said.basis } : {}),
      scope: scopeOf(get('scope')),
      section: [get('sector'), get('category')].filter(Boolean).join(' > '),
      country: place.country,
      region: place.region,
      tags: [source, activityId],
    }
    candidates.push({
      line: rec.line,
      domain,
      country: place.country,
      category: slugify(get('category')) || 'other',
      subject,
      method,
      qualifiers: [get('year_released'), get('lca_activity')],
      nameQualifiers: [`per ${unit}`, activityId.replace(/_/g, ' '), get('lca_activity'), get('year_released'), `line ${rec.line}`],
      rows: [
        ...(total ? [{ suffix: '', factor: { ...base, value: total.value, unit: `kg ${said.mass} per ${unit}`, cell_ref: csvRef(file, rec.line, total.column) } }] : []),
        ...gases.map((g) => ({
          suffix: `_${g.gas}`,
          factor: { ...base, name: `${base.name} (${g.label})`, value: g.value, unit: `kg ${g.label} per ${unit}`, cell_ref: csvRef(file, rec.line, g.column) },
        })),
      ],
    })
  }
  const { factors, skipped: dupes } = disambiguate(candidates, file)
  return { factors, skipped: [...skipped, ...dupes] }
}

export const adapter: SourceAdapter = {
  id: 'oefdb',
  ingest(ctx: AdapterContext): AdapterOutput {
    const file = ctx.edition.files.find((f) => f.endsWith('.csv'))
    if (!file) throw new IngestError(ctx.edition.id, 'lock', 'no CSV file in the edition')
    let records: CsvRecord[]
    try {
      records = readCsvFile(ctx.resolve(file))
    } catch (e) {
      throw new IngestError(file, 'file', `cannot read: ${(e as Error).message}`)
    }
    return ingestOefdb(records, file)
  },
}
