/**
 * Getting releases into the engine: from the cache when it holds a good copy (restore the index
 * snapshot, no download, no re-indexing), else from the network (stream with progress, sha256
 * check BEFORE use, gunzip, index, then cache bytes and snapshot). A damaged cache entry is
 * deleted and fetched again; a failed cache write only costs the next visit its warm start.
 */
import { selectRelease, type ManifestEntry } from '@openfactors/engine'
import { ReleaseManifestSchema, type ReleaseManifest } from '@openfactors/engine/release'
import { downloadBytes, fetchOrUnavailable, gunzip, sha256Hex, type FetchLike } from './bytes.ts'
import { artifactId, snapshotId, type CorpusCache } from './cache-types.ts'
import { ClientError } from './client-error.ts'
import type { LoadProgress } from './protocol.ts'

/** The engine as the loader sees it. */
export interface ReleaseHost {
  isLoaded(mb_version: string): boolean
  /** Index one artifact (its JSON as UTF-8 bytes); returns its mb_version. */
  load(json: Uint8Array): string
  /** Snapshot of a loaded release (artifact + built index) as UTF-8 JSON. */
  snapshotBytes(mb_version: string): Uint8Array
  /** Bring back a release from the parsed `snapshotBytes()`; throws if it is not a valid snapshot. */
  restore(snapshot: unknown): void
  /** Which snapshot format this engine writes and reads (part of the cache key). */
  readonly snapshotFormat: string
}

export interface LoaderOptions {
  host: ReleaseHost
  cache: CorpusCache
  fetch: FetchLike
  manifestUrl: string
  artifactUrl: (file: string) => string
  onProgress: (progress: LoadProgress) => void
  now?: () => Date
}

export type LoadSource = 'network' | 'cache'

export class ReleaseLoader {
  private manifest: ReleaseManifest | undefined
  private readonly pending = new Map<string, Promise<LoadSource>>()
  private readonly spent: Record<string, number> = {}

  constructor(private readonly options: LoaderOptions) {}

  /** The manifest in use: the cached one until a fetch succeeds. */
  current(): ReleaseManifest | undefined {
    return this.manifest
  }

  /** The manifest from the cache, if any; it lets a start work offline. */
  async fromCache(): Promise<ReleaseManifest | undefined> {
    const stored = await this.options.cache.getManifest()
    const parsed = stored && ReleaseManifestSchema.safeParse(stored.manifest)
    if (parsed?.success && parsed.data.releases.length > 0) this.manifest = parsed.data
    return this.manifest
  }

  /** Fetch the manifest from the network and keep it (also in the cache). */
  async fetchManifest(): Promise<ReleaseManifest> {
    const { fetch, manifestUrl, cache, now } = this.options
    this.options.onProgress({ phase: 'manifest' })
    const response = await fetchOrUnavailable(fetch, manifestUrl)
    const parsed = ReleaseManifestSchema.safeParse(await response.json().catch(() => undefined))
    if (!parsed.success || parsed.data.releases.length === 0) {
      const reason = parsed.success ? 'the manifest lists no release' : 'the manifest does not match openfactors.manifest/1'
      throw new ClientError('corpus_unavailable', `${manifestUrl}: ${reason}`, { reason, url: manifestUrl })
    }
    this.manifest = parsed.data
    await cache.putManifest({ manifest: parsed.data, fetched_at: (now ?? (() => new Date()))().toISOString() })
    return parsed.data
  }

  /** The manifest entry `as_of` selects (latest when absent); throws as_of_out_of_range like the engine. */
  select(as_of?: string | null): ManifestEntry {
    if (!this.manifest) throw new ClientError('corpus_unavailable', 'No release manifest is loaded.', { reason: 'no manifest' })
    return selectRelease(this.manifest.releases, as_of)
  }

  /**
   * Make sure a release is in the engine; concurrent calls for one release share one load.
   * With `network: false` only the cache may supply it (an offline start falling back).
   */
  ensure(entry: ManifestEntry, { network = true }: { network?: boolean } = {}): Promise<LoadSource> {
    if (this.options.host.isLoaded(entry.mb_version)) return Promise.resolve('cache')
    let loading = this.pending.get(entry.mb_version)
    if (!loading) {
      const work = () => this.load(entry, network)
      loading = withTabLock(`openfactors:${entry.mb_version}@${entry.sha256}`, work).finally(() => this.pending.delete(entry.mb_version))
      this.pending.set(entry.mb_version, loading)
    }
    return loading
  }

  private async load(entry: ManifestEntry, network: boolean): Promise<LoadSource> {
    if (await this.restoreFromCache(entry)) return 'cache'
    const { host, cache } = this.options
    const id = artifactId(entry.mb_version, entry.sha256)
    const cached = await this.cachedBytes(entry, id)
    if (!cached && !network) {
      const reason = `release ${entry.mb_version} is not in the cache`
      throw new ClientError('corpus_unavailable', reason, { reason, mb_version: entry.mb_version })
    }
    const bytes = cached ?? (await this.time('download', () => this.download(entry)))
    this.progress({ phase: 'decompress', mb_version: entry.mb_version })
    const json = await this.time('decompress', () => gunzip(bytes))
    this.progress({ phase: 'index', mb_version: entry.mb_version })
    const loaded = await this.time('index', () => host.load(json))
    if (loaded !== entry.mb_version) {
      const reason = `${entry.file} holds release ${loaded}, the manifest says ${entry.mb_version}`
      throw new ClientError('corpus_unavailable', reason, { reason, mb_version: entry.mb_version })
    }
    this.progress({ phase: 'cache', mb_version: entry.mb_version })
    const stored_at = this.now()
    if (!cached) await this.time('store', () => cache.putArtifact({ id, mb_version: entry.mb_version, sha256: entry.sha256, file: entry.file, bytes, stored_at }))
    const snapshot = await this.time('encode_snapshot', () => host.snapshotBytes(entry.mb_version))
    const sha256 = await this.time('hash_snapshot', () => sha256Hex(snapshot))
    await this.time('store', () =>
      cache.putSnapshot({ id: snapshotId(id, host.snapshotFormat), artifact_id: id, format: host.snapshotFormat, sha256, bytes: snapshot, stored_at }),
    )
    return 'network'
  }

  /** Restore the index snapshot if the cache has one that hashes right and restores; else delete the entry. */
  private async restoreFromCache(entry: ManifestEntry): Promise<boolean> {
    const { host, cache } = this.options
    const id = artifactId(entry.mb_version, entry.sha256)
    const stored = await this.time('read_snapshot', () => cache.getSnapshot(snapshotId(id, host.snapshotFormat)))
    if (!stored) return false
    this.progress({ phase: 'cache', mb_version: entry.mb_version })
    try {
      // SubtleCrypto hashes off the worker's thread while it decodes and parses the same bytes.
      const hashing = sha256Hex(stored.bytes)
      hashing.catch(() => undefined)
      const parsed = await this.time('parse_snapshot', () => JSON.parse(new TextDecoder().decode(stored.bytes)) as unknown)
      const actual = await this.time('verify_snapshot', () => hashing)
      if (actual !== stored.sha256) throw new Error(`snapshot hash ${actual} differs from the stored ${stored.sha256}`)
      await this.time('restore', () => host.restore(parsed))
      if (!host.isLoaded(entry.mb_version)) throw new Error(`snapshot did not restore release ${entry.mb_version}`)
      return true
    } catch {
      // Damaged entry: forget the release entirely (bytes too) so it is fetched and indexed again.
      await cache.deleteArtifact(id)
      return false
    }
  }

  /** Cached artifact bytes, only if they still hash to the manifest's sha256. */
  private async cachedBytes(entry: ManifestEntry, id: string): Promise<Uint8Array | undefined> {
    const stored = await this.options.cache.getArtifact(id)
    if (!stored) return undefined
    if ((await sha256Hex(stored.bytes)) === entry.sha256) return stored.bytes
    await this.options.cache.deleteArtifact(id)
    return undefined
  }

  private async download(entry: ManifestEntry): Promise<Uint8Array> {
    const url = this.options.artifactUrl(entry.file)
    const mb_version = entry.mb_version
    const bytes = await downloadBytes(
      this.options.fetch,
      url,
      (received, total) => this.progress({ phase: 'download', mb_version, bytes: received, ...(total ? { total } : {}) }),
      entry.bytes,
    )
    this.progress({ phase: 'verify', mb_version })
    const actual = await sha256Hex(bytes)
    if (actual !== entry.sha256) {
      throw new ClientError('integrity_mismatch', `${entry.file}: sha256 ${actual} does not match the manifest's ${entry.sha256}; not used.`, {
        file: entry.file,
        expected: entry.sha256,
        actual,
      })
    }
    return bytes
  }

  /** Milliseconds per step of the loads so far (steps repeat across releases and add up). */
  timings(): Record<string, number> {
    return Object.fromEntries(Object.entries(this.spent).map(([step, ms]) => [step, Math.round(ms * 10) / 10]))
  }

  private async time<T>(step: string, work: () => T | Promise<T>): Promise<T> {
    const t0 = performance.now()
    try {
      return await work()
    } finally {
      this.spent[step] = (this.spent[step] ?? 0) + performance.now() - t0
    }
  }

  private progress(progress: LoadProgress): void {
    this.options.onProgress(progress)
  }

  private now(): string {
    return (this.options.now ?? (() => new Date()))().toISOString()
  }
}

/**
 * Tabs of one origin take turns loading a release (Web Locks, where the platform has them):
 * the second tab waits, then finds the first one's snapshot in IndexedDB instead of
 * downloading and indexing the same release again.
 */
function withTabLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks
  // request() resolves with the callback's result; the lib typing nests the promise.
  return locks ? locks.request(name, work).then((result) => result) : work()
}

