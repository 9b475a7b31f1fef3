/**
 * Turns UK value cells (from either layout) into factor rows: one row per value, keyed by
 * `ukKey`; per-gas values also fill their total's `gases` map. Two different cells never share
 * a key: an exact repeat (same labels, same value) is reported as `duplicate_row`; any other
 * clash keeps both, the later ones with `_2`, `_3`… on the subject in file order.
 */
import type { AdapterOutput, DraftFactor, SkippedRow } from '../adapters/types.ts'
import type { UkCell } from './uk-cells.ts'
import { ukKey, type UkGas, type UkKey } from './uk-key.ts'

interface Keyed {
  cell: UkCell
  k: UkKey
  /** 1 for the first cell with this key in file order, 2 for the next… */
  occurrence: number
}

/** Insert `_n` at the end of the subject segment (materials: of the type segment). */
function withOccurrence(key: string, n: number): string {
  if (n === 1) return key
  const segs = key.split('.')
  segs[2] = `${segs[2]}_${n}`
  return segs.join('.')
}

function labelsId(cell: UkCell): string {
  const l = cell.labels
  return JSON.stringify([l.level1, l.levels, l.column, l.uom, l.ghg])
}

export function ukFactorsFromCells(cells: readonly UkCell[], year: number): AdapterOutput {
  const skipped: SkippedRow[] = []
  const keyed: Keyed[] = []
  const seen = new Map<string, UkCell[]>()
  for (const cell of cells) {
    const k = ukKey(cell.labels, year)
    if (!k.ok) {
      skipped.push({ reason: k.reason, where: cell.cellRef, detail: k.detail })
      continue
    }
    const earlier = seen.get(k.key) ?? []
    if (earlier.some((e) => e.value === cell.value && labelsId(e) === labelsId(cell))) {
      skipped.push({ reason: 'duplicate_row', where: cell.cellRef, detail: `same labels and value as an earlier row (${k.key})` })
      continue
    }
    seen.set(k.key, [...earlier, cell])
    keyed.push({ cell, k, occurrence: earlier.length + 1 })
  }

  const totals = new Map<string, DraftFactor>()
  const factors: DraftFactor[] = []
  for (const { cell, k, occurrence } of keyed) {
    const factor: DraftFactor = {
      key: withOccurrence(k.key, occurrence),
      name: k.name,
      value: cell.value,
      unit: k.unit,
      scope: cell.scope,
      section: k.section,
      country: k.country,
      region: k.region,
      cell_ref: cell.cellRef,
      ...(k.cv ? { basis: { calorific_value: k.cv, ...(k.cvFromSheet ? { note: `the sheet states all its energy-based factors on a ${k.cv} calorific value basis` } : {}) } } : {}),
      ...(cell.rowId ? { tags: [cell.rowId] } : {}),
    }
    factors.push(factor)
    if (!k.gas) totals.set(withOccurrence(k.totalKey, occurrence), factor)
  }
  // Second pass: totals may follow their gas rows in some layouts, so attach after all exist.
  for (const { cell, k, occurrence } of keyed) {
    if (!k.gas) continue
    const total = totals.get(withOccurrence(k.totalKey, occurrence))
    if (!total) continue
    const gases: Partial<Record<UkGas, { value: number; cell_ref: string }>> = total.gases ?? {}
    gases[k.gas] = { value: cell.value, cell_ref: cell.cellRef }
    total.gases = gases
  }
  return { factors, skipped }
}
