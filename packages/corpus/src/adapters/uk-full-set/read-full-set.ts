/**
 * Reads the factor sheets of a UK full set (2024–2026) into value cells. Each sheet holds one
 * or more tables: a header row starting `Activity … Unit …`, value columns to the right of
 * `Unit` (a `Year` column is a label, not a value), an optional band row above the header that
 * groups value columns (`Diesel`, `50% Laden`, `With RF`), label cells merged down or left
 * blank on continuation rows (the label carries down), and a blank row closing the table.
 */
import type { SkippedRow } from '../types.ts'
import { cellAt, cellRef, mergedText, sheetRange, textAt, type Sheet, type Workbook } from '../../read/workbook.ts'
import { cleanLabel, parseScope, type UkCell, type UkLabels } from '../../keys/uk-cells.ts'
import type { Scope } from '@openfactors/engine/release'

/** Sheets with reference data or text only (MANIFEST §1B). */
export const NON_FACTOR_SHEETS = ['Introduction', "What's new", 'Index', 'Conversions', 'Fuel properties', 'Haul definition']

export interface FullSetRead {
  cells: UkCell[]
  skipped: SkippedRow[]
}

interface ValueColumn {
  col: number
  ghg: string
  band: string
}

interface Table {
  header: number
  labelCols: number[]
  unitCol: number
  values: ValueColumn[]
  lastCol: number
}

const isPerGas = (ghg: string): boolean => /\b(CO2|CH4|N2O)\b/.test(ghg.replace(/CO2e/g, ''))

/** `Scope:` statement in the sheet's header block (row 6 in every full set). */
export function sheetScope(sheet: Sheet): Scope | null {
  for (let r = 0; r < 12; r++) {
    if (/^scope:?$/i.test(textAt(sheet, r, 0))) return parseScope(textAt(sheet, r, 1))
  }
  return null
}

/**
 * The calorific-value basis a sheet's header notes state for all its energy-based factors
 * (`All factors are on a net calorific value basis.`, `All outside of scopes energy-based
 * factors are provided on a net CV basis.`), or undefined.
 */
export function sheetCvBasis(sheet: Sheet): UkLabels['sheetCv'] {
  for (let r = 0; r < 20; r++) {
    const m = /\ball\b[^.]*\b(net|gross) (?:calorific value|CV) basis/i.exec(textAt(sheet, r, 0))
    if (m?.[1]) return m[1].toLowerCase() === 'net' ? 'Net CV' : 'Gross CV'
  }
  return undefined
}

function findTable(sheet: Sheet, r: number, lastCol: number, merged: (r: number, c: number) => string | undefined): Table | null {
  if (textAt(sheet, r, 0) !== 'Activity') return null
  let unitCol = -1
  for (let c = 1; c <= lastCol; c++) if (textAt(sheet, r, c) === 'Unit') { unitCol = c; break }
  if (unitCol < 0) return null
  const values: ValueColumn[] = []
  let tableLast = unitCol
  for (let c = unitCol + 1; c <= lastCol; c++) {
    const ghg = cleanLabel(textAt(sheet, r, c))
    if (!ghg || /^year$/i.test(ghg)) { if (ghg) tableLast = c; continue }
    let band = cleanLabel(textAt(sheet, r - 1, c) || merged(r - 1, c) || '')
    // A sentence above a column is an erratum note (2024 `An error was identified…`), not a band.
    if (band.split(' ').length > 8) band = ''
    const left = values[values.length - 1]
    // A band label normally spans its columns by a merge; where it does not, the per-gas columns
    // to the right of a total column belong to the band of that total.
    if (!band && left && left.col === c - 1 && isPerGas(ghg)) band = left.band
    values.push({ col: c, ghg, band })
    tableLast = c
  }
  const labelCols: number[] = []
  for (let c = 0; c < unitCol; c++) labelCols.push(c)
  return { header: r, labelCols, unitCol, values, lastCol: tableLast }
}

function rowIsEmpty(sheet: Sheet, r: number, lastCol: number): boolean {
  for (let c = 0; c <= lastCol; c++) {
    const v = cellAt(sheet, r, c)?.v
    if (v !== undefined && v !== null && String(v).trim() !== '') return false
  }
  return true
}

export function readFullSetSheet(sheetName: string, sheet: Sheet): FullSetRead {
  const cells: UkCell[] = []
  const skipped: SkippedRow[] = []
  const scope = sheetScope(sheet)
  const sheetCv = sheetCvBasis(sheet)
  const merged = mergedText(sheet)
  const range = sheetRange(sheet)
  const lastCol = Math.min(range.e.c, 200)
  for (let r = range.s.r; r <= range.e.r; r++) {
    const table = findTable(sheet, r, lastCol, merged)
    if (!table) continue
    const carried = new Map<number, string>()
    const labelish = [...table.labelCols, table.unitCol]
    let row = r + 1
    for (; row <= range.e.r; row++) {
      if (rowIsEmpty(sheet, row, table.lastCol) || findTable(sheet, row, lastCol, merged)) break
      for (const c of labelish) {
        const own = cleanLabel(textAt(sheet, row, c))
        const text = own || cleanLabel(merged(row, c) ?? '') || carried.get(c) || ''
        if (own && own !== carried.get(c)) for (const d of labelish) if (d > c && !cleanLabel(textAt(sheet, row, d)) && !merged(row, d)) carried.delete(d)
        carried.set(c, text)
      }
      const levels = table.labelCols.map((c) => carried.get(c) ?? '')
      const uom = carried.get(table.unitCol) ?? ''
      for (const vc of table.values) {
        const ref = cellRef(sheetName, row, vc.col)
        const cell = cellAt(sheet, row, vc.col)
        const v = cell?.v
        if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
          skipped.push({ reason: 'empty_value', where: ref })
          continue
        }
        if (cell?.t !== 'n' || typeof v !== 'number') {
          const text = String(v).trim()
          skipped.push({ reason: /^(ne|n\/a|na)$/i.test(text) ? 'not_estimated' : 'non_numeric', where: ref, detail: text })
          continue
        }
        if (/^kwh\b/i.test(vc.ghg)) {
          skipped.push({ reason: 'energy_conversion', where: ref, detail: `${vc.ghg} per ${uom} (SECR energy conversion, not a GHG factor)` })
          continue
        }
        cells.push({
          labels: { level1: cleanLabel(sheetName), levels, column: vc.band, uom, ghg: vc.ghg, ...(sheetCv ? { sheetCv } : {}) },
          scope,
          value: v,
          cellRef: ref,
          table: `${sheetName}!${r + 1}`,
        })
      }
    }
    r = row - 1
  }
  return { cells, skipped }
}

export function readFullSet(wb: Workbook): FullSetRead {
  const cells: UkCell[] = []
  const skipped: SkippedRow[] = []
  for (const name of wb.SheetNames) {
    if (NON_FACTOR_SHEETS.includes(name)) {
      skipped.push({ reason: 'not_a_factor', where: `'${name}'`, detail: 'reference or text sheet' })
      continue
    }
    const out = readFullSetSheet(name, wb.Sheets[name]!)
    cells.push(...out.cells)
    skipped.push(...out.skipped)
  }
  return { cells, skipped }
}
