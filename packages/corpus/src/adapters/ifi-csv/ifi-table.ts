/**
 * The IFI harmonised default grid emission factors CSV (UNFCCC, 2021 v3.1, as kept by CO2.js).
 * Three header records whose quoted cells span several physical lines, then one record per
 * country: name, four combined-margin factors (firm energy, intermittent energy, energy
 * efficiency, electricity consumption) and the operating-margin factor, all in g CO2/kWh.
 * After the countries come a `Memo:  EU 27` row and free-text notes.
 *
 * Column names used in cell references: each column's own header text with whitespace runs
 * collapsed to one space — the second header record for the four combined-margin columns
 * (`Firm Energy (e.g., Hydro, Geothermal)`, ...), the first header record for the
 * operating-margin column (`Operating Margin Grid Emission Factor, gCO2/kWh (including for use
 * in PCAF GHG accounting)`).
 */
import { readCsvFile, type CsvRecord } from '../../read/csv.ts'
import { IngestError } from '../types.ts'

export interface IfiColumn {
  /** 0-based field index. */
  index: number
  /** Header text as used in `cell_ref`. */
  header: string
  /** Key method segment. */
  method: string
  /** Human label. */
  label: string
}

export interface IfiCell {
  column: IfiColumn
  /** The cell text exactly as in the file (trimmed). */
  text: string
}

export interface IfiRow {
  line: number
  name: string
  cells: IfiCell[]
}

const METHODS: readonly { match: RegExp; method: string; label: string }[] = [
  { match: /^firm energy/i, method: 'ifi_cm_firm', label: 'combined margin, firm energy' },
  { match: /^intermittent energy/i, method: 'ifi_cm_intermittent', label: 'combined margin, intermittent energy' },
  { match: /^energy efficiency/i, method: 'ifi_cm_efficiency', label: 'combined margin, energy efficiency' },
  { match: /^electricity consumption/i, method: 'ifi_cm_consumption', label: 'combined margin, electricity consumption' },
  { match: /^operating margin/i, method: 'ifi_om', label: 'operating margin' },
]

const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim()

/** Columns from the header records: the nearest non-empty header text above the data, per column. */
export function ifiColumns(header: readonly CsvRecord[], file: string): IfiColumn[] {
  const width = Math.max(...header.map((r) => r.fields.length))
  const columns: IfiColumn[] = []
  for (let index = 1; index < width; index++) {
    const texts = header.map((r) => collapse(r.fields[index] ?? '')).filter((t) => t !== '')
    // the most specific header is the lowest non-empty one (record 2 under the "Combined margin" band)
    const header_ = texts[texts.length - 1]
    if (!header_) continue
    const m = METHODS.find((x) => x.match.test(header_))
    if (!m) throw new IngestError(file, `header column ${index + 1}`, `unknown column ${JSON.stringify(header_)}`)
    columns.push({ index, header: header_, method: m.method, label: m.label })
  }
  if (columns.length !== METHODS.length) throw new IngestError(file, 'header', `expected ${METHODS.length} factor columns, found ${columns.length}`)
  return columns
}

/** Parse records into header columns and data rows (rows with at least one non-empty factor cell). */
export function parseIfiRecords(records: readonly CsvRecord[], file: string): { columns: IfiColumn[]; rows: IfiRow[]; notes: CsvRecord[] } {
  const headerEnd = records.findIndex((r) => /country \/ territory/i.test(r.fields[0] ?? ''))
  if (headerEnd < 0) throw new IngestError(file, 'header', 'no "Country / Territory / Island" header record')
  const columns = ifiColumns(records.slice(0, headerEnd + 1), file)
  const rows: IfiRow[] = []
  const notes: CsvRecord[] = []
  for (const r of records.slice(headerEnd + 1)) {
    const cells = columns.map((column) => ({ column, text: (r.fields[column.index] ?? '').trim() }))
    const name = (r.fields[0] ?? '').trim()
    if (!name || cells.every((c) => c.text === '')) {
      notes.push(r)
      continue
    }
    rows.push({ line: r.line, name: r.fields[0] ?? '', cells })
  }
  return { columns, rows, notes }
}

export function readIfiTable(absPath: string, file: string): ReturnType<typeof parseIfiRecords> {
  let records: CsvRecord[]
  try {
    records = readCsvFile(absPath)
  } catch (e) {
    throw new IngestError(file, 'file', `cannot read: ${(e as Error).message}`)
  }
  return parseIfiRecords(records, file)
}
