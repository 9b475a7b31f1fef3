/**
 * A ledger file <-> emissions activities: which columns are read (description or factor_key,
 * quantity, unit, optional country and id) and the columns written back beside them.
 */
import type { ActivityResult, EmissionsRequest } from '@openfactors/engine'

type Activity = EmissionsRequest['activities'][number]

/** Header spellings read for each input column (case and spaces ignored). */
const COLUMNS: Record<'description' | 'factor_key' | 'quantity' | 'unit' | 'country' | 'id', string[]> = {
  description: ['description', 'activity', 'item'],
  factor_key: ['factor_key', 'key', 'factor key'],
  quantity: ['quantity', 'amount', 'value', 'qty'],
  unit: ['unit', 'units', 'uom'],
  country: ['country', 'country_code'],
  id: ['id', 'line', 'ref', 'reference'],
}

/** The columns written back (replacing input columns of the same name). */
export const OUTPUT_COLUMNS = [
  'factor_key_used', 'factor', 'factor_value', 'factor_unit', 'source', 'cell_ref', 'factor_quantity', 'factor_quantity_unit',
  'emissions_kg_co2e', 'scope', 'confidence', 'decision', 'warnings', 'error',
] as const

export type ColumnIndex = Partial<Record<keyof typeof COLUMNS, number>>

export function columnsOf(header: readonly string[]): ColumnIndex {
  const folded = header.map((h) => h.trim().toLowerCase().replace(/\s+/g, ' '))
  const index: ColumnIndex = {}
  for (const [name, spellings] of Object.entries(COLUMNS) as Array<[keyof typeof COLUMNS, string[]]>) {
    const at = folded.findIndex((h) => spellings.includes(h) || spellings.includes(h.replace(/ /g, '_')))
    if (at >= 0) index[name] = at
  }
  return index
}

export function missingColumns(index: ColumnIndex): string[] {
  const missing: string[] = []
  if (index.description === undefined && index.factor_key === undefined) missing.push('description or factor_key')
  if (index.quantity === undefined) missing.push('quantity')
  if (index.unit === undefined) missing.push('unit')
  return missing
}

/** A quantity as spreadsheets write it: `1200`, `1,200.5`, `1 200`, ` 3.5 `. */
export function readQuantity(text: string): number | null {
  const t = text.trim().replace(/[\s\u00a0]/g, '')
  const plain = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t) ? t.replace(/,/g, '') : t
  if (!/^\d+(\.\d+)?([eE][+-]?\d+)?$|^\.\d+$/.test(plain)) return null
  const n = Number(plain)
  return Number.isFinite(n) ? n : null
}

/** One row as an activity, or the reason it cannot be one (the row then fails without a call). */
export function activityOf(row: readonly string[], index: ColumnIndex, line: number): Activity | { error: string } {
  const cell = (name: keyof typeof COLUMNS) => {
    const at = index[name]
    return at === undefined ? '' : (row[at] ?? '').trim()
  }
  const quantity = readQuantity(cell('quantity'))
  if (quantity === null) return { error: `quantity "${cell('quantity')}" is not a number` }
  const unit = cell('unit')
  if (!unit) return { error: 'unit is empty' }
  const key = cell('factor_key')
  const description = cell('description')
  if (!key && !description) return { error: 'neither factor_key nor description is given' }
  const id = cell('id') || String(line)
  const country = cell('country')
  if (key) return { id, factor_key: key, quantity: { value: quantity, unit } }
  return { id, description, quantity: { value: quantity, unit }, ...(country ? { country } : {}) }
}

const num = (n: number | undefined): string => (n === undefined ? '' : String(n))

/** The output cells of one line, in OUTPUT_COLUMNS order. */
export function outputCells(result: ActivityResult | { error: string }): string[] {
  if (!('id' in result)) return [...Array<string>(OUTPUT_COLUMNS.length - 1).fill(''), `invalid_row: ${result.error}`]
  const f = result.factor
  return [
    f?.key ?? '',
    f?.name ?? '',
    num(f?.value),
    f?.unit ?? '',
    f?.source.id ?? '',
    f?.source.cell_ref ?? '',
    num(result.factor_quantity?.value),
    result.factor_quantity?.unit ?? '',
    num(result.emissions?.value),
    result.scope ?? '',
    num(result.resolved?.confidence),
    result.resolved?.decision ?? '',
    (result.warnings ?? []).map((w) => w.code).join('; '),
    result.error ? `${result.error.code}: ${result.error.message}` : '',
  ]
}

/** Header and rows with the output columns set (replacing same-named input columns). */
export function withOutput(header: readonly string[], rows: ReadonlyArray<readonly string[]>, cells: ReadonlyArray<readonly string[]>): string[][] {
  const lower = header.map((h) => h.trim().toLowerCase())
  const positions = OUTPUT_COLUMNS.map((name) => lower.indexOf(name))
  const outHeader = [...header]
  positions.forEach((at, i) => {
    if (at < 0) outHeader.push(OUTPUT_COLUMNS[i]!)
  })
  const outRows = rows.map((row, r) => {
    const out = row.slice(0, header.length)
    while (out.length < header.length) out.push('')
    const values = cells[r] ?? []
    let extra = header.length
    positions.forEach((at, i) => {
      if (at >= 0) out[at] = values[i] ?? ''
      else out[extra++] = values[i] ?? ''
    })
    return out
  })
  return [outHeader, ...outRows]
}
