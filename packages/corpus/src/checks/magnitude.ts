/**
 * No value differs from its sibling modules or its neighbours by orders of magnitude without a
 * recorded reason (`reasons.ts`):
 * - siblings: a material's production value (A1-A3, per declared unit) against the largest of
 *   its use, waste and benefit modules (B1-B7, C3, C4, D), the modules that scale with the
 *   product itself (transport modules A4 and C2 do not);
 * - neighbours: an emission factor against the median of the factors of its edition in the same
 *   section and unit (per-gas rows and groups of fewer than five left out).
 * A ratio above 1000 either way is marked.
 */
import type { FactorRow, ModuleLabel } from '@openfactors/engine/release'
import { kindOf } from '@openfactors/engine/release'
import { perGasKeys } from '../report.ts'
import { MAGNITUDE_REASONS } from './reasons.ts'
import type { CheckMark } from './types.ts'

export const ORDERS = 1000
const MIN_GROUP = 5
const SCALING_MODULES = /^(B[1-7]|C3|C4|D)$/
const PART = /_(co2|ch4|n2o)$/

function apart(a: number, b: number): boolean {
  const x = Math.abs(a)
  const y = Math.abs(b)
  return x > 0 && y > 0 && (x / y > ORDERS || y / x > ORDERS)
}

function mark(r: FactorRow, detail: string): CheckMark {
  return { check: 'magnitude', source_id: r.source_id, key: r.key, detail, reason: MAGNITUDE_REASONS[r.key] ?? null }
}

function siblingMarks(r: FactorRow): CheckMark[] {
  const modules = r.modules
  if (!modules) return []
  const production = modules['A1-A3']?.value ?? (r.derived && modules.A1 ? (r.published?.value ?? r.value) : undefined)
  if (production === undefined) return []
  let largest: { label: ModuleLabel; value: number } | null = null
  for (const [label, cell] of Object.entries(modules) as Array<[ModuleLabel, { value: number } | undefined]>) {
    if (!cell || !SCALING_MODULES.test(label)) continue
    if (!largest || Math.abs(cell.value) > Math.abs(largest.value)) largest = { label, value: cell.value }
  }
  if (!largest || !apart(production, largest.value)) return []
  return [mark(r, `A1-A3 ${production} and ${largest.label} ${largest.value} per declared unit are more than ${ORDERS}× apart`)]
}

function median(values: number[]): number {
  const sorted = values.map(Math.abs).filter((v) => v > 0).sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

export function checkMagnitude(rows: readonly FactorRow[]): CheckMark[] {
  const marks: CheckMark[] = rows.flatMap(siblingMarks)
  const perGas = perGasKeys(new Set(rows.map((r) => r.key)))
  const groups = new Map<string, FactorRow[]>()
  for (const r of rows) {
    // Per-gas parts (`_co2`, `_ch4`, `_n2o` even where no total beside them) are not compared with totals.
    if (kindOf(r) !== 'emission_factor' || perGas.has(r.key) || PART.test(r.key) || !/^\S+ CO2e per /.test(r.unit)) continue
    const id = `${r.source_id}\u0000${r.section}\u0000${r.unit}`
    const list = groups.get(id)
    if (list) list.push(r)
    else groups.set(id, [r])
  }
  for (const list of groups.values()) {
    if (list.length < MIN_GROUP) continue
    const m = median(list.map((r) => r.value))
    for (const r of list) if (apart(r.value, m)) marks.push(mark(r, `${r.value} ${r.unit} is more than ${ORDERS}× from the median ${m} of the ${list.length} factors in "${r.section}"`))
  }
  return marks
}
