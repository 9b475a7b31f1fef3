/**
 * The worker's implementation over one engine. The engine holds only releases that are loaded,
 * so "no as_of" means the newest loaded release, and a call with `as_of` first selects over the
 * manifest (the same rule the server applies), loads that release from cache or network, then
 * lets the engine answer. Every method returns a WireResult; nothing throws across postMessage.
 */
import { createEngine, verifyReceipt, type CalcContext, type Engine, type ManifestEntry } from '@openfactors/engine'
import type { ReleaseManifest } from '@openfactors/engine/release'
import type { FetchLike } from './bytes.ts'
import { openCorpusCache } from './cache.ts'
import type { CorpusCache, StorageKind } from './cache-types.ts'
import { ClientError, isClientError } from './client-error.ts'
import { STORED_SNAPSHOT_FORMAT, engineHost } from './engine-host.ts'
import { ReleaseLoader, type LoadSource } from './loader.ts'
import { pruneCache } from './prune.ts'
import type { LoadProgress, ReadyInfo, UpdateInfo, WorkerApi, WorkerStartOptions } from './protocol.ts'
import { settle, toWire } from './wire.ts'

export interface WorkerApiDeps {
  fetch?: FetchLike
  /** Where the cache lives; tests pass one shared cache to play two visits. */
  openCache?: (storage: StorageKind, dbName?: string) => Promise<CorpusCache>
  /** Milliseconds clock for ReadyInfo.ms. */
  now?: () => number
}

interface Session {
  engine: Engine
  loader: ReleaseLoader
  cache: CorpusCache
}

export function createWorkerApi(deps: WorkerApiDeps = {}): WorkerApi {
  const fetchFn: FetchLike = deps.fetch ?? ((input, init) => fetch(input, init))
  const openCache = deps.openCache ?? openCorpusCache
  const clock = deps.now ?? (() => performance.now())
  let booted: Promise<{ session: Session; ready: ReadyInfo }> | undefined

  async function boot(options: WorkerStartOptions, onProgress?: (p: LoadProgress) => unknown, onUpdate?: (u: UpdateInfo) => void) {
    const t0 = clock()
    // Progress is fire-and-forget; only `ready` is awaited, so every earlier phase (same port,
    // in order) has reached the page before ready() resolves there.
    const report = (p: LoadProgress): Promise<unknown> => quietly(onProgress?.(p))
    const cache = await openCache(options.storage, options.dbName)
    const opened_ms = clock() - t0
    const engine = createEngine()
    const loader = new ReleaseLoader({
      host: engineHost(engine),
      cache,
      fetch: fetchFn,
      manifestUrl: options.manifestUrl,
      artifactUrl: artifactUrlFor(options),
      onProgress: report,
    })
    const cachedManifest = await loader.fromCache()
    if (!cachedManifest) await loader.fetchManifest()
    const source = cachedManifest ? await startFromCachedManifest(loader, cachedManifest.releases) : await loader.ensure(loader.select())
    const session: Session = { engine, loader, cache }
    const mb_version = engine.select()
    await report({ phase: 'ready', mb_version })
    const ready: ReadyInfo = {
      mb_version,
      source,
      storage: cache.storage,
      factor_count: engine.releases().find((r) => r.mb_version === mb_version)?.factor_count ?? 0,
      ms: clock() - t0,
      timings_ms: { open_cache: Math.round(opened_ms * 10) / 10, ...loader.timings() },
    }
    if (cache.fallbackReason) ready.storage_note = cache.fallbackReason
    // Started from a manifest we already had: look for a newer release without holding up the
    // page; then drop cache entries nobody needs any more.
    const update = cachedManifest && options.checkForUpdate ? checkForUpdate(session) : undefined
    void Promise.resolve(update).then(async (found) => {
      if (found?.update_available) await quietly(onUpdate?.(found))
      if (!found?.applied) await prune(session)
    })
    return { session, ready }
  }

  async function current(): Promise<Session> {
    if (!booted) throw new ClientError('client_closed', 'start() has not been called', { reason: 'not started' })
    return (await booted).session
  }

  /** The session, with the release `as_of` selects loaded first. */
  async function sessionFor(as_of: string | undefined): Promise<Session> {
    const s = await current()
    if (as_of !== undefined) await s.loader.ensure(s.loader.select(as_of))
    return s
  }

  async function checkForUpdate(s: Session): Promise<UpdateInfo> {
    const before = s.engine.select()
    try {
      await s.loader.fetchManifest()
      const latest = s.loader.select()
      await s.loader.ensure(latest)
      const now = s.engine.select()
      if (now !== before) await prune(s)
      return { current: before, latest: latest.mb_version, update_available: latest.mb_version !== before, applied: now !== before }
    } catch (error) {
      const latest = s.loader.current() ? s.loader.select().mb_version : before
      return { current: before, latest, update_available: latest !== before, applied: false, error: toWire(error) }
    }
  }

  return {
    start(options, onProgress, onUpdate) {
      booted ??= boot(options, onProgress, onUpdate)
      return settle(async () => (await booted!).ready)
    },
    search: (request) => settle(async () => (await sessionFor(asOfOf(request))).engine.search(request)),
    lookup: (key, options) => settle(async () => (await sessionFor(options?.as_of)).engine.lookup(key, options)),
    resolve: (request) => settle(async () => (await sessionFor(asOfOf(request))).engine.resolve(request)),
    pcaf: (request, context) => settle(async () => (await sessionFor(asOfOf(request))).engine.pcaf(request, wireContext(context))),
    embodied: (request, context) =>
      settle(async () => (await sessionFor(asOfOf(request))).engine.embodied(request, wireContext(context))),
    emissions: (request, context) =>
      settle(async () => (await sessionFor(asOfOf(request))).engine.emissions(request, wireContext(context))),
    verifyReceipt: (saved) => settle(() => verifyReceipt(saved)),
    releases: () => settle(async () => manifestOf(await current())),
    dataVersion: () => settle(async () => (await current()).engine.select()),
    checkForUpdate: () => settle(async () => checkForUpdate(await current())),
    async close() {
      const s = await booted?.catch(() => undefined)
      s?.session.cache.close()
    },
  }
}

/** Remove cache entries this session does not need (see prune.ts); a failure only leaves them. */
async function prune(session: Session): Promise<void> {
  const manifest = session.loader.current()
  if (!manifest) return
  const loaded = new Set(session.engine.releases().filter((r) => r.loaded).map((r) => r.mb_version))
  await pruneCache(session.cache, manifest, loaded, STORED_SNAPSHOT_FORMAT).catch(() => undefined)
}

/**
 * Offline-first start: the newest release of the cached manifest, from cache or network; if
 * that cannot be had (offline, and it never finished downloading), the newest release the
 * cache holds.
 */
async function startFromCachedManifest(loader: ReleaseLoader, releases: readonly ManifestEntry[]): Promise<LoadSource> {
  const latest = loader.select()
  try {
    return await loader.ensure(latest)
  } catch (error) {
    if (!isClientError(error) || error.code !== 'corpus_unavailable') throw error
    const older = [...releases].filter((r) => r.mb_version !== latest.mb_version).reverse()
    for (const entry of older) {
      const ok = await loader.ensure(entry, { network: false }).then(
        () => true,
        () => false,
      )
      if (ok) return 'cache'
    }
    throw error
  }
}

/** A page callback through comlink is a promise that rejects once the page has gone; that is no error here. */
function quietly(result: unknown): Promise<unknown> {
  return Promise.resolve(result).catch(() => undefined)
}

/** `<baseUrl>/releases/<file>` by default; next to the manifest when its address was given apart. */
function artifactUrlFor(options: WorkerStartOptions): (file: string) => string {
  const defaultManifest = `${options.baseUrl}/releases`
  if (options.manifestUrl === defaultManifest) return (file) => `${defaultManifest}/${encodeURIComponent(file)}`
  return (file) => new URL(encodeURIComponent(file), options.manifestUrl).href
}

function manifestOf(session: Session): ReleaseManifest {
  const manifest = session.loader.current()
  if (!manifest) throw new ClientError('corpus_unavailable', 'No release manifest is loaded.', { reason: 'no manifest' })
  return manifest
}

function asOfOf(request: unknown): string | undefined {
  if (typeof request !== 'object' || request === null) return undefined
  const as_of = (request as Record<string, unknown>).as_of
  return typeof as_of === 'string' && as_of.trim() !== '' ? as_of.trim() : undefined
}

/** A clock cannot cross postMessage; the worker uses its own. */
function wireContext(context: Omit<CalcContext, 'now'> | undefined): CalcContext | undefined {
  if (!context) return undefined
  const { request_id, attribution_required } = context
  return { ...(request_id !== undefined ? { request_id } : {}), ...(attribution_required !== undefined ? { attribution_required } : {}) }
}
