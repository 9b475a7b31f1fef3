/**
 * The `Energy - Scope 1 ` / `Energy - Scope 3` summary sheets (2022–2025). Their per-GJ factors
 * and energy contents restate the numbered tables (skipped as `restated_primary`), but the
 * `kg CO2-e/unit` column (energy content × combined factor, e.g. 2716.282 kg CO2-e/kL diesel in
 * heavy vehicles) is published nowhere else, so each such cell is a factor of its own, keyed
 * beside the numbered table it derives from: same subject, method `<table>_<scope>_<unit>`
 * (`liquid_scope1_litre`, `solid_scope1_tonne`, `supply_scope3_metro_m3`). kL is served per litre.
 */
import type { FactorRow } from '@openfactors/engine/release'
import { cellRef, sheetRange, textAt, cellAt, type Sheet } from '../../read/workbook.ts'
import { slugify, slugJoin } from '../../keys/slug.ts'
import { normalizeUnit } from '../../keys/units.ts'
import { converted } from '../../keys/us-units.ts'
import { IngestError, type AdapterOutput, type DraftFactor } from '../types.ts'
import { auRegion } from './regions.ts'
import { titleText, topicOf } from './topics.ts'

interface SummaryColumns { headerRow0: number; type: number; fuel: number; energy: number; energyUnit: number; perUnit: number; unit: number; scope: number; source: number }

/**
 * Energy contents as the numbered tables state them (`Renewable diesel | 38.6 GJ/kL` in Table 8),
 * by `<table topic prefix>|<row label>` lower-cased, with the sheet they are on: the summary
 * sheets restate them, sometimes with another unit (2024-2025 `Energy - Scope 1`: `38.6 GJ/t`, and
 * a factor per t computed from it). Tables are matched by topic, not number: the 2024 summary
 * cites the liquid fuels table as `Table 7`, which is Table 8 in that workbook.
 */
export type EnergyContents = ReadonlyMap<string, { gj: number; per: string; sheet: string }>

export function energyContentsOf(tables: ReadonlyArray<{ name: string; sheet: Sheet }>): Map<string, { gj: number; per: string; sheet: string }> {
  const out = new Map<string, { gj: number; per: string; sheet: string }>()
  for (const { name, sheet } of tables) {
    const topic = topicOf(textAt(sheet, 0, 0))
    if (topic.skip) continue
    const range = sheetRange(sheet)
    for (let r = 1; r <= range.e.r; r++) {
      const label = textAt(sheet, r, 0)
      for (let c = 1; c <= Math.min(range.e.c, 4); c++) {
        const m = /^(\d+(?:\.\d+)?)\s*GJ\s*\/\s*(\S+)$/i.exec(textAt(sheet, r, c).normalize('NFKC'))
        if (m?.[1] && m[2] && label !== '') out.set(`${topic.prefix}|${label.toLowerCase()}`, { gj: Number(m[1]), per: m[2], sheet: name.trim() })
      }
    }
  }
  return out
}

/**
 * The unit a summary row's factor is per: the summary's own (`kg CO2-e/t`), unless the numbered
 * table it names states the same energy content per another unit (liquid fuels table: renewable
 * diesel 38.6 GJ/kL, summary: 38.6 GJ/t): then the factor (energy content x emission factor) is
 * per that unit, and the reason is recorded.
 */
export function perUnitOf(published: string, row: { topic: string; label: string; gj: number | null; energyUnit: string }, contents: EnergyContents): { unit: string; note?: string } {
  if (row.gj === null) return { unit: published }
  const stated = contents.get(`${row.topic}|${row.label.toLowerCase()}`)
  const summaryPer = row.energyUnit.replace(/^GJ\s*\/\s*/i, '')
  if (!stated || stated.gj !== row.gj || stated.per.toLowerCase() === summaryPer.toLowerCase() || summaryPer.toLowerCase() !== published.toLowerCase()) return { unit: published }
  return { unit: stated.per, note: `per ${stated.per}: the summary sheet says ${row.gj} GJ/${summaryPer} and kg CO2-e/${published}, but ${stated.sheet} states this energy content as ${stated.gj} GJ/${stated.per}` }
}

function findColumns(file: string, sheetName: string, sheet: Sheet): SummaryColumns {
  const range = sheetRange(sheet)
  for (let r = 0; r <= Math.min(range.e.r, 8); r++) {
    const headers = Array.from({ length: range.e.c + 1 }, (_, c) => textAt(sheet, r, c).normalize('NFKC'))
    const fuel = headers.findIndex((h) => /^fuel combusted$/i.test(h))
    if (fuel < 0) continue
    const perUnit = headers.findIndex((h) => /^CO2\s*[-‑]?\s*e$/i.test(h))
    const find = (re: RegExp, from = 0): number => headers.findIndex((h, i) => i >= from && re.test(h))
    const cols = { headerRow0: r, type: find(/^fuel type$/i), fuel, energy: find(/^GJ$/i), energyUnit: find(/^unit$/i), perUnit, unit: find(/^unit$/i, perUnit + 1), scope: find(/^scope$/i), source: find(/^source$/i) }
    if (Object.values(cols).some((v) => v < 0)) throw new IngestError(file, `sheet ${sheetName} row ${r + 1}`, 'summary columns not found')
    return cols
  }
  throw new IngestError(file, `sheet ${sheetName}`, 'no "Fuel Combusted" header')
}

/** `Diesel oil-Heavy duty vehicles` -> subject beside the transport table's `heavy_duty_vehicles_diesel_oil`. */
function subjectFor(label: string, prefix: string, subjectPrefix: string | undefined, byRegion: boolean): { subject: string; qualifier: string; region: string | null } | null {
  if (byRegion) {
    const parts = label.split('-').map((p) => p.trim()).filter((p) => p !== '')
    const region = auRegion(parts.at(-1) ?? '')
    if (!region) return null
    return { subject: slugJoin([subjectPrefix, region.subject]), qualifier: slugJoin(parts.slice(1, -1)), region: region.region }
  }
  if (prefix === 'transport') {
    const cut = label.lastIndexOf('-')
    // A few rows name the fuel only (`Renewable aviation kerosene`): keyed by that name.
    if (cut < 0) return { subject: slugify(label), qualifier: '', region: null }
    return { subject: slugJoin([label.slice(cut + 1), label.slice(0, cut)]), qualifier: '', region: null }
  }
  return { subject: slugify(label), qualifier: '', region: null }
}

export function readEnergySheet(file: string, sheetName: string, sheet: Sheet, out: AdapterOutput, taken: Set<string>, contents: EnergyContents = new Map()): void {
  const cols = findColumns(file, sheetName, sheet)
  const range = sheetRange(sheet)
  for (let r = cols.headerRow0 + 1; r <= range.e.r; r++) {
    const where = `sheet ${sheetName} row ${r + 1}`
    const restated = Array.from({ length: range.e.c + 1 }, (_, c) => c).some((c) => c !== cols.perUnit && c !== cols.scope && cellAt(sheet, r, c)?.t === 'n')
    if (restated) out.skipped.push({ reason: 'restated_primary', where, detail: 'per-GJ factors and energy content restate a numbered table' })
    const cell = cellAt(sheet, r, cols.perUnit)
    if (!cell || cell.t !== 'n' || typeof cell.v !== 'number') continue
    const label = textAt(sheet, r, cols.fuel)
    const topic = topicOf(textAt(sheet, r, cols.source))
    const scopeN = Number(textAt(sheet, r, cols.scope))
    const unitM = /^kg CO2\s*[-‑]?\s*e\s*\/\s*(\S+)$/i.exec(textAt(sheet, r, cols.unit).normalize('NFKC'))
    const subject = subjectFor(label, topic.prefix, topic.subjectPrefix, topic.byRegion === true)
    if (!unitM?.[1] || ![1, 2, 3].includes(scopeN) || !subject || topic.skip) {
      out.skipped.push({ reason: 'not_a_factor', where, detail: `unreadable summary row "${label}"` })
      continue
    }
    const energyCell = cellAt(sheet, r, cols.energy)
    // The numbered table the row restates, found by topic (its cited number may be stale).
    const sourceSheet = contents.get(`${topic.prefix}|${label.toLowerCase()}`)?.sheet ?? [...contents.entries()].find(([k]) => k.startsWith(`${topic.prefix}|`))?.[1].sheet ?? null
    const per = perUnitOf(unitM[1], {
      topic: topic.prefix,
      label,
      gj: energyCell?.t === 'n' && typeof energyCell.v === 'number' ? energyCell.v : null,
      energyUnit: textAt(sheet, r, cols.energyUnit).normalize('NFKC'),
    }, contents)
    const published = per.unit
    const activity = /^kl$/i.test(published) ? 'litre' : published === 't' ? 'tonne' : normalizeUnit(published)
    const served = /^kl$/i.test(published)
      ? converted(cell.v, { from: 'kg CO2e per kL', to: 'kg CO2e per litre', multiplier: '0.001', text: 'kL to litre: ÷ 1000' })
      : { value: cell.v, unit: `kg CO2e per ${activity}` }
    const method = [topic.prefix, `scope${scopeN}`, subject.qualifier, slugify(activity)].filter((s) => s !== '').join('_')
    const key = `${topic.domain}.au.${subject.subject}.${method}`
    if (taken.has(key)) { out.skipped.push({ reason: 'duplicate_row', where, detail: key }); continue }
    taken.add(key)
    const factor: DraftFactor = {
      key,
      // The source table's number tells apart a fuel restated from two tables (renewable aviation
      // kerosene: Table 8 stationary, Table 9 transport).
      name: `${label}: scope ${scopeN} emission factor per ${activity} (energy content × emission factor${sourceSheet ? `, ${sourceSheet}` : ''})`,
      ...served,
      scope: `scope_${scopeN}` as FactorRow['scope'],
      section: ['NGA Factors', sheetName.trim(), textAt(sheet, r, cols.type), titleText(textAt(sheet, r, cols.source))].filter((s) => s !== '').join(' > '),
      country: 'au',
      region: subject.region,
      cell_ref: cellRef(sheetName, r, cols.perUnit),
      ...(per.note ? { basis: { note: per.note } } : {}),
    }
    out.factors.push(factor)
  }
}
