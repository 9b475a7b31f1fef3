/**
 * Store outages as an answer, not a crash or a hang: every store call is bounded in time, and a
 * connection failure, timeout or busy/locked file becomes `503 store_unavailable` with
 * `Retry-After`. Other errors pass through unchanged (they are bugs: 500, logged).
 */
import { ApiError } from '../errors.ts'
import type { Store } from './types.ts'

export const STORE_RETRY_AFTER_SECONDS = 5

/** PostgreSQL SQLSTATE classes/codes and Node/pg/SQLite errors that mean "the store is not there now". */
const OUTAGE_SQLSTATE = /^(08|53|57P0|57014|58)/
const OUTAGE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
const OUTAGE_MESSAGE = /connection terminated|timeout exceeded|query read timeout|not queryable|connection error|terminating connection|the database system is (starting|shutting)|store timed out|Cannot use a pool after calling end/i

export function isStoreOutage(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false
  const code = (err as { code?: unknown }).code
  if (typeof code === 'string') {
    if (OUTAGE_CODES.has(code) || OUTAGE_SQLSTATE.test(code)) return true
    if (/^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL|READONLY|PROTOCOL)/.test(code)) return true
  }
  const message = (err as { message?: unknown }).message
  return typeof message === 'string' && OUTAGE_MESSAGE.test(message)
}

export function storeUnavailable(): ApiError {
  return new ApiError('store_unavailable', `The key and quota store is not answering; retry in ${STORE_RETRY_AFTER_SECONDS} s.`, {}, { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) })
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('store timed out'), { code: 'ETIMEDOUT' })), ms)
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}

/**
 * The same store with every call bounded by `timeoutMs` and outages turned into
 * `store_unavailable`. `close` is passed through untouched.
 */
export function guardStore(store: Store, timeoutMs: number, onOutage: (err: unknown) => void = () => undefined): Store {
  const guarded = { ...store } as Record<string, unknown>
  const outage = (err: unknown): unknown => {
    if (!isStoreOutage(err)) return err
    onOutage(err)
    return storeUnavailable()
  }
  // SQLite answers synchronously (its wait is the busy timeout); only a network store needs a deadline.
  const bounded = store.kind === 'sqlite' ? <T>(p: Promise<T>) => p : <T>(p: Promise<T>) => withDeadline(p, timeoutMs)
  for (const [name, fn] of Object.entries(store)) {
    if (typeof fn !== 'function' || name === 'close') continue
    // No extra async frame: these calls run on every request.
    guarded[name] = (...args: unknown[]) => {
      let work: Promise<unknown>
      try {
        work = Promise.resolve((fn as (...a: unknown[]) => unknown).apply(store, args))
      } catch (err) {
        return Promise.reject(outage(err))
      }
      return bounded(work).then(undefined, (err: unknown) => { throw outage(err) })
    }
  }
  return guarded as unknown as Store
}
