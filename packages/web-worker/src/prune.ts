/**
 * Keep the cache from growing release after release: a snapshot of the real corpus is ~45 MB,
 * the gzipped artifact ~1.3 MB. After a start (and after an update) we keep
 * - snapshots in the current format of the releases this session has loaded (the default one
 *   and any loaded for `as_of`), and of the `keepOthers` newest other releases of the manifest;
 * - artifact bytes of every release the manifest lists (small; an older release needed again
 *   re-indexes from them without a download).
 * Removed: other snapshots of those releases (other releases, an older engine's format), and
 * entries whose sha256 is not the manifest's. A release the manifest does not know is left
 * alone: another tab may hold a newer manifest that lists it.
 */
import { compareReleases } from '@openfactors/engine'
import type { ReleaseManifest } from '@openfactors/engine/release'
import { artifactId, parseSnapshotId, type CorpusCache } from './cache-types.ts'

export interface PruneResult {
  snapshots: string[]
  artifacts: string[]
}

export async function pruneCache(
  cache: CorpusCache,
  manifest: ReleaseManifest,
  loaded: ReadonlySet<string>,
  snapshotFormat: string,
  keepOthers = 2,
): Promise<PruneResult> {
  const known = new Set(manifest.releases.map((r) => r.mb_version))
  const listed = new Set(manifest.releases.map((r) => artifactId(r.mb_version, r.sha256)))
  const newestFirst = [...manifest.releases].sort(compareReleases).reverse()
  const others = newestFirst.filter((r) => !loaded.has(r.mb_version)).slice(0, keepOthers)
  const keepSnapshotsOf = new Set(
    newestFirst.filter((r) => loaded.has(r.mb_version) || others.includes(r)).map((r) => artifactId(r.mb_version, r.sha256)),
  )
  const { artifacts, snapshots } = await cache.keys()
  const removed: PruneResult = { snapshots: [], artifacts: [] }
  for (const id of snapshots) {
    const { artifact, format } = parseSnapshotId(id)
    if (!known.has(releaseOf(artifact))) continue
    if (format === snapshotFormat && keepSnapshotsOf.has(artifact)) continue
    await cache.deleteSnapshot(id)
    removed.snapshots.push(id)
  }
  for (const id of artifacts) {
    if (!known.has(releaseOf(id)) || listed.has(id)) continue
    await cache.deleteArtifact(id)
    removed.artifacts.push(id)
  }
  return removed
}

function releaseOf(artifact: string): string {
  return artifact.slice(0, artifact.indexOf('@'))
}
