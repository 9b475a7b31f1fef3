/** Hono environment of the app: what middleware hands to routes. */
import type { MiddlewareHandler } from 'hono'
import type { ServerConfig } from './config.ts'
import type { EnginePort, ReleaseFiles } from './engine-port.ts'
import type { CalcOffload } from './offload/protocol.ts'
import type { Account, KeyRecord, Store } from './stores/types.ts'

export type LogLine = Record<string, string | number | boolean | null>
export type Logger = (line: LogLine) => void

export interface AppDeps {
  engine: EnginePort
  store: Store
  config: ServerConfig
  releases?: ReleaseFiles
  /** Verifies a saved calculation response (engine `verifyReceipt`). */
  verifyReceipt?: (saved: unknown) => unknown
  clock?: () => Date
  logger?: Logger
  /** The client address of a request (the Node entry reads the socket); used for open limits. */
  clientAddress?: (req: Request, env: unknown) => string | undefined
  /**
   * A request header without building a web `Headers` object (the Node entry reads the
   * IncomingMessage); null where it cannot tell. Names are lower case. See middleware/request-header.ts.
   */
  requestHeader?: (env: unknown, name: string) => string | undefined | null
  /**
   * What a fast path already met for this request where the app counts it (routes/fast-path.ts), if
   * anything: a refusal, which the app throws there instead of running the store call again; or
   * `CountedAlready` (middleware/quota.ts), the call counted, answered by the app without counting again.
   */
  priorRefusal?: (env: unknown) => unknown
  /**
   * A synchronous gzip (Node: zlib's `gzipSync`). With it, JSON answers are gzipped in one call for the
   * clients hono's compress() would gzip for, instead of through a `CompressionStream` per response
   * (about 0.85 ms for 9 KB; docs/benchmarks.md). Without it, compress() does it.
   */
  gzip?: (bytes: Uint8Array) => Uint8Array<ArrayBuffer>
  /** Runs calculations off the event loop (Node: worker threads); without it they run in-process. */
  offload?: CalcOffload
  /** Serves static files (the browser demo) for GET paths no API route claims. */
  staticFiles?: MiddlewareHandler<AppEnv>
}

export interface AppVariables {
  requestId: string
  account?: Account
  apiKey?: KeyRecord
  body?: unknown
  /** Calls this request counts as (default 1; MCP: tool calls and resource reads in the message). */
  calls?: number
  /** Response headers collected before the route runs (middleware/response-headers.ts). */
  headers?: Record<string, string>
  /** True once the route answered with the header record in its response (`sendJson`). */
  headersSent?: boolean
  /** The answer is in its final encoding: compress() would leave it as it is (`sendJson`: gzipped, or under its threshold). */
  encoded?: boolean
}

export interface AppEnv {
  Variables: AppVariables
}
