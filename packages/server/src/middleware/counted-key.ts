/**
 * Key check and metering in one store call, for routes that count every call they accept (the
 * factor lookup, the bulk feed). The key is looked up in the same store transaction that counts
 * the call (`consumeForKey`), so a key rotated or revoked by any instance is refused at once and
 * never counted, quotas stay exact across instances, and the call costs one store round trip
 * instead of two (the throughput profile, docs/benchmarks.md).
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
import type { Account, KeyedConsume } from '../stores/types.ts'
import { badKey, noKey, type KeyHasher } from './api-key.ts'
import { keyCache, type KeyCache } from './key-cache.ts'
import { honoHeader, type HeaderReader } from './request-header.ts'
import { callCount, settleCount, type CallCount, type QuotaDeps } from './quota.ts'

export type CountedKeyGuard = (check?: (c: Context<AppEnv>) => void) => MiddlewareHandler<AppEnv>

export function countedKey(deps: QuotaDeps, hashOf: KeyHasher, keys: KeyCache = keyCache(0), header: HeaderReader = honoHeader): CountedKeyGuard {
  const windows = windowsAt()
  return (check) => async (c, next) => {
    const token = bearerToken(header(c, 'authorization'))
    if (!token) throw noKey()
    if (!looksLikeKey(token)) throw badKey()
    const hashed = hashOf(token)
    const hash = typeof hashed === 'string' ? hashed : await hashed
    try {
      check?.(c)
    } catch (refused) {
      // Malformed input is not counted, but a mistyped or rotated key is 401 before anything else (the
      // contract): on this rare path the key is read on its own.
      const found = await deps.store.findActiveKey(hash)
      if (!found || !constantTimeEqual(found.hash, hash)) throw badKey()
      throw refused
    }
    const now = deps.clock()
    const at = windows(now)
    let count: CallCount | undefined
    const countFor = (account: Account): CallCount => {
      count = callCount(account, deps.config, now, at, c.get('calls') ?? 1)
      return count
    }
    // A store that checks keys in its counting transaction (SQLite) needs no key cache; on the others
    // `OPENFACTORS_KEY_CACHE_MS` (off by default) saves the key lookup as on every keyed route.
    const cached = deps.store.consumeForKey ? undefined : keys.get(hash)
    let outcome: KeyedConsume | null
    if (cached) {
      const plan = countFor(cached.account)
      outcome = { found: cached, result: await deps.store.consume(plan.subject, plan.windows, plan.amount) }
    } else {
      outcome = await consumeForKey(deps.store, hash, countFor)
      if (outcome && !deps.store.consumeForKey) keys.set(hash, outcome.found)
    }
    if (!outcome || !count || !constantTimeEqual(outcome.found.hash, hash)) throw badKey()
    c.set('account', outcome.found.account)
    c.set('apiKey', outcome.found.key)
    settleCount(c, count, outcome.result)
    await next()
  }
}
