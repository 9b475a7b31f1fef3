/**
 * Reads the `Factors by Category` sheet of a UK flat file (2016–2023) into value cells.
 * Header rows and columns differ by edition (MANIFEST §1A), so the columns are found by their
 * header text, never by position.
 */
import type { SkippedRow } from '../types.ts'
import { IngestError } from '../types.ts'
import { cellAt, cellRef, sheetRange, textAt, type Workbook } from '../../read/workbook.ts'
import { cleanLabel, parseScope, type UkCell } from '../../keys/uk-cells.ts'

export const FLAT_SHEET = 'Factors by Category'

interface FlatColumns {
  header: number
  id: number | null
  scope: number
  levels: [number, number, number, number]
  column: number
  uom: number
  ghg: number
  value: number
}

export interface FlatRead {
  cells: UkCell[]
  skipped: SkippedRow[]
}

/** Find the header row (within the first 20 rows) and the column of each field. */
export function findFlatColumns(wb: Workbook, file: string): FlatColumns {
  const sheet = wb.Sheets[FLAT_SHEET]
  if (!sheet) throw new IngestError(file, `sheet ${FLAT_SHEET}`, 'sheet not found')
  const range = sheetRange(sheet)
  for (let r = range.s.r; r <= Math.min(range.e.r, 20); r++) {
    const byText = new Map<string, number>()
    let value: number | null = null
    for (let c = range.s.c; c <= Math.min(range.e.c, 30); c++) {
      const t = textAt(sheet, r, c)
      if (!t) continue
      if (/^GHG Conversion Factor/i.test(t)) value ??= c
      else if (!byText.has(t.toLowerCase())) byText.set(t.toLowerCase(), c)
    }
    const get = (name: string): number | undefined => byText.get(name)
    const scope = get('scope')
    const l1 = get('level 1'), l2 = get('level 2'), l3 = get('level 3'), l4 = get('level 4')
    const column = get('column text')
    const uom = get('uom')
    const ghg = get('ghg') ?? get('ghg/unit')
    if (scope === undefined || l1 === undefined) continue
    if (l2 === undefined || l3 === undefined || l4 === undefined || column === undefined || uom === undefined || ghg === undefined || value === null) {
      throw new IngestError(file, `sheet ${FLAT_SHEET} row ${r + 1}`, 'header row lacks one of Level 2-4, Column Text, UOM, GHG, GHG Conversion Factor')
    }
    return { header: r, id: get('id') ?? null, scope, levels: [l1, l2, l3, l4], column, uom, ghg, value }
  }
  throw new IngestError(file, `sheet ${FLAT_SHEET}`, 'no header row with Scope and Level 1 in the first 20 rows')
}

/** Every row below the header: numeric values become cells, the rest are reported as skipped. */
export function readFlat(wb: Workbook, file: string): FlatRead {
  const cols = findFlatColumns(wb, file)
  const sheet = wb.Sheets[FLAT_SHEET]!
  const range = sheetRange(sheet)
  const cells: UkCell[] = []
  const skipped: SkippedRow[] = []
  for (let r = cols.header + 1; r <= range.e.r; r++) {
    const level1 = cleanLabel(textAt(sheet, r, cols.levels[0]))
    const where = `'${FLAT_SHEET}' row ${r + 1}`
    const valueCell = cellAt(sheet, r, cols.value)
    const rawValue = valueCell?.v
    if (!level1 || level1 === 'END' || !/[a-z]/i.test(level1)) {
      // Blank lines, the `END` marker and stray characters after the table: not factor rows.
      if (rawValue !== undefined && rawValue !== '') skipped.push({ reason: 'not_a_factor', where, detail: `value without a Level 1 label (${String(rawValue)})` })
      continue
    }
    const ghg = cleanLabel(textAt(sheet, r, cols.ghg))
    const uom = cleanLabel(textAt(sheet, r, cols.uom))
    if (/^kwh\b/i.test(ghg)) {
      skipped.push({ reason: 'energy_conversion', where, detail: `${level1}: ${ghg} per ${uom} (SECR energy conversion, not a GHG factor)` })
      continue
    }
    if (rawValue === undefined || rawValue === null || (typeof rawValue === 'string' && rawValue.trim() === '')) {
      skipped.push({ reason: 'empty_value', where })
      continue
    }
    if (valueCell?.t !== 'n' || typeof rawValue !== 'number') {
      const text = String(rawValue).trim()
      skipped.push({ reason: /^(ne|n\/a|na)$/i.test(text) ? 'not_estimated' : 'non_numeric', where, detail: text })
      continue
    }
    const id = cols.id === null ? '' : textAt(sheet, r, cols.id)
    cells.push({
      labels: {
        level1,
        levels: cols.levels.slice(1).map((c) => cleanLabel(textAt(sheet, r, c))),
        column: cleanLabel(textAt(sheet, r, cols.column)),
        uom,
        ghg,
      },
      scope: parseScope(textAt(sheet, r, cols.scope)),
      value: rawValue,
      cellRef: cellRef(FLAT_SHEET, r, cols.value),
      ...(id ? { rowId: id } : {}),
    })
  }
  return { cells, skipped }
}
