/**
 * US EPA GHG Emission Factors Hub (2023, 2024): one sheet of stacked tables, found by title.
 *
 * Tables 1–8 and 10 publish CO2, CH4 and N2O separately as masses of each gas (not CO2e):
 * each value is its own key with a gas suffix, `g` served as `kg`, eGRID `lb/MWh` as
 * `kg/kWh`. Table 9 (waste) publishes metric tons CO2e per short ton by disposal method: served
 * as `kg CO2e per short ton`. Tables 11 and 12 (GWPs) give the US refrigerant factors
 * (`read-gwp.ts`). Not factors, skipped and reported: heat contents (Table 1 column D), the GWP
 * box above Table 1 and the GWPs of CO2, CH4 and N2O.
 * Keys: `<domain>.us.<row labels>.<table basis>_<gas>`; see `tables.ts` for each table's rule.
 */
import { readWorkbook, cellRef, textAt, type Sheet } from '../../read/workbook.ts'
import { slugify } from '../../keys/slug.ts'
import { converted, tonnesToKg } from '../../keys/us-units.ts'
import { IngestError, type AdapterContext, type AdapterOutput, type SourceAdapter } from '../types.ts'
import { cleanLabel, dataRows, findRow, findTables, lastCol0, numericAt, LABEL_COL0, type HubTable } from './layout.ts'
import { readGwpTable } from './read-gwp.ts'
import { HUB_SHEET, readGasTable } from './read-table.ts'
import { TABLE_SPECS, specForTitle, type TableSpec } from './tables.ts'
import { parseUnit } from './units.ts'
import { uniqueNames } from '../../keys/unique-names.ts'

/** Table 9: materials × disposal methods, metric tons CO2e per short ton. */
function readWasteTable(file: string, sheet: Sheet, table: HubTable, spec: TableSpec, out: AdapterOutput): void {
  const headerRow0 = findRow(sheet, table, spec.header)
  if (headerRow0 === null) throw new IngestError(file, `sheet ${HUB_SHEET} table ${table.number}`, 'no Material header')
  let unitText = ''
  for (let r = table.startRow0 + 1; r < headerRow0 && unitText === ''; r++) {
    for (let c = LABEL_COL0 + 1; c <= lastCol0(sheet); c++) if (/co2e/i.test(textAt(sheet, r, c))) unitText = textAt(sheet, r, c)
  }
  const unit = parseUnit('', unitText)
  if (!unit || unit.gas !== 'CO2e' || unit.mass !== 't') throw new IngestError(file, `sheet ${HUB_SHEET} table ${table.number}`, `unexpected unit "${unitText}"`)
  const methods: { col0: number; label: string }[] = []
  for (let c = LABEL_COL0 + 1; c <= lastCol0(sheet); c++) {
    const h = cleanLabel(textAt(sheet, headerRow0, c))
    if (h !== '') methods.push({ col0: c, label: h })
  }
  for (const r of dataRows(sheet, table, headerRow0)) {
    const material = cleanLabel(textAt(sheet, r, LABEL_COL0))
    if (material === '') continue
    for (const m of methods) {
      const where = `sheet ${HUB_SHEET} row ${r + 1} ${m.label}`
      const value = numericAt(sheet, r, m.col0)
      if (value === null) {
        const t = textAt(sheet, r, m.col0)
        out.skipped.push(t === '' ? { reason: 'empty_value', where } : { reason: 'non_numeric', where, detail: t })
        continue
      }
      out.factors.push({
        key: `waste.us.${slugify(material)}.${slugify(m.label)}`,
        name: `${material}, ${m.label.toLowerCase()}: CO2e per short ton`,
        ...converted(value, tonnesToKg('CO2e', unit.activity)),
        scope: spec.scope,
        section: spec.section,
        country: 'us',
        region: null,
        cell_ref: cellRef(HUB_SHEET, r, m.col0),
      })
    }
  }
}

/** The words of the table a section belongs to (`Stationary combustion > Biomass Fuels - Liquid` -> `stationary combustion`). */
function contextOf(section: string): string {
  const spec = TABLE_SPECS.map((t) => t.spec).find((sp) => section.startsWith(sp.section))
  return spec?.nameContext ?? section.toLowerCase()
}

/** The GWP box above Table 1: every number is reported as not a factor. */
function skipNumbers(sheet: Sheet, fromRow0: number, toRow0: number, detail: string, out: AdapterOutput): void {
  for (let r = fromRow0; r <= toRow0; r++) {
    for (let c = LABEL_COL0; c <= lastCol0(sheet); c++) {
      if (numericAt(sheet, r, c) !== null) out.skipped.push({ reason: 'not_a_factor', where: `sheet ${HUB_SHEET} row ${r + 1}`, detail })
    }
  }
}

export function ingestHubWorkbook(file: string, absPath: string): AdapterOutput {
  const wb = readWorkbook(absPath)
  const sheet = wb.Sheets[HUB_SHEET]
  if (!sheet) throw new IngestError(file, `sheet ${HUB_SHEET}`, 'missing sheet')
  const out: AdapterOutput = { factors: [], skipped: [] }
  const tables = findTables(sheet)
  const first = tables[0]
  if (!first) throw new IngestError(file, `sheet ${HUB_SHEET}`, 'no "Table N" markers in column B')
  skipNumbers(sheet, 0, first.startRow0 - 1, 'GWP (front matter)', out)
  const seen = new Set<string>()
  for (const table of tables) {
    const spec = specForTitle(table.title)
    if (!spec) throw new IngestError(file, `sheet ${HUB_SHEET} row ${table.startRow0 + 1}`, `unknown table "${table.title}"`)
    seen.add(spec.kind)
    if (spec.kind === 'gwp') readGwpTable(file, sheet, table, out)
    else if (spec.kind === 'waste') readWasteTable(file, sheet, table, spec, out)
    else readGasTable(file, sheet, table, spec, out)
  }
  if (seen.size < 11) throw new IngestError(file, `sheet ${HUB_SHEET}`, `expected 11 kinds of table, found ${[...seen].join(', ')}`)
  // A name two tables share (`Biodiesel (100%): CO2 per gallon (US)` in the stationary and the
  // mobile tables) gets the table it is from.
  const names = uniqueNames(out.factors, (f) => f.name, (f) => [contextOf(f.section)])
  out.factors = out.factors.map((f) => {
    const name = names.get(f)
    return name ? { ...f, name: name.replace(/^(.*?): (.*) \((.*)\)$/, '$1, $3: $2') } : f
  })
  return out
}

export const adapter: SourceAdapter = {
  id: 'epa-hub',
  ingest(ctx: AdapterContext): AdapterOutput {
    const out: AdapterOutput = { factors: [], skipped: [] }
    for (const file of ctx.edition.files) {
      const part = ingestHubWorkbook(file, ctx.resolve(file))
      out.factors.push(...part.factors)
      out.skipped.push(...part.skipped)
    }
    return out
  },
}
