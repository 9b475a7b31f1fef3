import { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, harness, type Harness } from '../../test/support/harness.ts'
import type { AppEnv } from '../app-env.ts'
import type { Store } from '../stores/types.ts'
import { keyHasher } from './api-key.ts'
import { countCall, countedKey } from './counted-key.ts'
import { keyCache } from './key-cache.ts'

let h: Harness
beforeEach(async () => { h = await harness() })
afterEach(async () => { await h.close() })

const LOOKUP = '/v1/factors/fuels.gb.diesel.litres'
const usedThisMinute = async (email: string): Promise<number> => {
  const account = await h.store.findAccountByEmail(email)
  return (await h.store.peek(`acct:${account?.id ?? ''}`, ['m:2026-11-22T10:00']))[0] ?? 0
}

describe('key check and count in one store call (counted-key.ts, the factor lookup)', () => {
  it('401 before 400: no key, or a key of the wrong shape, whatever the input', async () => {
    for (const auth of [undefined, 'Bearer nope', 'Bearer of_live_short']) {
      const res = await h.app.request('/v1/factors/bad%20key!', { headers: auth ? { authorization: auth } : {} })
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toContain('Bearer')
      expect((await errorOf(res)).code).toBe('unauthorized')
    }
  })

  it('a well-formed but unknown or rotated key is 401 even with malformed input (the contract: 401 first)', async () => {
    const old = await h.key('order@example.org')
    await h.app.request('/v1/keys/rotate', { method: 'POST', headers: { authorization: `Bearer ${old}` } })
    const unknown = `${old.slice(0, -4)}zzzz`
    for (const key of [old, unknown]) {
      const res = await h.get('/v1/factors/bad%20key!', key)
      expect(res.status).toBe(401)
      expect((await errorOf(res)).code).toBe('unauthorized')
    }
  })

  it('a malformed factor key or query is 400 and not counted', async () => {
    const key = await h.key('bounds@example.org')
    expect((await h.get('/v1/factors/bad%20key!', key)).status).toBe(400)
    expect((await h.get(`/v1/factors/${'a'.repeat(201)}`, key)).status).toBe(400)
    expect((await h.get(`${LOOKUP}?nope=1`, key)).status).toBe(400)
    expect(await usedThisMinute('bounds@example.org')).toBe(0)
    expect((await h.get(LOOKUP, key)).status).toBe(200)
    expect(await usedThisMinute('bounds@example.org')).toBe(1)
  })

  it('a rotated key is refused on the next call and nothing is counted for it', async () => {
    const old = await h.key('rotate@example.org')
    expect((await h.get(LOOKUP, old)).status).toBe(200)
    const rotated = await h.app.request('/v1/keys/rotate', { method: 'POST', headers: { authorization: `Bearer ${old}` } })
    const { key: fresh } = (await rotated.json()) as { key: string }
    const refused = await h.get(LOOKUP, old)
    expect(refused.status).toBe(401)
    expect(await errorOf(refused)).toMatchObject({ code: 'unauthorized', message: 'The API key is invalid or was rotated.' })
    expect(await usedThisMinute('rotate@example.org')).toBe(1)
    const ok = await h.get(LOOKUP, fresh)
    expect(ok.status).toBe(200)
    expect(ok.headers.get('ratelimit-remaining')).toBe('58')
  })

  it('counts exactly under concurrent calls and refuses past the burst with the limit headers', async () => {
    const key = await h.key('race@example.org', 'free', { burst_per_minute: 7 })
    const all = await Promise.all(Array.from({ length: 20 }, () => h.get(LOOKUP, key)))
    expect(all.filter((r) => r.status === 200)).toHaveLength(7)
    const refused = all.find((r) => r.status === 429)
    expect(refused?.headers.get('ratelimit-remaining')).toBe('0')
    expect(refused?.headers.get('retry-after')).toBe('30')
    expect(await usedThisMinute('race@example.org')).toBe(7)
  })
})

describe('on a store without consumeForKey of its own: key lookup then count', () => {
  it('counts exactly, and OPENFACTORS_KEY_CACHE_MS saves the key lookup only when set', async () => {
    const key = await h.key('fallback@example.org')
    for (const ttl of [0, 60_000]) {
      let lookups = 0
      const { consumeForKey: _native, ...rest } = h.store
      const store: Store = { ...rest, findActiveKey: (hash) => { lookups += 1; return h.store.findActiveKey(hash) } }
      const app = new Hono<AppEnv>()
      app.get('/x', countedKey(countCall({ store, config: h.config, clock: () => new Date('2026-11-22T10:00:30.000Z') }, keyHasher(), keyCache(ttl)))(), (c) => c.json(c.get('headers') ?? {}))
      const first = (await (await app.request('/x', { headers: { authorization: `Bearer ${key}` } })).json()) as Record<string, string>
      const second = (await (await app.request('/x', { headers: { authorization: `Bearer ${key}` } })).json()) as Record<string, string>
      expect(Number(first['RateLimit-Remaining']) - Number(second['RateLimit-Remaining'])).toBe(1)
      expect(lookups).toBe(ttl === 0 ? 2 : 1)
    }
    expect(await usedThisMinute('fallback@example.org')).toBe(4)
  })
})
