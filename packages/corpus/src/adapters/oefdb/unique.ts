/**
 * Making Open Emission Factors DB keys unique, deterministically. Rows that would share a key
 * are told apart by their own labels, in this order: year released, then LCA activity; an
 * exact repeat (same key, values and units) is skipped as `duplicate_row`; anything still
 * colliding gets `_v<n>` in file order. Every member of a colliding group gets the qualifier,
 * so a key never depends on which row happened to come first — except for the `_v<n>` last resort.
 */
import { slugJoin } from '../../keys/slug.ts'
import { uniqueNames } from '../../keys/unique-names.ts'
import type { DraftFactor, SkippedRow } from '../types.ts'

export interface Candidate {
  line: number
  domain: string
  country: string
  /** Materials only: the category segment. */
  category: string
  subject: string
  method: string
  /** Labels that can tell colliding rows apart, most meaningful first. */
  qualifiers: string[]
  /** Labels that can tell rows of one name apart (unit, activity id, LCA activity, year, line). */
  nameQualifiers: string[]
  /** The total row (suffix '') and per-gas rows (suffix `_co2`, ...), without their keys. */
  rows: { suffix: string; factor: Omit<DraftFactor, 'key'> }[]
}

function keyOf(c: Candidate, level: number): string {
  const extra = c.qualifiers.slice(0, level)
  if (c.domain === 'materials') return `materials.${c.category}.${c.subject}.${slugJoin([c.country, c.method, ...extra])}`
  return `${c.domain}.${c.country}.${c.subject}.${slugJoin([c.method, ...extra])}`
}

const fingerprint = (c: Candidate): string => JSON.stringify(c.rows.map((r) => [r.suffix, r.factor.value, r.factor.unit]))

export function disambiguate(candidates: readonly Candidate[], file: string): { factors: DraftFactor[]; skipped: SkippedRow[] } {
  const maxLevel = Math.max(0, ...candidates.map((c) => c.qualifiers.length))
  const level = new Map<Candidate, number>(candidates.map((c) => [c, 0]))
  for (let round = 0; round < maxLevel; round++) {
    const groups = groupBy(candidates, (c) => keyOf(c, level.get(c)!))
    let bumped = false
    for (const group of groups.values()) {
      if (group.length < 2) continue
      for (const c of group) if (level.get(c)! < maxLevel) { level.set(c, level.get(c)! + 1); bumped = true }
    }
    if (!bumped) break
  }
  const skipped: SkippedRow[] = []
  const kept: { c: Candidate; key: string }[] = []
  const seen = new Map<string, Candidate[]>()
  for (const c of candidates) {
    const key = keyOf(c, level.get(c)!)
    const earlier = seen.get(key) ?? []
    const same = earlier.find((e) => fingerprint(e) === fingerprint(c))
    if (same) {
      skipped.push({ reason: 'duplicate_row', where: `${file}#L${c.line}`, detail: `same key, values and units as line ${same.line}` })
      continue
    }
    const key_ = earlier.length === 0 ? key : `${key}_v${earlier.length + 1}`
    earlier.push(c)
    seen.set(key, earlier)
    kept.push({ c, key: key_ })
  }
  const entries = kept.flatMap(({ c, key }) => c.rows.map((r) => ({ c, factor: { key: key + r.suffix, ...r.factor } })))
  const names = uniqueNames(entries, (e) => e.factor.name, (e) => e.c.nameQualifiers)
  const factors: DraftFactor[] = entries.map((e) => ({ ...e.factor, name: names.get(e) ?? e.factor.name }))
  return { factors, skipped }
}

function groupBy<T>(items: readonly T[], keyFn: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>()
  for (const it of items) {
    const k = keyFn(it)
    const g = m.get(k)
    if (g) g.push(it)
    else m.set(k, [it])
  }
  return m
}
