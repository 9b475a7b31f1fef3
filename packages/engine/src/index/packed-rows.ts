/**
 * A release's rows by column, for snapshots. As an array of objects the real corpus is 47 MB of JSON
 * (every row repeats its field names, its source id, scope, kind, unit and section, and a CSV cell
 * reference repeats its file's path); by column it is 22 MB, and parsing it plus building the rows
 * again takes under half the time of parsing the objects (docs/benchmarks.md): the browser's warm
 * start is mostly that parse.
 *
 * Key, name and value are kept as they are (nearly all distinct); a cell reference as its head (up
 * to the last `#` or `!`: the file or sheet, shared by many rows) and its tail; every other field
 * as a code into its distinct values. Each row's field names, in order, are one of a few shapes, so
 * a rebuilt row is the same JSON as the row packed. Values shared by rows (a `basis` object, a
 * `tags` array) are one frozen object: rows are read, never changed.
 */
import type { FactorRow } from '../release/schema.ts'

/** Fields kept as plain columns (distinct per row, or nearly). */
const PLAIN = ['key', 'name', 'value'] as const
type PlainField = (typeof PLAIN)[number]
const CELL_REF = 'cell_ref'

export interface PackedRows {
  count: number
  /** Field names of a row, in order, one list per distinct shape. */
  shapes: string[][]
  /** Shape of each row. */
  shape: number[]
  plain: Record<PlainField, unknown[]>
  /** The cell reference of each row: a code into `heads` and the rest. */
  cell_ref: { heads: string[]; head: number[]; tail: string[] }
  /** Every other field: its distinct values and each row's code (-1: the row has no such field). */
  coded: Record<string, { values: unknown[]; code: number[] }>
}

const isPlain = (field: string): field is PlainField => (PLAIN as readonly string[]).includes(field)

/** Where a cell reference's shared head ends: after its last `#` (a file) or `!` (a sheet). */
function headLength(ref: string): number {
  return Math.max(ref.lastIndexOf('#'), ref.lastIndexOf('!')) + 1
}

/** Distinct values by their JSON, with the code of each. */
class Codes {
  readonly values: unknown[] = []
  readonly code: number[]
  private readonly byJson = new Map<string, number>()
  constructor(count: number) {
    this.code = new Array<number>(count).fill(-1)
  }
  put(row: number, value: unknown): void {
    const json = typeof value === 'string' ? value : `\u0000${JSON.stringify(value)}`
    let id = this.byJson.get(json)
    if (id === undefined) {
      id = this.values.length
      this.values.push(value)
      this.byJson.set(json, id)
    }
    this.code[row] = id
  }
}

export function packRows(rows: readonly FactorRow[]): PackedRows {
  const count = rows.length
  const shapes: string[][] = []
  const shapeIds = new Map<string, number>()
  const shape: number[] = new Array<number>(count)
  const plain: Record<PlainField, unknown[]> = { key: new Array(count), name: new Array(count), value: new Array(count) }
  const heads = new Codes(count)
  const tail: string[] = new Array<string>(count).fill('')
  const coded = new Map<string, Codes>()
  // Per shape, where each field goes, resolved once (rows of one source share a shape).
  type Target = { field: string; plain?: unknown[]; codes?: Codes }
  const plans: Target[][] = []
  let lastFields: string[] = []
  let lastShape = -1
  for (let i = 0; i < count; i++) {
    const record = rows[i] as unknown as Record<string, unknown>
    const fields = Object.keys(record)
    let s = lastShape
    if (fields.length !== lastFields.length || fields.some((f, j) => f !== lastFields[j])) {
      const signature = fields.join(',')
      const known = shapeIds.get(signature)
      if (known === undefined) {
        s = shapes.length
        shapes.push(fields)
        shapeIds.set(signature, s)
        plans.push(
          fields.map((field): Target => {
            if (isPlain(field)) return { field, plain: plain[field] }
            if (field === CELL_REF) return { field }
            let codes = coded.get(field)
            if (!codes) coded.set(field, (codes = new Codes(count)))
            return { field, codes }
          }),
        )
      } else s = known
      lastFields = fields
      lastShape = s
    }
    shape[i] = s
    for (const target of plans[s] ?? []) {
      const value = record[target.field]
      if (target.plain) target.plain[i] = value
      else if (target.codes) target.codes.put(i, value)
      else if (typeof value === 'string') {
        const at = headLength(value)
        heads.put(i, value.slice(0, at))
        tail[i] = value.slice(at)
      } else throw new Error(`packed rows: row ${i} has a cell reference that is not a string`)
    }
  }
  return {
    count,
    shapes,
    shape,
    plain,
    cell_ref: { heads: heads.values as string[], head: heads.code, tail },
    coded: Object.fromEntries([...coded].map(([field, c]) => [field, { values: c.values, code: c.code }])),
  }
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return
  Object.freeze(value)
  for (const v of Object.values(value)) deepFreeze(v)
}

/** The rows again, each the same JSON as the row packed (same fields in the same order). */
export function unpackRows(packed: PackedRows): FactorRow[] {
  const { count, shapes, shape, plain, cell_ref, coded } = packed
  const columns: Array<[string, readonly unknown[]]> = [['shape', shape], ...PLAIN.map((f): [string, unknown[]] => [f, plain[f]]), ['cell_ref.head', cell_ref.head], ['cell_ref.tail', cell_ref.tail]]
  for (const [field, c] of Object.entries(coded)) columns.push([field, c.code])
  for (const [name, column] of columns) if (column.length !== count) throw new Error(`packed rows: column ${name} has ${column.length} entries for ${count} rows`)
  for (const { values } of Object.values(coded)) for (const v of values) deepFreeze(v)
  // Per shape, where each field's value comes from, resolved once.
  type Source = { field: string; plain?: unknown[]; coded?: { values: unknown[]; code: number[] }; cellRef?: true }
  const plans: Source[][] = shapes.map((fields) =>
    fields.map((field): Source => {
      if (isPlain(field)) return { field, plain: plain[field] }
      if (field === CELL_REF) return { field, cellRef: true }
      const c = coded[field]
      if (!c) throw new Error(`packed rows: no column for field "${field}"`)
      return { field, coded: c }
    }),
  )
  const out: FactorRow[] = new Array<FactorRow>(count)
  for (let i = 0; i < count; i++) {
    const plan = plans[shape[i] ?? -1]
    if (!plan) throw new Error(`packed rows: row ${i} has no shape`)
    const row: Record<string, unknown> = {}
    for (const source of plan) {
      if (source.plain) row[source.field] = source.plain[i]
      else if (source.coded) row[source.field] = source.coded.values[source.coded.code[i] ?? -1]
      else row[source.field] = (cell_ref.heads[cell_ref.head[i] ?? -1] ?? '') + (cell_ref.tail[i] ?? '')
    }
    out[i] = row as unknown as FactorRow
  }
  return out
}
