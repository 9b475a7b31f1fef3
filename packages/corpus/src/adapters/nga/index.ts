/**
 * Australian National Greenhouse Accounts (NGA) Factors workbooks, 2021–2025: one sheet per
 * table, keyed by the title text in A1 (numbers change between editions, see `topics.ts`).
 * The `Energy - Scope 1 ` / `Energy - Scope 3` sheets restate the numbered fuel tables
 * (skipped as `restated_primary`) except their per-physical-unit column, which is published
 * nowhere else and is served beside the numbered tables' keys (see `energy-sheets.ts`).
 * The refrigerant GWP tables give the Australian refrigerant factors (`read-gwp.ts`).
 */
import { readWorkbook, textAt } from '../../read/workbook.ts'
import { IngestError, type AdapterContext, type AdapterOutput, type SourceAdapter } from '../types.ts'
import { energyContentsOf, readEnergySheet } from './energy-sheets.ts'
import { isGwpTitle, readNgaGwp } from './read-gwp.ts'
import { readNgaTable, SHARED_QUALIFIER, skipSheetNumbers } from './read-table.ts'
import { uniqueNames } from '../../keys/unique-names.ts'
import { topicOf } from './topics.ts'

/** The edition year written in the published file name (`...-factors-2021.xlsx`), else null. */
export function ngaEditionYear(file: string): number | null {
  const m = /(?:^|[^0-9])(20\d\d)\.xlsx$/i.exec(file)
  return m?.[1] ? Number(m[1]) : null
}

export function ingestNgaWorkbook(file: string, absPath: string, edition: number | null = ngaEditionYear(file)): AdapterOutput {
  const wb = readWorkbook(absPath)
  const out: AdapterOutput = { factors: [], skipped: [] }
  let tables = 0
  const summaries: string[] = []
  for (const name of wb.SheetNames) {
    const sheet = wb.Sheets[name]
    if (!sheet) continue
    if (/^energy - scope/i.test(name.trim())) summaries.push(name)
    if (!/^table\s*\d+/i.test(name.trim())) continue
    tables++
    const title = textAt(sheet, 0, 0)
    if (title === '') throw new IngestError(file, `sheet ${name}`, 'no title in A1')
    if (isGwpTitle(title)) {
      readNgaGwp(name, sheet, out)
      continue
    }
    const topic = topicOf(title)
    if (topic.skip) skipSheetNumbers(name, sheet, topic.skip.reason, topic.skip.detail, out)
    else readNgaTable(name, sheet, topic, out, edition)
  }
  // After the numbered tables, so their keys are known and never taken twice.
  const taken = new Set(out.factors.map((f) => f.key))
  const contents = energyContentsOf(wb.SheetNames.filter((n) => /^table\s*\d+/i.test(n.trim())).map((n) => ({ name: n, sheet: wb.Sheets[n]! })))
  for (const name of summaries) readEnergySheet(file, name, wb.Sheets[name]!, out, taken, contents)
  if (tables === 0) throw new IngestError(file, 'workbook', 'no "Table N" sheets')
  // `National: scope 2 emission factor per kWh` is in Table 1 (location-based) and Table 2
  // (market-based): shared names take their table's qualifier.
  const names = uniqueNames(out.factors, (f) => f.name, (f) => [SHARED_QUALIFIER.get(f) ?? ''])
  out.factors = out.factors.map((f) => {
    const name = names.get(f)
    return name ? { ...f, name } : f
  })
  return out
}

export const adapter: SourceAdapter = {
  id: 'nga',
  ingest(ctx: AdapterContext): AdapterOutput {
    const out: AdapterOutput = { factors: [], skipped: [] }
    for (const file of ctx.edition.files) {
      const part = ingestNgaWorkbook(file, ctx.resolve(file))
      out.factors.push(...part.factors)
      out.skipped.push(...part.skipped)
    }
    return out
  },
}
