/**
 * Opens dataset files FRESH for the proof (never the adapters' parse cache) and reads the
 * number a reference names. One instance per proof run; each file is parsed once per run.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readCsvFile } from '../read/csv.ts'
import { cellAt, readWorkbook, type Workbook } from '../read/workbook.ts'
import type { LockEdition, LockFile } from '../lock/schema.ts'
import type { ParsedRef } from './refs.ts'

export type ReadResult = { ok: true; number: number; raw: string } | { ok: false; reason: string }

interface CsvIndex {
  header: string[][]
  byLine: Map<number, string[]>
}

function normalizeSpace(s: string): string {
  return s.replace(/\s+/g, ' ').trim()
}

/** Number from cell text the way adapters must parse it: trimmed, then `Number()`. */
function numberFromText(text: string): ReadResult {
  const t = text.trim()
  if (t === '') return { ok: false, reason: 'cell is empty' }
  const n = Number(t)
  if (Number.isNaN(n)) return { ok: false, reason: `cell holds text ${JSON.stringify(t.slice(0, 60))}` }
  return { ok: true, number: n, raw: t }
}

export class ProofSources {
  private readonly workbooks = new Map<string, Workbook>()
  private readonly csvs = new Map<string, CsvIndex>()
  private readonly jsons = new Map<string, unknown>()

  constructor(private readonly datasetsDir: string) {}

  read(ref: ParsedRef, edition: LockEdition): ReadResult {
    if (ref.kind === 'sheet') return this.readSheet(ref, edition)
    const file = edition.files.find((f) => f.path === ref.file)
    if (!file) return { ok: false, reason: `${ref.file} is not a file of edition ${edition.id}` }
    return ref.kind === 'csv' ? this.readCsv(ref, file) : this.readJson(ref, file)
  }

  private readSheet(ref: Extract<ParsedRef, { kind: 'sheet' }>, edition: LockEdition): ReadResult {
    const books = edition.files.filter((f) => /\.xlsx?$/i.test(f.path))
    if (books.length !== 1) return { ok: false, reason: `edition ${edition.id} has ${books.length} spreadsheets; a sheet reference needs exactly one` }
    const path = books[0]!.path
    let wb = this.workbooks.get(path)
    if (!wb) {
      wb = readWorkbook(join(this.datasetsDir, path), { fresh: true })
      this.workbooks.set(path, wb)
    }
    const sheet = wb.Sheets[ref.sheet]
    if (!sheet) return { ok: false, reason: `no sheet ${JSON.stringify(ref.sheet)} in ${path}` }
    const cell = cellAt(sheet, ref.row0, ref.col0)
    if (!cell || cell.v === undefined || cell.v === null) return { ok: false, reason: 'cell is empty' }
    if (typeof cell.v === 'number') return { ok: true, number: cell.v, raw: String(cell.v) }
    if (typeof cell.v === 'string') return numberFromText(cell.v)
    return { ok: false, reason: `cell holds ${typeof cell.v}` }
  }

  private csvIndex(file: LockFile): CsvIndex {
    let idx = this.csvs.get(file.path)
    if (idx) return idx
    const records = readCsvFile(join(this.datasetsDir, file.path), {
      separator: file.csv?.separator ?? ',',
      encoding: file.csv?.encoding ?? 'utf8',
    })
    const headerCount = file.csv?.header_records ?? 1
    idx = { header: records.slice(0, headerCount).map((r) => r.fields), byLine: new Map(records.map((r) => [r.line, r.fields])) }
    this.csvs.set(file.path, idx)
    return idx
  }

  /** Column index for a header text: exact match first, then whitespace-insensitive. */
  private columnOf(idx: CsvIndex, column: string): number | string {
    for (const norm of [(s: string) => s, normalizeSpace]) {
      const want = norm(column)
      const hits = new Set<number>()
      for (const row of idx.header) row.forEach((h, i) => { if (norm(h) === want) hits.add(i) })
      if (hits.size === 1) return [...hits][0]!
      if (hits.size > 1) return `column ${JSON.stringify(column)} is ambiguous (columns ${[...hits].map((i) => i + 1).join(', ')})`
    }
    return `no column ${JSON.stringify(column)} in the header`
  }

  private readCsv(ref: Extract<ParsedRef, { kind: 'csv' }>, file: LockFile): ReadResult {
    const idx = this.csvIndex(file)
    const col = this.columnOf(idx, ref.column)
    if (typeof col === 'string') return { ok: false, reason: col }
    const fields = idx.byLine.get(ref.line)
    if (!fields) return { ok: false, reason: `no record starts on line ${ref.line}` }
    const text = fields[col]
    if (text === undefined) return { ok: false, reason: `line ${ref.line} has no column ${col + 1}` }
    return numberFromText(text)
  }

  private readJson(ref: Extract<ParsedRef, { kind: 'json' }>, file: LockFile): ReadResult {
    let doc = this.jsons.get(file.path)
    if (doc === undefined) {
      doc = JSON.parse(readFileSync(join(this.datasetsDir, file.path), 'utf8')) as unknown
      this.jsons.set(file.path, doc)
    }
    let node: unknown = doc
    for (const token of ref.pointer) {
      if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(token)) node = node[Number(token)]
      else if (typeof node === 'object' && node !== null && Object.hasOwn(node, token)) node = (node as Record<string, unknown>)[token]
      else return { ok: false, reason: `JSON pointer has no /${token}` }
    }
    if (typeof node === 'number') return { ok: true, number: node, raw: String(node) }
    if (typeof node === 'string') return numberFromText(node)
    return { ok: false, reason: `JSON value is ${node === null ? 'null' : typeof node}` }
  }
}
