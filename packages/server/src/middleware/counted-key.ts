/**
 * Key check and metering in one store call, for routes that count every call they accept (the
 * factor lookup, resolve on its fast path). The key is looked up in the same store transaction that counts
 * the call (`consumeForKey`), so a key rotated or revoked by any instance is refused at once and
 * never counted, quotas stay exact across instances, and the call costs one store round trip
 * instead of two (the throughput profile, docs/benchmarks.md). A busy key's calls are counted in
 * leases (stores/quota-lease.ts): then a rotation is seen within one lease time.
 *
 * Order: no key or a key of the wrong shape is 401 before anything else; then `check` (the route's
 * input bounds, 400: a malformed call is not counted, though an unknown or rotated key is still 401
 * first); then the store call (401 unknown or rotated key; 429 over a limit). RateLimit-* go into the request's header record.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { bearerToken, constantTimeEqual, looksLikeKey } from '../keys.ts'
import { windowsAt } from '../quota.ts'
import { consumeForKey } from '../stores/keyed-consume.ts'
import type { Account, FoundKeyRecord, KeyedConsume } from '../stores/types.ts'
import { badKey, noKey, type KeyHasher } from './api-key.ts'
import { keyCache, type KeyCache } from './key-cache.ts'
import { honoHeader, type HeaderReader } from './request-header.ts'
import { headerRecord, type HeaderRecord } from './response-headers.ts'
import { callCount, settleCount, type CallCount, type QuotaDeps } from './quota.ts'

export type CountedKeyGuard = (check?: (c: Context<AppEnv>) => void) => MiddlewareHandler<AppEnv>

/**
 * One counted call without a request context: the `Authorization` header's value, the input check
 * (400 before counting), the calls it counts as, and the header record that gets RateLimit-*.
 * Resolves with the key found; refusals are thrown (`ApiError`). Shared by the middleware below and
 * the lookup's fast path (routes/lookup-fast-path.ts), so both count and refuse alike.
 */
export type CountCall = (authorization: string | undefined, record: HeaderRecord, amount: number, check?: () => void) => Promise<FoundKeyRecord>

export function countCall(deps: QuotaDeps, hashOf: KeyHasher, keys: KeyCache = keyCache(0)): CountCall {
  const windows = windowsAt()
  // Malformed input is not counted, but a mistyped or rotated key is 401 before anything else (the
  // contract): on this rare path the key is read on its own.
  const refuseInput = async (hash: string, refused: unknown): Promise<never> => {
    const found = await deps.store.findActiveKey(hash)
    if (!found || !constantTimeEqual(found.hash, hash)) throw badKey()
    throw refused
  }
  // Promise chains, not async functions: this runs on every counted call, and each async frame and
  // await allocates (the throughput profile, docs/benchmarks.md).
  const counted = (hash: string, record: HeaderRecord, amount: number, check: (() => void) | undefined): Promise<FoundKeyRecord> => {
    try {
      check?.()
    } catch (refused) {
      return refuseInput(hash, refused)
    }
    const now = deps.clock()
    const at = windows(now)
    let count: CallCount | undefined
    const countFor = (account: Account): CallCount => {
      count = callCount(account, deps.config, now, at, amount)
      return count
    }
    // A store that checks keys in its counting transaction or statement (SQLite, PostgreSQL) needs no key cache; on others
    // `OPENFACTORS_KEY_CACHE_MS` (off by default) saves the key lookup as on every keyed route.
    const cached = deps.store.consumeForKey ? undefined : keys.get(hash)
    let outcome: Promise<KeyedConsume | null>
    if (cached) {
      const plan = countFor(cached.account)
      outcome = deps.store.consume(plan.subject, plan.windows, plan.amount).then((result) => ({ found: cached, result }))
    } else {
      outcome = consumeForKey(deps.store, hash, countFor)
    }
    return outcome.then((done) => {
      if (!done || !count || !constantTimeEqual(done.found.hash, hash)) throw badKey()
      if (!cached && !deps.store.consumeForKey) keys.set(hash, done.found)
      settleCount(record, count, done.result)
      return done.found
    })
  }
  return (authorization, record, amount, check) => {
    const token = bearerToken(authorization)
    if (!token) return Promise.reject(noKey())
    if (!looksLikeKey(token)) return Promise.reject(badKey())
    const hashed = hashOf(token)
    return typeof hashed === 'string' ? counted(hashed, record, amount, check) : hashed.then((hash) => counted(hash, record, amount, check))
  }
}

/** `prior`: a refusal already met for this request by the lookup's fast path, thrown instead of counting again. */
export function countedKey(count: CountCall, header: HeaderReader = honoHeader, prior?: (env: unknown) => unknown): CountedKeyGuard {
  return (check) => async (c, next) => {
    const refused = prior?.(c.env)
    if (refused !== undefined) throw refused
    const found = await count(header(c, 'authorization'), headerRecord(c), c.get('calls') ?? 1, check && (() => check(c)))
    c.set('account', found.account)
    c.set('apiKey', found.key)
    await next()
  }
}
