/**
 * A table laid out sideways: subjects are the column headers and the one data row's label
 * carries the unit (2021 Table 49: `Municipal solid waste` | `Commercial and industrial
 * waste` | ... over `Emission factor (t CO2-e/t waste)`). Each column is read as a row of the
 * usual layout, so it gets the key the upright table of later editions gives it.
 */
import { cellAt, textAt, type Sheet } from '../../read/workbook.ts'
import { parseUnit, type FactorColumn } from './columns.ts'

export interface SidewaysRow {
  headerRow0: number
  dataRow0: number
  lastCol0: number
}

/** The factor column each subject column stands for, or null when the table is not sideways. */
export function sidewaysColumns(sheet: Sheet, at: SidewaysRow): { label: string; col: FactorColumn }[] | null {
  const unitText = textAt(sheet, at.dataRow0, 0)
  const unit = /emission factor/i.test(unitText) ? parseUnit(unitText) : null
  if (!unit) return null
  const out: { label: string; col: FactorColumn }[] = []
  for (let c = 1; c <= at.lastCol0; c++) {
    const label = textAt(sheet, at.headerRow0, c)
    if (label === '' || cellAt(sheet, at.dataRow0, c)?.t !== 'n') continue
    out.push({ label, col: { col0: c, header: unitText, scope: null, ...unit, gas: 'total', qualifier: '' } })
  }
  return out.length > 0 ? out : null
}

