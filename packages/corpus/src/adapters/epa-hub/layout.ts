/**
 * The Hub workbook is one sheet of stacked tables whose row positions move between editions.
 * This module finds each table by its `Table N` marker and title text, and its header row by
 * the header labels, so nothing depends on row numbers.
 */
import { textAt, sheetRange, cellAt, type Sheet } from '../../read/workbook.ts'

export interface HubTable {
  number: number
  title: string
  /** Zero-based rows: the `Table N` marker row and the last row before the next block. */
  startRow0: number
  endRow0: number
}

const MARKER_COL0 = 1 // column B
export const LABEL_COL0 = 2 // column C

/** Every `Table N` block in sheet order; a block ends before the next marker in column B. */
export function findTables(sheet: Sheet): HubTable[] {
  const range = sheetRange(sheet)
  const markers: { row0: number; number: number | null; title: string }[] = []
  for (let r = range.s.r; r <= range.e.r; r++) {
    const b = textAt(sheet, r, MARKER_COL0)
    if (b === '') continue
    const m = /^Table (\d+)$/i.exec(b)
    markers.push({ row0: r, number: m?.[1] ? Number(m[1]) : null, title: textAt(sheet, r, LABEL_COL0) })
  }
  const tables: HubTable[] = []
  markers.forEach((mk, i) => {
    if (mk.number === null) return
    const next = markers[i + 1]
    tables.push({ number: mk.number, title: mk.title, startRow0: mk.row0, endRow0: next ? next.row0 - 1 : range.e.r })
  })
  return tables
}

/** Label text as a key source: whitespace collapsed, footnote letters (`RecycledA`, `Passenger Car A`) removed. */
export function cleanLabel(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(?<=[a-z)])\s?[A-E]$/, '')
    .replace(/≤\s*/g, 'up to ')
    .replace(/≥\s*/g, 'from ')
    .trim()
}

/** First row in the table whose label column (or any column) has text matching `pattern`. */
export function findRow(sheet: Sheet, table: HubTable, pattern: RegExp, anyColumn = false): number | null {
  const range = sheetRange(sheet)
  for (let r = table.startRow0 + 1; r <= table.endRow0; r++) {
    if (anyColumn) {
      for (let c = LABEL_COL0; c <= range.e.c; c++) if (pattern.test(textAt(sheet, r, c))) return r
    } else if (pattern.test(textAt(sheet, r, LABEL_COL0))) return r
  }
  return null
}

/** Rows after the header that hold data: up to the first `Source`/`Notes` line. */
export function dataRows(sheet: Sheet, table: HubTable, headerRow0: number): number[] {
  const rows: number[] = []
  for (let r = headerRow0 + 1; r <= table.endRow0; r++) {
    const label = textAt(sheet, r, LABEL_COL0)
    if (/^(source|notes)\b/i.test(label)) break
    rows.push(r)
  }
  return rows
}

export function numericAt(sheet: Sheet, r: number, c: number): number | null {
  const cell = cellAt(sheet, r, c)
  return cell && cell.t === 'n' && typeof cell.v === 'number' ? cell.v : null
}

/** Last used column of a row from `fromCol0` on (for header scans). */
export function lastCol0(sheet: Sheet): number {
  return sheetRange(sheet).e.c
}

/** The table's `Source`/`Notes` text below its data rows (column C), joined: what the publisher says about the table. */
export function tableNotes(sheet: Sheet, table: HubTable, headerRow0: number): string {
  const rows = dataRows(sheet, table, headerRow0)
  const from = (rows.at(-1) ?? headerRow0) + 1
  const out: string[] = []
  for (let r = from; r <= table.endRow0; r++) {
    const t = textAt(sheet, r, LABEL_COL0)
    if (t !== '') out.push(t)
  }
  return out.join(' ')
}

/** What a table's notes state about its factors (issue 17): eGRID edition, HHV basis, rates not for inventories. */
export interface TableStatements {
  /** `eGRID2022` where the source line names an eGRID edition. */
  egrid: string | null
  /** The heat contents are higher heating values (HHV): per-energy factors are on a gross CV basis. */
  hhv: boolean
  /** The sentence saying non-baseload rates are not for an inventory, where there is one. */
  nonBaselineNotForInventory: string | null
}

export function tableStatements(notes: string, headerText: string): TableStatements {
  const sentence = /[^.]*non-?baseload[^.]*should not be used[^.]*inventory[^.]*\./i.exec(notes)?.[0]?.trim() ?? null
  return {
    egrid: /\beGRID(\d{4})\b/i.exec(notes)?.[1] ? `eGRID${/\beGRID(\d{4})\b/i.exec(notes)?.[1]}` : null,
    hhv: /higher heating values? \(HHV\)|\(HHV\)/i.test(`${notes} ${headerText}`),
    nonBaselineNotForInventory: sentence,
  }
}
