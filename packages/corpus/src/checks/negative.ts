/** A negative value states its basis: biogenic uptake counted in it, or the publisher's note. */
import type { FactorRow } from '@openfactors/engine/release'
import type { CheckMark } from './types.ts'

export function checkNegative(rows: readonly FactorRow[]): CheckMark[] {
  const marks: CheckMark[] = []
  for (const r of rows) {
    if (!(r.value < 0)) continue
    if (r.basis?.biogenic === 'uptake_included' || (r.basis?.note ?? '') !== '') continue
    marks.push({ check: 'negative_basis', source_id: r.source_id, key: r.key, detail: `value ${r.value} ${r.unit} is negative and states no basis (basis.biogenic or basis.note)`, reason: null })
  }
  return marks
}
