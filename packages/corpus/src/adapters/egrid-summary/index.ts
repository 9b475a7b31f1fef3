/**
 * eGRID summary tables (eGRID2023 rev2; the edition is read from Table 3's title): output emission rates by subregion (`Table 1`) and by state
 * (`Table 3`), published in lb/MWh and served in kg per kWh (`published` keeps the lb/MWh cell).
 *
 * - CO2e is the total key (`location_total_output`); CO2, CH4, N2O are MASSES of each gas per
 *   MWh, so they are keys of their own (`..._co2`, `..._ch4`, `..._n2o`) and not in `gases`.
 * - NOx, SO2, PM2.5 and grid gross loss are not GHG factors: skipped (`not_a_factor`).
 * - Tables 2 and 4 (resource mix, capacity, generation) are not factors: skipped.
 * - Table 1 does not print its unit; Table 3 prints `lb/MWh`, and the U.S. rows of the two tables
 *   are the same numbers, which the adapter checks before serving Table 1 as lb/MWh.
 * - The U.S. row appears in both tables: Table 1's is served (`electricity.us.national.*`),
 *   Table 3's is skipped as `duplicate_row`.
 * Columns are found by header text (Unicode subscripts normalised), not by position.
 */
import { readWorkbook, cellAt, cellRef, textAt, sheetRange, type Sheet } from '../../read/workbook.ts'
import { egridSubject, stateSubject, ghgOfHeader, GAS_FORMULA, NATIONAL_SUBJECT } from '../../keys/us-egrid.ts'
import { US_STATES, isUsNationalLabel } from '../../keys/us-states.ts'
import { converted, lbPerMwh } from '../../keys/us-units.ts'
import { IngestError, type AdapterContext, type AdapterOutput, type DraftFactor, type SkippedRow, type SourceAdapter } from '../types.ts'

type Gas = 'co2' | 'ch4' | 'n2o' | 'co2e'

interface RateTable {
  sheet: string
  headerRow0: number
  labelCol0: number
  nameCol0: number | null
  gasCols: { gas: Gas; col0: number }[]
  otherCols: { header: string; col0: number }[]
}

/** The last of the first rows that names all four GHG columns is the header row. */
function findRateTable(file: string, sheetName: string, sheet: Sheet, labelHeader: RegExp): RateTable {
  const range = sheetRange(sheet)
  let found: RateTable | null = null
  for (let r = range.s.r; r <= Math.min(range.e.r, range.s.r + 8); r++) {
    const gasCols: RateTable['gasCols'] = []
    const otherCols: RateTable['otherCols'] = []
    let labelCol0 = -1
    let nameCol0: number | null = null
    for (let c = range.s.c; c <= range.e.c; c++) {
      const text = textAt(sheet, r, c)
      const gas = ghgOfHeader(text)
      if (gas && !gasCols.some((g) => g.gas === gas)) gasCols.push({ gas, col0: c })
      else if (labelHeader.test(text) && labelCol0 < 0) labelCol0 = c
      else if (/name$/i.test(text)) nameCol0 = c
      else if (text !== '' && labelCol0 >= 0) otherCols.push({ header: text.normalize('NFKC'), col0: c })
    }
    if (gasCols.length === 4 && labelCol0 >= 0) found = { sheet: sheetName, headerRow0: r, labelCol0, nameCol0, gasCols, otherCols }
  }
  if (!found) throw new IngestError(file, `sheet ${sheetName}`, 'no header row with CO2, CH4, N2O and CO2e columns')
  return found
}

function numberAt(sheet: Sheet, r: number, c: number): number | null {
  const cell = cellAt(sheet, r, c)
  return cell && cell.t === 'n' && typeof cell.v === 'number' ? cell.v : null
}

interface TableOpts {
  file: string
  sheet: Sheet
  table: RateTable
  kind: 'subregion' | 'state'
  section: string
  /** `eGRID2023`, read from the file. */
  egrid: string
  out: AdapterOutput
}

function ingestRateTable({ sheet, table, kind, section, egrid, out }: TableOpts): void {
  const range = sheetRange(sheet)
  for (let r = table.headerRow0 + 1; r <= range.e.r; r++) {
    const label = textAt(sheet, r, table.labelCol0)
    if (label === '') continue
    const national = isUsNationalLabel(label)
    const where = `sheet ${table.sheet} row ${r + 1}`
    if (national && kind === 'state') {
      out.skipped.push({ reason: 'duplicate_row', where, detail: 'U.S. row restates Table 1' })
      continue
    }
    const placeName = table.nameCol0 === null ? '' : textAt(sheet, r, table.nameCol0)
    const subject = kind === 'subregion' ? egridSubject(label) : stateSubject(label)
    const stateName = kind === 'state' ? US_STATES[label.toUpperCase()] : undefined
    const place = national
      ? 'United States'
      : kind === 'subregion'
        ? `eGRID subregion ${label}${placeName ? ` (${placeName})` : ''}`
        : `${stateName ?? label} (${label})`
    for (const { gas, col0 } of table.gasCols) {
      const v = numberAt(sheet, r, col0)
      if (v === null) {
        out.skipped.push({ reason: textAt(sheet, r, col0) === '' ? 'empty_value' : 'non_numeric', where: `${where} ${gas}` })
        continue
      }
      const conv = converted(v, lbPerMwh(GAS_FORMULA[gas]))
      const factor: DraftFactor = {
        key: `electricity.us.${subject}.location_total_output${gas === 'co2e' ? '' : `_${gas}`}`,
        name: `Electricity, ${place}, total output emission rate${gas === 'co2e' ? '' : ` (${GAS_FORMULA[gas]} mass)`} (${egrid})`,
        ...conv,
        scope: 'scope_2',
        section,
        country: 'us',
        region: subject === NATIONAL_SUBJECT ? null : label.toLowerCase(),
        cell_ref: cellRef(table.sheet, r, col0),
        tags: national ? ['eGRID', 'US average'] : [label, ...(placeName ? [placeName] : []), ...(stateName ? [stateName] : []), 'eGRID'],
      }
      out.factors.push(factor)
    }
    for (const other of table.otherCols) {
      if (numberAt(sheet, r, other.col0) !== null) out.skipped.push({ reason: 'not_a_factor', where: `${where} ${other.header}`, detail: 'not a GHG emission rate' })
    }
  }
}

function usRow(sheet: Sheet, table: RateTable): number[] | null {
  const range = sheetRange(sheet)
  for (let r = table.headerRow0 + 1; r <= range.e.r; r++) {
    if (isUsNationalLabel(textAt(sheet, r, table.labelCol0))) return table.gasCols.map((g) => numberAt(sheet, r, g.col0) ?? NaN)
  }
  return null
}

export function ingestEgridSummary(file: string, absPath: string): AdapterOutput {
  const wb = readWorkbook(absPath)
  const out: AdapterOutput = { factors: [], skipped: [] }
  const sheetOf = (name: string): Sheet => {
    const s = wb.Sheets[name]
    if (!s) throw new IngestError(file, `sheet ${name}`, 'missing sheet')
    return s
  }
  const t1 = sheetOf('Table 1')
  const t3 = sheetOf('Table 3')
  const sub = findRateTable(file, 'Table 1', t1, /subregion acronym/i)
  const state = findRateTable(file, 'Table 3', t3, /^state$/i)
  const t3Text = Array.from({ length: state.headerRow0 + 1 }, (_, r) => Array.from({ length: 10 }, (_, c) => textAt(t3, r, c)).join(' ')).join(' ')
  if (!/lb\/MWh/i.test(t3Text)) throw new IngestError(file, 'sheet Table 3', 'unit lb/MWh not found in the header rows')
  // The eGRID edition, as Table 3's title states it (`3. State Output Emission Rates (eGRID2023)`): names and sections carry it.
  const egrid = /\beGRID(\d{4})\b/.exec(t3Text)?.[0]
  if (!egrid) throw new IngestError(file, 'sheet Table 3', 'no eGRID edition (eGRIDyyyy) in the title')
  const us1 = usRow(t1, sub)
  const us3 = usRow(t3, state)
  if (!us1 || !us3 || us1.some((v, i) => v !== us3[i])) throw new IngestError(file, 'sheet Table 1', 'U.S. row differs from Table 3: cannot confirm Table 1 is lb/MWh')
  ingestRateTable({ file, sheet: t1, table: sub, kind: 'subregion', section: `${egrid} > Subregion output emission rates`, egrid, out })
  ingestRateTable({ file, sheet: t3, table: state, kind: 'state', section: `${egrid} > State output emission rates`, egrid, out })
  for (const name of wb.SheetNames) {
    if (name === 'Table 1' || name === 'Table 3') continue
    const skip: SkippedRow = { reason: 'not_a_factor', where: `sheet ${name}`, detail: name === 'Contents' ? 'contents page' : 'resource mix, capacity and generation' }
    out.skipped.push(skip)
  }
  return out
}

export const adapter: SourceAdapter = {
  id: 'egrid-summary',
  ingest(ctx: AdapterContext): AdapterOutput {
    const out: AdapterOutput = { factors: [], skipped: [] }
    for (const file of ctx.edition.files) {
      const part = ingestEgridSummary(file, ctx.resolve(file))
      out.factors.push(...part.factors)
      out.skipped.push(...part.skipped)
    }
    return out
  },
}
