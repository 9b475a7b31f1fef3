/**
 * The page side: starts the worker (or takes one, or any comlink endpoint such as a
 * MessagePort), starts loading the corpus at once, and exposes the engine's verbs as promises
 * that resolve to the HTTP API's 200 bodies and reject with EngineError / ClientError.
 */
import { proxy, releaseProxy, wrap, type Endpoint, type Remote } from 'comlink'
import type {
  CalcContext,
  EmbodiedRequest,
  EmbodiedResponse,
  EmissionsRequest,
  EmissionsResponse,
  LookupResponse,
  PcafRequest,
  PcafResponse,
  ReceiptVerification,
  ResolveRequest,
  ResolveResponse,
  SearchRequest,
  SearchResponse,
} from '@openfactors/engine'
import type { ReleaseManifest } from '@openfactors/engine/release'
import type { StorageKind } from './cache-types.ts'
import { ClientError } from './client-error.ts'
import type { LoadProgress, LookupOptions, ReadyInfo, UpdateInfo, WireResult, WorkerApi } from './protocol.ts'
import { unwrap } from './wire.ts'

export interface EngineClientOptions {
  /** A worker running this package's `worker` entry. Default: start the bundled one. */
  worker?: Worker
  /** Any comlink endpoint speaking the worker protocol (a MessagePort, a SharedWorker port). */
  endpoint?: Endpoint
  /** URL of the worker script, when it is hosted apart from the client bundle. */
  workerUrl?: string | URL
  /** API base; default `/v1` (resolved against the page's address). */
  baseUrl?: string
  /** Manifest address; default `<baseUrl>/releases`. Artifacts are fetched relative to it when set. */
  manifestUrl?: string
  onProgress?: (progress: LoadProgress) => void
  /** Called when the background check finds (and applies) a newer release. */
  onUpdate?: (update: UpdateInfo) => void
  /** Where the corpus is kept between visits; default `indexeddb` (falls back to memory on its own). */
  storage?: StorageKind
  /** IndexedDB database name; default `openfactors`. */
  dbName?: string
  /** Look for a newer release after a start from the cache; default true. */
  checkForUpdate?: boolean
}

/** CalcContext as it can cross postMessage: a clock function cannot. */
export type ClientCalcContext = Omit<CalcContext, 'now'>

export interface EngineClient {
  /** Resolves once the default release is loaded; rejects with corpus_unavailable if none can be. */
  ready(): Promise<ReadyInfo>
  search(request: SearchRequest): Promise<SearchResponse>
  lookup(key: string, options?: LookupOptions): Promise<LookupResponse>
  resolve(request: ResolveRequest): Promise<ResolveResponse>
  pcaf(request: PcafRequest, context?: ClientCalcContext): Promise<PcafResponse>
  embodied(request: EmbodiedRequest, context?: ClientCalcContext): Promise<EmbodiedResponse>
  /** Emissions of an activity ledger (same body and answer as `POST /v1/calculate/emissions`). */
  emissions(request: EmissionsRequest, context?: ClientCalcContext): Promise<EmissionsResponse>
  /** Recompute a saved calculation response's receipt (same body as `POST /v1/receipts/verify`). */
  verifyReceipt(saved: unknown): Promise<ReceiptVerification>
  /** The release manifest (same body as `GET /v1/releases`). */
  releases(): Promise<ReleaseManifest>
  /** mb_version answering calls without `as_of`. */
  dataVersion(): Promise<string>
  /** Fetch the manifest now; a newer release is downloaded, verified and switched to. */
  checkForUpdate(): Promise<UpdateInfo>
  /** Stop the worker (when this client started it) and release the connection. */
  close(): Promise<void>
}

export function createEngineClient(options: EngineClientOptions = {}): EngineClient {
  const { endpoint, ownWorker } = connect(options)
  const remote: Remote<WorkerApi> = wrap<WorkerApi>(endpoint)
  const baseUrl = absolute(options.baseUrl ?? '/v1').replace(/\/+$/, '')
  let closed = false

  // A worker that fails to load or crashes never answers; turn that into a rejection.
  const died = new Promise<never>((_, reject) => {
    const worker = options.worker ?? ownWorker
    worker?.addEventListener('error', (event) => {
      reject(new ClientError('client_closed', `the worker failed: ${event.message || 'script error'}`, { reason: event.message || 'worker error' }))
    })
  })
  died.catch(() => undefined)

  async function call<T>(invoke: () => Promise<WireResult<T>>): Promise<T> {
    if (closed) throw new ClientError('client_closed', 'the client is closed', { reason: 'close() was called' })
    return unwrap(await Promise.race([invoke(), died]))
  }

  const started = call(() =>
    remote.start(
      {
        baseUrl,
        manifestUrl: absolute(options.manifestUrl ?? `${baseUrl}/releases`),
        storage: options.storage ?? 'indexeddb',
        checkForUpdate: options.checkForUpdate ?? true,
        ...(options.dbName ? { dbName: options.dbName } : {}),
      },
      options.onProgress ? proxy(options.onProgress) : undefined,
      options.onUpdate ? proxy(options.onUpdate) : undefined,
    ),
  )
  started.catch(() => undefined)

  return {
    ready: () => started,
    search: (request) => call(() => remote.search(request)),
    lookup: (key, lookupOptions) => call(() => remote.lookup(key, lookupOptions)),
    resolve: (request) => call(() => remote.resolve(request)),
    pcaf: (request, context) => call(() => remote.pcaf(request, context)),
    embodied: (request, context) => call(() => remote.embodied(request, context)),
    emissions: (request, context) => call(() => remote.emissions(request, context)),
    verifyReceipt: (saved) => call(() => remote.verifyReceipt(saved)),
    releases: () => call(() => remote.releases()),
    dataVersion: () => call(() => remote.dataVersion()),
    checkForUpdate: () => call(() => remote.checkForUpdate()),
    async close() {
      if (closed) return
      await Promise.race([remote.close(), died]).catch(() => undefined)
      closed = true
      remote[releaseProxy]()
      ownWorker?.terminate()
    },
  }
}

function connect(options: EngineClientOptions): { endpoint: Endpoint; ownWorker?: Worker } {
  if (options.endpoint) return { endpoint: options.endpoint }
  if (options.worker) return { endpoint: options.worker }
  const worker = options.workerUrl
    ? new Worker(options.workerUrl, { type: 'module', name: 'openfactors' })
    : new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'openfactors' })
  return { endpoint: worker, ownWorker: worker }
}

/** The worker's own address differs from the page's, so hand it absolute URLs. */
function absolute(url: string): string {
  const base = typeof location === 'undefined' ? undefined : location.href
  return base ? new URL(url, base).href : url
}
