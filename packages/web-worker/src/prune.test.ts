/** Cache pruning over the memory cache (same interface as IndexedDB) with a made-up manifest. */
import { describe, expect, it } from 'vitest'
import type { ReleaseManifest } from '@openfactors/engine/release'
import { MemoryCache } from './cache-memory.ts'
import { artifactId, snapshotId } from './cache-types.ts'
import { pruneCache } from './prune.ts'

const FORMAT = 'snapshot-format-now'
const sha = (n: number) => String(n).repeat(64).slice(0, 64)
const releases = [1, 2, 3, 4, 5].map((n) => ({
  mb_version: `2026.${n}`,
  released_at: `2026-0${n}-01`,
  file: `release-2026.${n}.json.gz`,
  sha256: sha(n),
  bytes: 10,
  factor_count: 1,
  editions: [],
}))
const manifest: ReleaseManifest = { format: 'openfactors.manifest/1', releases }

async function cacheWith(entries: Array<{ mb_version: string; sha256: string; format?: string }>): Promise<MemoryCache> {
  const cache = new MemoryCache()
  for (const { mb_version, sha256, format } of entries) {
    const id = artifactId(mb_version, sha256)
    const stored_at = '2026-11-22T00:00:00Z'
    await cache.putArtifact({ id, mb_version, sha256, file: `${mb_version}.json.gz`, bytes: new Uint8Array(1), stored_at })
    const f = format ?? FORMAT
    await cache.putSnapshot({ id: snapshotId(id, f), artifact_id: id, format: f, sha256: sha(0), bytes: new Uint8Array(1), stored_at })
  }
  return cache
}

describe('pruneCache', () => {
  it('keeps snapshots of loaded releases and the two newest others, and every listed artifact', async () => {
    const cache = await cacheWith(releases)
    const removed = await pruneCache(cache, manifest, new Set(['2026.1']), FORMAT)
    expect(removed.snapshots.sort()).toEqual([snapshotId(artifactId('2026.2', sha(2)), FORMAT), snapshotId(artifactId('2026.3', sha(3)), FORMAT)])
    expect(removed.artifacts).toEqual([])
    const { snapshots, artifacts } = await cache.keys()
    expect(snapshots.map((id) => id.slice(0, 6)).sort()).toEqual(['2026.1', '2026.4', '2026.5'])
    expect(artifacts).toHaveLength(5)
  })

  it("drops an older engine's snapshots and entries whose sha256 the manifest no longer names", async () => {
    const cache = await cacheWith([
      { mb_version: '2026.5', sha256: sha(5), format: 'snapshot-format-before' },
      { mb_version: '2026.5', sha256: sha(5) },
      { mb_version: '2026.4', sha256: sha(9) },
    ])
    const removed = await pruneCache(cache, manifest, new Set(['2026.5']), FORMAT)
    expect(removed.snapshots.sort()).toEqual([snapshotId(artifactId('2026.4', sha(9)), FORMAT), snapshotId(artifactId('2026.5', sha(5)), 'snapshot-format-before')])
    expect(removed.artifacts).toEqual([artifactId('2026.4', sha(9))])
    expect(await cache.getSnapshot(snapshotId(artifactId('2026.5', sha(5)), FORMAT))).toBeDefined()
  })

  it('leaves releases the manifest does not know (another tab may have a newer manifest)', async () => {
    const cache = await cacheWith([{ mb_version: '2027.1', sha256: sha(7) }])
    expect(await pruneCache(cache, manifest, new Set(['2026.5']), FORMAT)).toEqual({ snapshots: [], artifacts: [] })
    expect((await cache.keys()).snapshots).toHaveLength(1)
  })
})
