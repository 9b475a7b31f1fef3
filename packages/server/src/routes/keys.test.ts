import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, harness, type Harness } from '../../test/support/harness.ts'

let h: Harness
beforeEach(async () => { h = await harness() })
afterEach(async () => { await h.close() })

describe('keys', () => {
  it('issues a free key once per email, stores only its hash, and the key works', async () => {
    const res = await h.json('/v1/keys', { email: 'Ada@Example.org' })
    expect(res.status).toBe(201)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = (await res.json()) as { key: string; prefix: string; plan: string; key_id: string }
    expect(body.key).toMatch(/^of_live_[A-Za-z0-9_-]{43}$/)
    expect(body.key.startsWith(body.prefix)).toBe(true)
    expect(body.plan).toBe('free')
    const account = await h.store.findAccountByEmail('ada@example.org')
    expect(account?.plan).toBe('free')
    const again = await h.json('/v1/keys', { email: 'ada@example.org' })
    expect(again.status).toBe(409)
    expect((await errorOf(again)).code).toBe('key_exists')
    const lookup = await h.get('/v1/factors/fuels.gb.diesel.litres', body.key)
    expect(lookup.status).toBe(200)
  })

  it('needs a valid email', async () => {
    const res = await h.json('/v1/keys', { email: 'not-an-email' })
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.code).toBe('invalid_request')
    expect(error['issues']).toEqual([expect.objectContaining({ path: 'email' })])
    const extra = await h.json('/v1/keys', { email: 'a@b.org', card: '4111' })
    expect(extra.status).toBe(400)
  })

  it('rotation returns a new key and the old one is 401 at once', async () => {
    const old = await h.key('rot@example.org')
    const res = await h.app.request('/v1/keys/rotate', { method: 'POST', headers: { authorization: `Bearer ${old}` } })
    expect(res.status).toBe(201)
    const { key } = (await res.json()) as { key: string }
    expect(key).not.toBe(old)
    const stale = await h.get('/v1/account', old)
    expect(stale.status).toBe(401)
    expect(await errorOf(stale)).toMatchObject({ code: 'unauthorized', docs: '/docs/errors#unauthorized' })
    expect((await h.get('/v1/account', key)).status).toBe(200)
    const twice = await h.app.request('/v1/keys/rotate', { method: 'POST', headers: { authorization: `Bearer ${old}` } })
    expect(twice.status).toBe(401)
  })

  it('401 for missing, malformed and unknown keys, with a Bearer challenge', async () => {
    for (const auth of [undefined, 'Bearer', 'Basic abc', 'Bearer of_live_short', `Bearer of_live_${'A'.repeat(43)}`]) {
      const res = await h.app.request('/v1/factors/fuels.gb.diesel.litres', { headers: auth ? { authorization: auth } : {} })
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toContain('Bearer')
      expect((await errorOf(res)).code).toBe('unauthorized')
    }
  })
})

describe('account', () => {
  it('shows plan, usage, each limit with remaining and reset, and the nearest limit', async () => {
    const key = await h.key('acct@example.org')
    await h.get('/v1/factors/fuels.gb.diesel.litres', key)
    await h.get('/v1/factors/fuels.gb.petrol.litres', key)
    const res = await h.get('/v1/account', key)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { account: { plan: string; email: string }; usage: { minute: number; month: number }; limits: Array<{ name: string; limit: number; remaining: number; resets_at: string }>; nearest_limit: { name: string }; features: { attribution_required: boolean; webhooks: boolean } }
    expect(body.account).toMatchObject({ plan: 'free', email: 'acct@example.org' })
    expect(body.usage).toEqual({ minute: 2, month: 2 })
    expect(body.limits).toEqual([
      expect.objectContaining({ name: 'burst', limit: 60, remaining: 58, resets_at: '2026-11-22T10:01:00.000Z' }),
      expect.objectContaining({ name: 'monthly', limit: 1000, remaining: 998, resets_at: '2026-12-01T00:00:00.000Z' }),
    ])
    expect(body.nearest_limit.name).toBe('burst')
    expect(body.features).toMatchObject({ attribution_required: true, webhooks: false })
    // The account view itself is not counted, but carries the headers.
    expect(res.headers.get('ratelimit-remaining')).toBe('58')
  })

  it('reports the plan set by the admin path, with overrides', async () => {
    const key = await h.key('ent@example.org', 'enterprise', { monthly_quota: 9_000_000, burst_per_minute: 20_000 })
    const body = (await (await h.get('/v1/account', key)).json()) as { account: { plan: string }; limits: Array<{ limit: number }>; features: { attribution_required: boolean; bulk_feed: boolean } }
    expect(body.account.plan).toBe('enterprise')
    expect(body.limits.map((l) => l.limit)).toEqual([20_000, 9_000_000])
    expect(body.features).toMatchObject({ attribution_required: false, bulk_feed: true })
  })
})
