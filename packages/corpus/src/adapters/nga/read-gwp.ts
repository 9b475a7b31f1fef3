/**
 * The NGA refrigerant GWP tables as Australian refrigerant factors (keys/refrigerant-gwp.ts):
 * "Global warming potentials of common refrigerants" (2022–2025: `Refrigerant`, `Global Warming
 * Potentials (AR5)`) and 2021's "Global Warming Potentials" (`Gas`, `Chemical formula`, `Global
 * Warming Potential`). Columns are found by their headers; the labels are in column A. CO2, CH4
 * and N2O weight the per-gas factors and are reported as not factors, as are rows without a number.
 */
import { cellRef, sheetRange, textAt, type Sheet } from '../../read/workbook.ts'
import { assessmentReport, gwpFactor, refrigerantSubject } from '../../keys/refrigerant-gwp.ts'
import type { AdapterOutput } from '../types.ts'
import { numericAt } from './read-table.ts'
import { titleText } from './topics.ts'

/** Whether an NGA table title is a GWP table (read here, not as emission factors or skipped). */
export function isGwpTitle(title: string): boolean {
  return /global warming potential/i.test(titleText(title))
}

export function readNgaGwp(sheetName: string, sheet: Sheet, out: AdapterOutput): void {
  const range = sheetRange(sheet)
  const title = titleText(textAt(sheet, 0, 0))
  let header = -1
  let gwpCol0 = -1
  let formulaCol0 = -1
  for (let r = 1; r <= range.e.r && header < 0; r++) {
    for (let c = 1; c <= range.e.c; c++) {
      const t = textAt(sheet, r, c)
      if (/global warming potential/i.test(t)) { header = r; gwpCol0 = c }
      if (/chemical formula/i.test(t)) formulaCol0 = c
    }
  }
  if (header < 0) {
    for (let r = 1; r <= range.e.r; r++) for (let c = 0; c <= range.e.c; c++) if (numericAt(sheet, r, c) !== null) out.skipped.push({ reason: 'not_a_factor', where: `sheet ${sheetName} row ${r + 1}`, detail: 'GWP table without a GWP header' })
    return
  }
  const texts: string[] = [title]
  for (let r = 0; r <= range.e.r; r++) for (let c = 0; c <= range.e.c; c++) texts.push(textAt(sheet, r, c))
  const report = assessmentReport(texts.join(' '))
  const hundredYear = /100-year/i.test(texts.join(' '))
  for (let r = header + 1; r <= range.e.r; r++) {
    const label = textAt(sheet, r, 0).replace(/\s+/g, ' ').trim()
    const value = numericAt(sheet, r, gwpCol0)
    if (label === '' || value === null) {
      if (value !== null) out.skipped.push({ reason: 'not_a_factor', where: `sheet ${sheetName} row ${r + 1}`, detail: 'GWP without a label' })
      continue
    }
    const formula = formulaCol0 < 0 ? '' : textAt(sheet, r, formulaCol0).replace(/\s+/g, '').trim()
    const subject = refrigerantSubject(label, formula)
    if (subject === null) {
      out.skipped.push({ reason: 'not_a_factor', where: `sheet ${sheetName} row ${r + 1}`, detail: `GWP of ${label}: weights the per-gas factors` })
      continue
    }
    out.factors.push(gwpFactor({
      country: 'au', subject, label, ...(formula ? { formula } : {}), value,
      cellRef: cellRef(sheetName, r, gwpCol0), section: title, report, hundredYear,
    }))
  }
}
