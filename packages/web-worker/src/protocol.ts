/**
 * The contract between the page-side client and the worker. comlink alone turns a thrown error
 * into a plain Error (name, message, stack), losing `code` and `data`; so every worker call
 * returns a `WireResult` instead of throwing, and the client rethrows a real EngineError or
 * ClientError from it. Values are the same JSON objects the HTTP API returns.
 */
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

/** An error as it crosses postMessage: which catalogue it belongs to, and its code, message and data. */
export interface WireError {
  origin: 'engine' | 'client'
  code: string
  message: string
  data: unknown
}

export type WireResult<T> = { ok: true; value: T } | { ok: false; error: WireError }

export type LoadPhase = 'manifest' | 'download' | 'verify' | 'decompress' | 'index' | 'cache' | 'ready'

export interface LoadProgress {
  phase: LoadPhase
  /** Release being loaded. */
  mb_version?: string
  /** Bytes downloaded so far (phase `download`). */
  bytes?: number
  /** Bytes expected (phase `download`), when known. */
  total?: number
}

/** What `ready()` resolves with: which release answers by default and where it came from. */
export interface ReadyInfo {
  mb_version: string
  /** `network`: downloaded and indexed now; `cache`: restored from storage without download or re-indexing. */
  source: 'network' | 'cache'
  storage: StorageKind
  /** Why storage is `memory` when IndexedDB was asked for (private mode, quota, open failure). */
  storage_note?: string
  factor_count: number
  /** Time from start to ready inside the worker, in milliseconds. */
  ms: number
  /** Where that time went, per step (`open_cache`, `read_snapshot`, `parse_snapshot`, `restore`, `download`, `index`, ...). */
  timings_ms: Record<string, number>
}

/** Result of a check for a newer release. */
export interface UpdateInfo {
  /** Release that answered before the check. */
  current: string
  /** Newest release the manifest offers (equal to `current` when there is nothing new). */
  latest: string
  update_available: boolean
  /** True when the newer release was downloaded, verified and now answers calls without `as_of`. */
  applied: boolean
  /** Set when the manifest could not be fetched (offline) or the update failed; the current release keeps answering. */
  error?: WireError
}

export interface WorkerStartOptions {
  /** Absolute base of the API, e.g. `https://host/v1`. */
  baseUrl: string
  /** Absolute manifest URL; artifacts resolve against it when it is not `<baseUrl>/releases`. */
  manifestUrl: string
  storage: StorageKind
  /** IndexedDB database name (tests use their own). */
  dbName?: string
  /** Check the manifest for a newer release after starting from the cache (default true). */
  checkForUpdate: boolean
}

export interface LookupOptions {
  as_of?: string
}

/** The worker's API as comlink exposes it. Callbacks must be wrapped with comlink `proxy()`. */
export interface WorkerApi {
  start(
    options: WorkerStartOptions,
    onProgress?: (progress: LoadProgress) => void,
    onUpdate?: (update: UpdateInfo) => void,
  ): Promise<WireResult<ReadyInfo>>
  search(request: SearchRequest): Promise<WireResult<SearchResponse>>
  lookup(key: string, options?: LookupOptions): Promise<WireResult<LookupResponse>>
  resolve(request: ResolveRequest): Promise<WireResult<ResolveResponse>>
  pcaf(request: PcafRequest, context?: CalcContext): Promise<WireResult<PcafResponse>>
  embodied(request: EmbodiedRequest, context?: CalcContext): Promise<WireResult<EmbodiedResponse>>
  emissions(request: EmissionsRequest, context?: CalcContext): Promise<WireResult<EmissionsResponse>>
  verifyReceipt(saved: unknown): Promise<WireResult<ReceiptVerification>>
  releases(): Promise<WireResult<ReleaseManifest>>
  dataVersion(): Promise<WireResult<string>>
  checkForUpdate(): Promise<WireResult<UpdateInfo>>
  close(): Promise<void>
}
