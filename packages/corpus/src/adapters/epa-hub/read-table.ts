/**
 * Reads one Hub table with per-gas columns (CO2, CH4, N2O) into factors. Gas values are
 * masses of that gas (kg CO2, g CH4, lb N2O per unit), never CO2e, so each is a key of its
 * own with the gas suffix; grams are served as kg and lb/MWh as kg/kWh with `published`.
 */
import { cellRef, textAt, type Sheet } from '../../read/workbook.ts'
import { normalizeUnit } from '../../keys/units.ts'
import { egridSubject } from '../../keys/us-egrid.ts'
import { isUsNationalLabel } from '../../keys/us-states.ts'
import { converted, gramsToKg, lbPerMwh, tonnesToKg, type Conversion } from '../../keys/us-units.ts'
import { IngestError, type AdapterOutput, type DraftFactor } from '../types.ts'
import { cleanLabel, dataRows, findRow, lastCol0, numericAt, tableNotes, tableStatements, LABEL_COL0, type HubTable, type TableStatements } from './layout.ts'
import type { RowLabels, TableSpec } from './tables.ts'
import { basisSlug, gasIn, parseUnit, type UnitSpec } from './units.ts'

export const HUB_SHEET = 'Emission Factors Hub'

interface ValueColumn { col0: number; header: string; unitText: string; group: string }

interface Columns {
  values: ValueColumn[]
  extras: number[]
  nameCol0: number | null
  unitCol0: number | null
  heatCol0: number | null
}

function classifyColumns(sheet: Sheet, table: HubTable, headerRow0: number): Columns {
  const cols: Columns = { values: [], extras: [], nameCol0: null, unitCol0: null, heatCol0: null }
  for (let c = LABEL_COL0 + 1; c <= lastCol0(sheet); c++) {
    const h = textAt(sheet, headerRow0, c)
    if (h === '') continue
    if (/^units?$/i.test(h)) cols.unitCol0 = c
    else if (/heat content/i.test(h)) cols.heatCol0 = c
    else if (/name$/i.test(h)) cols.nameCol0 = c
    else if (gasIn(h) && /factor|per unit/i.test(h)) cols.values.push({ col0: c, header: h, unitText: '', group: groupAbove(sheet, table, headerRow0, c) })
    else cols.extras.push(c)
  }
  return cols
}

/** Text of the nearest group header at or left of `col0` between the title and the header row. */
function groupAbove(sheet: Sheet, table: HubTable, headerRow0: number, col0: number): string {
  for (let r = headerRow0 - 1; r > table.startRow0; r--) {
    for (let c = col0; c > LABEL_COL0; c--) {
      const t = textAt(sheet, r, c)
      if (/emission factors$/i.test(t)) return t
    }
  }
  return ''
}

function conversionFor(u: UnitSpec): Conversion | null {
  if (u.mass === 'g') return gramsToKg(u.gas, u.activity)
  if (u.mass === 't') return tonnesToKg(u.gas, u.activity)
  if (u.mass === 'lb') {
    if (u.activity !== 'MWh') throw new Error(`lb per ${u.activity} is not handled`)
    return lbPerMwh(u.gas)
  }
  return null
}

export function readGasTable(file: string, sheet: Sheet, table: HubTable, spec: TableSpec, out: AdapterOutput): void {
  const headerRow0 = findRow(sheet, table, spec.header, spec.headerAnyColumn)
  if (headerRow0 === null) throw new IngestError(file, `sheet ${HUB_SHEET} table ${table.number}`, `no header row matching ${spec.header}`)
  const cols = classifyColumns(sheet, table, headerRow0)
  if (cols.values.length === 0) throw new IngestError(file, `sheet ${HUB_SHEET} row ${headerRow0 + 1}`, 'no gas columns')
  const headerText = Array.from({ length: lastCol0(sheet) + 1 }, (_, c) => textAt(sheet, headerRow0, c)).join(' ')
  const says = tableStatements(tableNotes(sheet, table, headerRow0), headerText)
  const labels: RowLabels = { primary: '', extra: cols.extras.map(() => ''), group: '' }
  for (const r of dataRows(sheet, table, headerRow0)) {
    const where = `sheet ${HUB_SHEET} row ${r + 1}`
    const label = cleanLabel(textAt(sheet, r, LABEL_COL0))
    const numbers = cols.values.filter((v) => numericAt(sheet, r, v.col0) !== null).length
    const valueTexts = cols.values.filter((v) => textAt(sheet, r, v.col0) !== '').length
    // A units row (below the header, or Table 1's `mmBtu per scf` rows) sets the columns' units.
    if (label === '' && numbers === 0 && valueTexts > 0) {
      for (const v of cols.values) v.unitText = textAt(sheet, r, v.col0)
      if (cols.heatCol0 !== null && textAt(sheet, r, cols.heatCol0) !== '') out.skipped.push({ reason: 'not_a_factor', where, detail: 'units row' })
      continue
    }
    if (numbers === 0 && valueTexts === 0) {
      if (label !== '') labels.group = label
      continue
    }
    if (label !== '' && !label.startsWith('(')) {
      labels.primary = label
      labels.extra = cols.extras.map(() => '')
    }
    cols.extras.forEach((c, i) => {
      const t = cleanLabel(textAt(sheet, r, c))
      if (t !== '') {
        labels.extra[i] = t
        for (let j = i + 1; j < labels.extra.length; j++) labels.extra[j] = ''
      }
    })
    if (cols.heatCol0 !== null && numericAt(sheet, r, cols.heatCol0) !== null) out.skipped.push({ reason: 'not_a_factor', where: `${where} heat content`, detail: 'heat content' })
    for (const v of cols.values) emitValue(file, sheet, r, v, cols, labels, spec, says, out)
  }
}

const ENERGY_ACTIVITY = /^(mmBtu|MMBtu|therm|kWh|MWh|GJ|MJ)$/

function emitValue(file: string, sheet: Sheet, r: number, v: ValueColumn, cols: Columns, labels: RowLabels, spec: TableSpec, says: TableStatements, out: AdapterOutput): void {
  const where = `sheet ${HUB_SHEET} row ${r + 1} ${v.header}`
  const value = numericAt(sheet, r, v.col0)
  if (value === null) {
    const t = textAt(sheet, r, v.col0)
    out.skipped.push(t === '' ? { reason: 'empty_value', where } : { reason: 'non_numeric', where, detail: t })
    return
  }
  const unit = parseUnit(v.header, v.unitText)
  if (!unit) throw new IngestError(file, where, `cannot read unit from "${v.header}" / "${v.unitText}"`)
  if (unit.activity === 'unit') {
    const rowUnit = cols.unitCol0 === null ? '' : textAt(sheet, r, cols.unitCol0)
    if (rowUnit === '') throw new IngestError(file, where, 'per-unit factor without a Units cell')
    unit.activity = normalizeUnit(rowUnit.toLowerCase())
  }
  if (spec.forceActivity && /mile$/.test(unit.activity)) unit.activity = spec.forceActivity
  const basis = basisSlug(unit.activity)
  const gas = unit.gas.toLowerCase()
  let subject = spec.subject(labels)
  let region: string | null = null
  const tags: string[] = []
  if (spec.kind === 'electricity') {
    subject = egridSubject(labels.primary)
    const national = isUsNationalLabel(labels.primary)
    region = national ? null : labels.primary.toLowerCase()
    tags.push(...(national ? ['US average'] : [labels.primary]), 'eGRID')
    const name = cols.nameCol0 === null ? '' : textAt(sheet, r, cols.nameCol0)
    if (name && !national) tags.push(name)
  }
  if (subject === '') throw new IngestError(file, where, 'empty subject')
  const conv = conversionFor(unit)
  const served = conv ? converted(value, conv) : { value, unit: `${unit.mass} ${unit.gas} per ${unit.activity}` }
  const extras = labels.extra.filter((e) => e !== '').map((e) => (/^(up to |from )?\d{4}(-\d{4})?$/.test(e) ? `model year ${e}` : e))
  // The group row above (`Biomass Fuels - Kraft Pulping Liquor, by Wood Furnish`) qualifies the
  // row (`Bagasse`), unless it only repeats it (`Natural Gas` under `Natural Gas`).
  const primaryText = [labels.primary, ...extras].join(', ')
  const labelText = primaryText + (labels.group && spec.kind !== 'electricity' && !primaryText.toLowerCase().includes(labels.group.toLowerCase()) ? ` (${labels.group})` : '')
  const nonBaseload = /non-?baseload/i.test(v.group)
  const notForInventory = nonBaseload && says.nonBaselineNotForInventory !== null
  const gross = says.hhv && ENERGY_ACTIVITY.test(unit.activity)
  const notes = [spec.kind === 'electricity' && says.egrid ? `${says.egrid} subregion output emission rates` : '', notForInventory ? says.nonBaselineNotForInventory ?? '' : '', gross ? 'per unit of heat content at higher heating value (HHV)' : ''].filter((n) => n !== '')
  const electricityName = `Electricity, ${says.egrid ?? 'eGRID'} subregion ${labelText}`
  const factor: DraftFactor = {
    key: `${spec.domain(labels, unit.activity)}.us.${subject}.${spec.method(basis, v.group)}_${gas}`,
    name: `${spec.kind === 'electricity' ? electricityName : labelText}${v.group ? ` (${v.group.toLowerCase()})` : ''}: ${unit.gas} per ${served.unit.replace(/^.* per /, '')}${gross ? ' (HHV)' : ''}`,
    ...served,
    ...(notForInventory ? { kind: 'not_for_inventory' as const } : {}),
    ...(gross || notes.length ? { basis: { ...(gross ? { calorific_value: 'gross' as const } : {}), ...(notes.length ? { note: notes.join('; ') } : {}) } } : {}),
    scope: spec.scope,
    section: [spec.section, labels.group].filter((s) => s !== '').join(' > '),
    country: 'us',
    region,
    cell_ref: cellRef(HUB_SHEET, r, v.col0),
    ...(tags.length ? { tags } : {}),
  }
  out.factors.push(factor)
}
