/**
 * What changed between two releases: added, removed and changed keys with old and new values.
 * The one diff of the project: the corpus CLI prints it, the server's change webhooks send it.
 */
import type { FactorRow, ReleaseArtifact } from './schema.ts'

export interface DiffEntry {
  key: string
  value: number
  unit: string
  source_id: string
}

export interface ChangedEntry {
  key: string
  old: DiffEntry
  new: DiffEntry
}

export interface ReleaseDiff {
  from: string
  to: string
  added: DiffEntry[]
  removed: DiffEntry[]
  /** Keys whose value or unit differs. */
  changed: ChangedEntry[]
  unchanged: number
}

function entry(f: FactorRow): DiffEntry {
  return { key: f.key, value: f.value, unit: f.unit, source_id: f.source_id }
}

export function diffReleases(a: ReleaseArtifact, b: ReleaseArtifact): ReleaseDiff {
  const before = new Map(a.factors.map((f) => [f.key, f]))
  const after = new Map(b.factors.map((f) => [f.key, f]))
  const added: DiffEntry[] = []
  const removed: DiffEntry[] = []
  const changed: ChangedEntry[] = []
  let unchanged = 0
  for (const [key, nf] of after) {
    const of = before.get(key)
    if (!of) added.push(entry(nf))
    else if (!Object.is(of.value, nf.value) || of.unit !== nf.unit) changed.push({ key, old: entry(of), new: entry(nf) })
    else unchanged++
  }
  for (const [key, of] of before) if (!after.has(key)) removed.push(entry(of))
  const byKey = (x: { key: string }, y: { key: string }) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0)
  return { from: a.mb_version, to: b.mb_version, added: added.sort(byKey), removed: removed.sort(byKey), changed: changed.sort(byKey), unchanged }
}
