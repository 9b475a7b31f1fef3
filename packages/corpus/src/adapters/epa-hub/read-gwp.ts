/**
 * Hub tables 11 (GWPs of gases) and 12 (GWPs of blended refrigerants) as US refrigerant
 * factors (keys/refrigerant-gwp.ts). Columns are found by their headers: the label in column
 * C (`Gas`, `Industrial Designation or Common Name`, `ASHRAE #`), the `100-Year GWP`, and where
 * present `Chemical Formula` and `Blend Composition`. CO2, CH4 and N2O weight the per-gas
 * factors and are reported as not factors; a GWP that is not a number (`>7,500`) is reported.
 */
import { cellRef, textAt, type Sheet } from '../../read/workbook.ts'
import { assessmentReport, gwpFactor, refrigerantSubject } from '../../keys/refrigerant-gwp.ts'
import { IngestError, type AdapterOutput } from '../types.ts'
import { cleanLabel, dataRows, findRow, lastCol0, numericAt, tableNotes, LABEL_COL0, type HubTable } from './layout.ts'
import { HUB_SHEET } from './read-table.ts'

function columnOf(sheet: Sheet, row0: number, pattern: RegExp): number | null {
  for (let c = LABEL_COL0 + 1; c <= lastCol0(sheet); c++) if (pattern.test(textAt(sheet, row0, c))) return c
  return null
}

export function readGwpTable(file: string, sheet: Sheet, table: HubTable, out: AdapterOutput): void {
  const headerRow0 = findRow(sheet, table, /100-year gwp/i, true)
  if (headerRow0 === null) throw new IngestError(file, `sheet ${HUB_SHEET} table ${table.number}`, 'no 100-Year GWP header')
  const gwpCol0 = columnOf(sheet, headerRow0, /100-year gwp/i)
  if (gwpCol0 === null) throw new IngestError(file, `sheet ${HUB_SHEET} row ${headerRow0 + 1}`, 'the GWP header is not right of the labels')
  const formulaCol0 = columnOf(sheet, headerRow0, /chemical formula/i)
  const blendCol0 = columnOf(sheet, headerRow0, /blend composition/i)
  const notes = tableNotes(sheet, table, headerRow0)
  const report = assessmentReport(notes)
  // Blends: "GWPs of blended refrigerants are based (only) on their HFC and PFC constituents" (an HCFC blend is 0).
  const blendNote = /GWPs?(?: values)? of blended refrigerants are based[^.]*?constituents/i.exec(notes)?.[0]
  const section = `Global warming potentials > ${cleanLabel(table.title)}`
  for (const r of dataRows(sheet, table, headerRow0)) {
    const label = cleanLabel(textAt(sheet, r, LABEL_COL0))
    if (label === '') continue
    const where = `sheet ${HUB_SHEET} row ${r + 1}`
    const formula = formulaCol0 === null ? '' : cleanLabel(textAt(sheet, r, formulaCol0))
    const subject = refrigerantSubject(label, formula)
    const value = numericAt(sheet, r, gwpCol0)
    if (subject === null) {
      if (value !== null) out.skipped.push({ reason: 'not_a_factor', where, detail: `GWP of ${label}: weights the per-gas factors` })
      continue
    }
    if (value === null) {
      const t = textAt(sheet, r, gwpCol0)
      out.skipped.push(t === '' ? { reason: 'empty_value', where } : { reason: 'non_numeric', where, detail: t })
      continue
    }
    const composition = blendCol0 === null ? '' : textAt(sheet, r, blendCol0)
    out.factors.push(gwpFactor({
      country: 'us', subject, label, ...(formula ? { formula } : {}), ...(composition ? { composition } : {}),
      value, cellRef: cellRef(HUB_SHEET, r, gwpCol0), section, report, hundredYear: /100-year/i.test(textAt(sheet, headerRow0, gwpCol0)), ...(composition && blendNote ? { note: blendNote } : {}),
    }))
  }
}
