/**
 * The cache the loader uses: IndexedDB when asked for and working, otherwise memory, and it
 * says why. A write or read that fails later (quota exceeded, the profile going away) moves the
 * rest of the session to memory instead of failing the call: the cache is an optimisation.
 */
import { describe } from './bytes.ts'
import { IdbCache } from './cache-idb.ts'
import { MemoryCache } from './cache-memory.ts'
import type { CorpusCache, StorageKind, StoredArtifact, StoredManifest, StoredSnapshot } from './cache-types.ts'

export async function openCorpusCache(storage: StorageKind, dbName?: string): Promise<CorpusCache> {
  if (storage === 'memory') return new MemoryCache()
  if (typeof indexedDB === 'undefined') return new MemoryCache('IndexedDB is not available in this context')
  const idb = new IdbCache(dbName)
  try {
    await idb.open()
  } catch (cause) {
    return new MemoryCache(`IndexedDB could not be opened (${describe(cause)})`)
  }
  return new FallbackCache(idb)
}

/** IndexedDB until the first failure, memory after it. */
class FallbackCache implements CorpusCache {
  private current: CorpusCache

  constructor(idb: IdbCache) {
    this.current = idb
  }

  get storage(): StorageKind {
    return this.current.storage
  }
  get fallbackReason(): string | undefined {
    return this.current.fallbackReason
  }

  getManifest(): Promise<StoredManifest | undefined> {
    return this.guard('read the manifest', (c) => c.getManifest())
  }
  putManifest(value: StoredManifest): Promise<void> {
    return this.guard('store the manifest', (c) => c.putManifest(value))
  }
  getArtifact(id: string): Promise<StoredArtifact | undefined> {
    return this.guard('read a release', (c) => c.getArtifact(id))
  }
  putArtifact(value: StoredArtifact): Promise<void> {
    return this.guard('store a release', (c) => c.putArtifact(value))
  }
  getSnapshot(id: string): Promise<StoredSnapshot | undefined> {
    return this.guard('read an index snapshot', (c) => c.getSnapshot(id))
  }
  putSnapshot(value: StoredSnapshot): Promise<void> {
    return this.guard('store an index snapshot', (c) => c.putSnapshot(value))
  }
  deleteArtifact(id: string): Promise<void> {
    return this.guard('delete a release', (c) => c.deleteArtifact(id))
  }
  keys(): Promise<{ artifacts: string[]; snapshots: string[] }> {
    return this.guard('list its entries', (c) => c.keys())
  }
  deleteSnapshot(id: string): Promise<void> {
    return this.guard('delete a snapshot', (c) => c.deleteSnapshot(id))
  }
  close(): void {
    this.current.close()
  }

  private async guard<T>(what: string, op: (cache: CorpusCache) => Promise<T>): Promise<T> {
    const cache = this.current
    try {
      return await op(cache)
    } catch (cause) {
      if (cache.storage === 'memory') throw cause
      cache.close()
      this.current = new MemoryCache(`IndexedDB failed to ${what} (${describe(cause)}); using memory`)
      return op(this.current)
    }
  }
}
