/**
 * Reading the ÖKOBAUDAT CSV export: `;`-separated, ISO-8859-1, one header line, a trailing `;`
 * on every line (so one empty last field). Rows are dataset × module; this groups them by
 * dataset UUID in file order, keeping each row's line number for cell references.
 */
import { readCsvFile, type CsvRecord } from '../../read/csv.ts'
import { IngestError } from '../types.ts'

export const REQUIRED_COLUMNS = [
  'UUID', 'Name (de)', 'Declaration owner', 'Referenzjahr', 'Name (en)', 'Kategorie (original)', 'Kategorie (en)', 'Typ', 'Bezugsgroesse', 'Bezugseinheit',
  'Flaechengewicht (kg/m2)', 'Rohdichte (kg/m3)', 'Schichtdicke (m)', 'Laengengewicht (kg/m)', 'Umrechungsfaktor auf 1kg',
  'Modul', 'Szenario', 'Szenariobeschreibung', 'GWP', 'Laenderkennung',
] as const
export type ObdColumn = (typeof REQUIRED_COLUMNS)[number]

export interface ObdRow {
  line: number
  get(column: ObdColumn): string
}

export interface ObdDataset {
  uuid: string
  rows: ObdRow[]
}

export function readObdRecords(absPath: string, file: string): CsvRecord[] {
  try {
    return readCsvFile(absPath, { separator: ';', encoding: 'latin1' })
  } catch (e) {
    throw new IngestError(file, 'file', `cannot read: ${(e as Error).message}`)
  }
}

/** Datasets in order of first appearance, each with its rows in file order. */
export function groupDatasets(records: readonly CsvRecord[], file: string): ObdDataset[] {
  const header = records[0]?.fields.map((f) => f.trim()) ?? []
  const index = new Map<ObdColumn, number>()
  for (const c of REQUIRED_COLUMNS) {
    const i = header.indexOf(c)
    if (i < 0) throw new IngestError(file, 'line 1', `missing column ${JSON.stringify(c)}`)
    index.set(c, i)
  }
  const byUuid = new Map<string, ObdDataset>()
  for (const rec of records.slice(1)) {
    if (rec.fields.every((f) => f.trim() === '')) continue
    const row: ObdRow = { line: rec.line, get: (c) => (rec.fields[index.get(c)!] ?? '').trim() }
    const uuid = row.get('UUID')
    if (!uuid) throw new IngestError(file, `line ${rec.line}`, 'row without UUID')
    const ds = byUuid.get(uuid)
    if (ds) ds.rows.push(row)
    else byUuid.set(uuid, { uuid, rows: [row] })
  }
  return [...byUuid.values()]
}
