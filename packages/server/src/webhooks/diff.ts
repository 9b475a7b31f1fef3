/**
 * Keys that changed between two releases: added, removed, and changed (value, unit, source edition
 * or cell). Used for the `data_version.released` webhook payload.
 */
import type { FactorRow, ReleaseArtifact } from '@openfactors/engine/release'

export interface ReleaseDiff {
  added: string[]
  removed: string[]
  changed: string[]
}

function sameFactor(a: FactorRow, b: FactorRow): boolean {
  return a.value === b.value && a.unit === b.unit && a.source_id === b.source_id && a.cell_ref === b.cell_ref
}

export function diffReleases(previous: ReleaseArtifact | null, next: ReleaseArtifact): ReleaseDiff {
  const before = new Map((previous?.factors ?? []).map((f) => [f.key, f]))
  const after = new Map(next.factors.map((f) => [f.key, f]))
  const added: string[] = []
  const changed: string[] = []
  for (const [key, row] of after) {
    const old = before.get(key)
    if (!old) added.push(key)
    else if (!sameFactor(old, row)) changed.push(key)
  }
  const removed = [...before.keys()].filter((key) => !after.has(key))
  return { added: added.sort(), removed: removed.sort(), changed: changed.sort() }
}
