/** Two factors of one edition never share a name: a name must tell a factor apart. */
import type { FactorRow } from '@openfactors/engine/release'
import type { CheckMark } from './types.ts'

export function checkUniqueNames(rows: readonly FactorRow[]): CheckMark[] {
  const byName = new Map<string, FactorRow[]>()
  for (const r of rows) {
    const id = `${r.source_id}\u0000${r.name}`
    const list = byName.get(id)
    if (list) list.push(r)
    else byName.set(id, [r])
  }
  const marks: CheckMark[] = []
  for (const list of byName.values()) {
    if (list.length < 2) continue
    const keys = list.map((r) => `${r.key} (${r.value} ${r.unit})`).join(', ')
    for (const r of list) marks.push({ check: 'unique_name', source_id: r.source_id, key: r.key, detail: `name "${r.name}" is shared by ${keys}`, reason: null })
  }
  return marks
}
