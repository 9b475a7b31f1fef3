/**
 * One numbered NGA table sheet -> factors. Header block = rows 2.. up to the first row with a
 * number; rows below are data. A label-only row right after a row whose label ends in `-`
 * continues that label (wrapped text, numbers on the first row); other label-only rows are
 * group headings. `NE` cells are `not_estimated`, other text (`-`, `C`, `0.02*`) `non_numeric`.
 * Per-gas columns of the fuel tables are CO2-e contributions (kg CO2-e/GJ), so they are keys of
 * their own AND sit in the combined-gases factor's `gases` map. Rows are keyed by their label
 * after `canonicalAuLabel` (2021 wording read as 2022's where the factor is the same).
 */
import type { FactorRow } from '@openfactors/engine/release'
import { cellAt, cellRef, mergedText, sheetRange, textAt, type Sheet } from '../../read/workbook.ts'
import { slugify, slugJoin } from '../../keys/slug.ts'
import { converted, tonnesToKg } from '../../keys/us-units.ts'
import { canonicalAuLabel } from '../../keys/au-aliases.ts'
import type { AdapterOutput, DraftFactor } from '../types.ts'
import { classifyColumns, headerTexts, type FactorColumn } from './columns.ts'
import { auRegion } from './regions.ts'
import { sidewaysColumns } from './transposed.ts'
import { titleText, type Topic } from './topics.ts'

interface DataRow { row0: number; label: string; group: string }

export function numericAt(sheet: Sheet, r: number, c: number): number | null {
  const cell = cellAt(sheet, r, c)
  return cell && cell.t === 'n' && typeof cell.v === 'number' ? cell.v : null
}

export function skipSheetNumbers(sheetName: string, sheet: Sheet, reason: AdapterOutput['skipped'][number]['reason'], detail: string, out: AdapterOutput): void {
  const range = sheetRange(sheet)
  for (let r = 1; r <= range.e.r; r++) {
    let n = 0
    for (let c = 0; c <= range.e.c; c++) if (numericAt(sheet, r, c) !== null) n++
    if (n > 0) out.skipped.push({ reason, where: `sheet ${sheetName} row ${r + 1}`, detail })
  }
}

function scopeOf(col: FactorColumn, title: string, topic: Topic): FactorRow['scope'] {
  if (col.scope) return `scope_${col.scope}`
  // `Scope 2 and 3 emissions factors` names two scopes: then the title decides nothing.
  const scopes = [...new Set([...title.matchAll(/scopes?\s*[123](?:\s*(?:and|or|&|,|\/)\s*[123])*/gi)].flatMap((m) => m[0].match(/[123]/g) ?? []))]
  if (scopes.length === 1) return `scope_${scopes[0]}` as FactorRow['scope']
  return topic.defaultScope ? `scope_${topic.defaultScope}` : null
}

/** `edition` (the workbook's year) selects label aliases; null reads every label as written. */
export function readNgaTable(sheetName: string, sheet: Sheet, topicOfTitle: Topic, out: AdapterOutput, edition: number | null = null): void {
  let topic = topicOfTitle
  const range = sheetRange(sheet)
  const title = titleText(textAt(sheet, 0, 0))
  let firstData = -1
  for (let r = 1; r <= range.e.r && firstData < 0; r++) {
    for (let c = 0; c <= range.e.c; c++) if (numericAt(sheet, r, c) !== null) { firstData = r; break }
  }
  if (firstData < 0) return
  const numericCols = new Set<number>()
  for (let r = firstData; r <= range.e.r; r++) for (let c = 0; c <= range.e.c; c++) if (numericAt(sheet, r, c) !== null || (c > 0 && textAt(sheet, r, c) === 'NE')) numericCols.add(c)
  // Header rows: the first non-empty row after the title (row 2; row 3 in 2022 Tables 4, 5,
  // 12 and 13), then rows with nothing in column A (units, gas sub-headers). A row with a
  // label in A before the first number is a group heading, not header.
  let headerStart = 1
  while (headerStart < firstData - 1 && rowIsEmpty(sheet, headerStart, range.e.c)) headerStart++
  const headerRows = [headerStart]
  for (let r = headerStart + 1; r < firstData && textAt(sheet, r, 0) === ''; r++) headerRows.push(r)
  const bodyStart = headerStart + headerRows.length
  const headers = headerTexts(sheet, headerRows, range.e.c)
  const cols = classifyColumns(headers, range.e.c, numericCols)
  // `Residual Mix Factor for the market-based method` over the label column: the market-based
  // factors are a residual mix (issue 17).
  if (topic.basis?.electricity === 'market_based' && headers.some((row) => row.some((h) => /residual mix/i.test(h)))) {
    topic = { ...topic, qualifier: 'market-based, residual mix', basis: { ...topic.basis, electricity: 'residual_mix' } }
  }
  if (cols.labels.length === 0) cols.labels.push(0)
  if (cols.factors.length === 0) {
    const sideways = sidewaysColumns(sheet, { headerRow0: headerStart, dataRow0: firstData, lastCol0: range.e.c })
    if (sideways) {
      for (const s of sideways) emitRow(sheetName, sheet, title, topic, [s.col], { row0: firstData, label: s.label, group: '' }, out, edition)
      return
    }
  }
  // A process table with one factor column headed `CO2` (2021 carbonates, soda ash, clinker,
  // lime) publishes that gas only: it is the table's factor, keyed as 2022 keys its total.
  const only = cols.factors.length === 1 ? cols.factors[0] : undefined
  if (topic.prefix === 'process' && only?.gas === 'co2') only.gas = 'total'
  // Collect data rows, joining wrapped labels and noting group headings.
  const rows: DataRow[] = []
  let group = ''
  const merged = mergedText(sheet)
  for (let r = bodyStart; r <= range.e.r; r++) {
    const label = [...new Set(cols.labels.map((c) => textAt(sheet, r, c) || merged(r, c) || '').filter((t) => t !== ''))].join(' - ')
    const hasValues = [...cols.factors.map((f) => f.col0), ...cols.others.map((o) => o.col0)].some((c) => textAt(sheet, r, c) !== '')
    if (!hasValues) {
      const prev = rows.at(-1)
      if (label !== '' && prev && prev.row0 === r - 1 && /[-–]\s*$/.test(prev.label)) prev.label = `${prev.label.replace(/\s*[-–]\s*$/, '')} - ${label}`
      else if (label !== '') group = label
      continue
    }
    rows.push({ row0: r, label, group })
  }
  for (const row of rows) emitRow(sheetName, sheet, title, topic, cols.factors, row, out, edition)
  for (const row of rows) for (const o of cols.others) {
    if (numericAt(sheet, row.row0, o.col0) !== null) out.skipped.push({ reason: /energy content/i.test(o.header) ? 'energy_conversion' : 'not_a_factor', where: `sheet ${sheetName} row ${row.row0 + 1} ${o.header}` })
  }
}

/** The qualifier a factor's name takes only where another factor of the edition shares its name (`Topic.qualifierWhenShared`). */
export const SHARED_QUALIFIER = new WeakMap<DraftFactor, string>()

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function rowIsEmpty(sheet: Sheet, r: number, lastCol0: number): boolean {
  for (let c = 0; c <= lastCol0; c++) if (textAt(sheet, r, c) !== '' || cellAt(sheet, r, c)?.t === 'n') return false
  return true
}

function emitRow(sheetName: string, sheet: Sheet, title: string, topic: Topic, factors: FactorColumn[], row: DataRow, out: AdapterOutput, edition: number | null): void {
  // By-state tables key rows by state/grid; the 2021 history table has financial-year rows
  // under a state heading (`NSW and ACT` > `1989/90`) -> `nsw_act_fy_1989_90`.
  const own = auRegion(row.label)
  const fromGroup = !own && row.group ? auRegion(row.group) : null
  const region = topic.byRegion ? (own ?? fromGroup) : null
  const keyed = canonicalAuLabel(edition, topic.prefix, { group: row.group, label: row.label })
  const rowSubject = region
    ? slugJoin([topic.subjectPrefix, region.subject, fromGroup ? `fy ${row.label}` : ''])
    : slugJoin([keyed.label.startsWith(keyed.group) ? '' : keyed.group, keyed.label])
  // 2021 publishes the current scope 3 electricity factor only as the history table's
  // `Latest estimate*` row; 2022–2025 publish it as the state's scope 3 factor. Scope 2 and
  // full fuel cycle stay history keys: 2021's scope 2 factor is its own table (Table 5).
  const latest = region !== null && fromGroup !== null && topic.prefix === 'location' && /^latest estimate/i.test(row.label)
  const subjectFor = (scope: FactorRow['scope']): string => latest && region && scope === 'scope_3' ? slugJoin([topic.subjectPrefix, region.subject]) : rowSubject
  const stateOfRow = topic.byRegion ? region : own && own.region !== null && row.label.length <= 40 ? own : null
  const totals = new Map<string, DraftFactor>()
  const pending: { basisKey: string; gas: 'co2' | 'ch4' | 'n2o'; value: number; cell_ref: string }[] = []
  for (const col of factors) {
    const where = `sheet ${sheetName} row ${row.row0 + 1} ${col.header}`
    const value = numericAt(sheet, row.row0, col.col0)
    if (value === null) {
      const t = textAt(sheet, row.row0, col.col0)
      out.skipped.push(t === '' ? { reason: 'empty_value', where } : t === 'NE' ? { reason: 'not_estimated', where } : { reason: 'non_numeric', where, detail: t })
      continue
    }
    const scope = scopeOf(col, title, topic)
    const subject = subjectFor(scope)
    if (subject === '') { out.skipped.push({ reason: 'not_a_factor', where, detail: 'no row label' }); continue }
    const basis = slugify(col.activity.replace(/\./g, ' '))
    const basisKey = [topic.prefix, scope?.replace('_', '') ?? '', col.qualifier, basis].filter((s) => s !== '').join('_')
    const method = col.gas === 'total' ? basisKey : `${basisKey}_${col.gas}`
    const cell_ref = cellRef(sheetName, row.row0, col.col0)
    const served = col.mass === 't'
      ? converted(value, tonnesToKg(col.gasBasis, col.activity))
      : { value, unit: `kg ${col.gasBasis} per ${col.activity}` }
    const gasLabel = col.gas === 'total' ? '' : ` ${col.gas.toUpperCase()}${col.gasBasis === 'CO2e' ? ' (as CO2e)' : ''}`
    const saysIt = topic.qualifier === undefined || new RegExp(`\\b${escapeRe(topic.qualifier)}\\b`, 'i').test(`${row.label} ${row.group}`)
    const topicWords = !saysIt && !topic.qualifierWhenShared ? `, ${topic.qualifier}` : ''
    const factor: DraftFactor = {
      key: `${topic.domain}.au.${subject}.${method}`,
      name: `${row.label}${row.group && !row.label.startsWith(row.group) ? ` (${row.group})` : ''}:${scope ? ` ${scope.replace('_', ' ')}` : ''}${col.qualifier ? ` ${col.qualifier.replace(/_/g, ' ')}` : ''}${gasLabel} emission factor per ${col.activity}${topicWords}`,
      ...served,
      ...(topic.basis ? { basis: topic.basis } : {}),
      scope,
      section: ['NGA Factors', title, row.group].filter((s) => s !== '').join(' > '),
      country: 'au',
      region: stateOfRow?.region ?? null,
      cell_ref,
      ...(stateOfRow ? { tags: stateOfRow.tags } : {}),
    }
    out.factors.push(factor)
    if (!saysIt && topic.qualifierWhenShared && topic.qualifier) SHARED_QUALIFIER.set(factor, topic.qualifier)
    if (col.gas === 'total' && col.mass === 'kg') totals.set(basisKey, factor)
    else if (col.gas !== 'total' && col.mass === 'kg' && col.gasBasis === 'CO2e') pending.push({ basisKey, gas: col.gas, value, cell_ref })
  }
  for (const p of pending) {
    const total = totals.get(p.basisKey)
    if (total) total.gases = { ...total.gases, [p.gas]: { value: p.value, cell_ref: p.cell_ref } }
  }
}
