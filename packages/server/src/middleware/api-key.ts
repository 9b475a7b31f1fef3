/**
 * Bearer-key authentication: hashes the presented key and finds the active key with that hash.
 * The stored hash is compared again in constant time; a rotated key is revoked, so it fails here.
 * On the way out it makes sure every keyed response carries RateLimit-* (the metering middleware
 * sets them on counted calls; here they are filled in for the rest, refusals included).
 */
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { ApiError } from '../errors.ts'
import { bearerToken, constantTimeEqual, looksLikeKey, sha256HexOf } from '../keys.ts'
import type { Account, Store } from '../stores/types.ts'
import { keyCache, type KeyCache } from './key-cache.ts'
import { headerRecord } from './response-headers.ts'

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="openfactors"' }

/** Hashes of recently presented keys (hashing is a tenth of a lookup's cost); only well-formed keys enter. */
const HASH_CACHE_SIZE = 10_000

export const noKey = (): ApiError => new ApiError('unauthorized', 'Send an API key as `Authorization: Bearer <key>`. Keys are free: POST /v1/keys.', {}, CHALLENGE)
export const badKey = (): ApiError => new ApiError('unauthorized', 'The API key is invalid or was rotated.', {}, CHALLENGE)

/** The sha256 of a presented key; hashes of well-formed keys are remembered (the last 10,000). */
export type KeyHasher = (token: string) => string | Promise<string>

export function keyHasher(): KeyHasher {
  const hashes = new Map<string, string>()
  const remember = async (token: string): Promise<string> => {
    const hash = await sha256HexOf(token)
    if (hashes.size >= HASH_CACHE_SIZE) hashes.delete(hashes.keys().next().value ?? '')
    hashes.set(token, hash)
    return hash
  }
  return (token) => {
    if (!looksLikeKey(token)) return sha256HexOf(token)
    return hashes.get(token) ?? remember(token)
  }
}

export function requireKey(store: Store, limitHeaders: (account: Account) => Promise<Record<string, string>>, cache: KeyCache = keyCache(0), hashOf: KeyHasher = keyHasher()): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    if (!token) throw noKey()
    const wellFormed = looksLikeKey(token)
    const hash = await hashOf(token)
    let found = wellFormed ? (cache.get(hash) ?? null) : null
    if (wellFormed && !found) {
      found = await store.findActiveKey(hash)
      if (found) cache.set(hash, found)
    }
    if (!found || !constantTimeEqual(found.hash, hash)) throw badKey()
    c.set('account', found.account)
    c.set('apiKey', found.key)
    await next()
    // Counted calls have them in the header record already (quota.ts); refusals carry their own.
    if (!('RateLimit-Limit' in headerRecord(c)) && !c.res.headers.has('RateLimit-Limit')) {
      for (const [name, value] of Object.entries(await limitHeaders(found.account))) c.res.headers.set(name, value)
    }
  }
}
