/** What every route module gets from `createApp`: the dependencies and the prepared guards. */
import type { Hono, MiddlewareHandler } from 'hono'
import type { AppDeps, AppEnv } from '../app-env.ts'
import type { CalcContextPort } from '../engine-port.ts'
import type { CountedKeyGuard } from '../middleware/counted-key.ts'
import type { KeyCache } from '../middleware/key-cache.ts'
import type { HeaderReader } from '../middleware/request-header.ts'
import type { LookupBodies } from './lookup-bodies.ts'

export interface Guards {
  /** Per-address limit of open endpoints. */
  open: MiddlewareHandler<AppEnv>
  /** Valid key required; fills in RateLimit-* on responses that were not counted. */
  key: MiddlewareHandler<AppEnv>
  /**
   * Valid key and the call counted, in one store call (counted-key.ts); `check` (input bounds) runs
   * after the key's shape is checked and before anything is counted.
   */
  counted: CountedKeyGuard
  /** Count the call against the key's burst and monthly limits. */
  meter: MiddlewareHandler<AppEnv>
  /** Keys issued per client address and hour. */
  issue: MiddlewareHandler<AppEnv>
  /** JSON body within the input bounds (limits.ts). */
  json: MiddlewareHandler<AppEnv>
  /** JSON body of at most the ledger limit (POST /v1/calculate/emissions). */
  ledger: MiddlewareHandler<AppEnv>
}

export interface RouteDeps extends Required<Pick<AppDeps, 'engine' | 'store' | 'config' | 'clock'>> {
  releases: AppDeps['releases']
  offload: AppDeps['offload']
  /** Keys found recently (rotation forgets the old one at once). */
  keys: KeyCache
  verifyReceipt: AppDeps['verifyReceipt']
  guards: Guards
  /** Lookup bodies kept as bytes (shared with the lookup's fast path). */
  lookupBodies: LookupBodies
  /** A request header, read off the Node request where there is one (middleware/request-header.ts). */
  header: HeaderReader
  /** The calculation context of a request (request id, clock, plan's attribution rule). */
  calcContext(requestId: string, plan: string | undefined): CalcContextPort
}

export type App = Hono<AppEnv>
