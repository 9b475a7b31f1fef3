/**
 * Spreadsheet reading (`.xls` and `.xlsx`) through @e965/xlsx, with cell references in the
 * form the corpus serves: `'<Sheet name>'!<ColRow>`.
 */
import { readFileSync } from 'node:fs'
import * as XLSX from '@e965/xlsx'

export type Workbook = XLSX.WorkBook
export type Sheet = XLSX.WorkSheet

const cache = new Map<string, Workbook>()

/** Read a workbook once per process (adapters and the proof share the parse). */
export function readWorkbook(absPath: string, opts: { fresh?: boolean } = {}): Workbook {
  const hit = opts.fresh ? undefined : cache.get(absPath)
  if (hit) return hit
  const wb = XLSX.read(readFileSync(absPath), { type: 'buffer', cellFormula: false, cellHTML: false, cellText: false, cellStyles: false })
  if (!opts.fresh) cache.set(absPath, wb)
  return wb
}

export function clearWorkbookCache(): void {
  cache.clear()
}

/** `'Fuels'!D23` for sheet `Fuels`, zero-based row 22, column 3. */
export function cellRef(sheetName: string, row0: number, col0: number): string {
  return `'${sheetName.replace(/'/g, "''")}'!${XLSX.utils.encode_cell({ r: row0, c: col0 })}`
}

/** Parse `'Sheet'!D23` back into sheet name and zero-based coordinates. */
export function parseCellRef(ref: string): { sheet: string; row0: number; col0: number } | null {
  const m = /^'((?:[^']|'')*)'!([A-Z]+[0-9]+)$/.exec(ref)
  if (!m || m[1] === undefined || m[2] === undefined) return null
  const { r, c } = XLSX.utils.decode_cell(m[2])
  return { sheet: m[1].replace(/''/g, "'"), row0: r, col0: c }
}

/** The raw cell (value `v`, type `t`) at zero-based coordinates, or undefined. */
export function cellAt(sheet: Sheet, row0: number, col0: number): XLSX.CellObject | undefined {
  return sheet[XLSX.utils.encode_cell({ r: row0, c: col0 })] as XLSX.CellObject | undefined
}

/** Trimmed text of a cell (numbers as their string), '' when empty. */
export function textAt(sheet: Sheet, row0: number, col0: number): string {
  const cell = cellAt(sheet, row0, col0)
  if (!cell || cell.v === undefined || cell.v === null) return ''
  return String(cell.v).replace(/\s+/g, ' ').trim()
}

/** Zero-based inclusive range of the sheet's used area. */
export function sheetRange(sheet: Sheet): XLSX.Range {
  return XLSX.utils.decode_range(sheet['!ref'] ?? 'A1:A1')
}

/**
 * The value a merged region shows in every cell it covers: the text of its top-left cell.
 * Returns a lookup that maps any covered cell to its region's top-left text.
 */
export function mergedText(sheet: Sheet): (row0: number, col0: number) => string | undefined {
  const map = new Map<string, string>()
  for (const m of sheet['!merges'] ?? []) {
    const text = textAt(sheet, m.s.r, m.s.c)
    for (let r = m.s.r; r <= m.e.r; r++) for (let c = m.s.c; c <= m.e.c; c++) map.set(`${r},${c}`, text)
  }
  return (row0, col0) => map.get(`${row0},${col0}`)
}
