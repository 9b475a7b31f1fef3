import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, harness, type Harness } from '../../test/support/harness.ts'

let h: Harness
beforeEach(async () => { h = await harness({ openRatePerMinute: 5 }) })
afterEach(async () => { await h.close() })

describe('quotas', () => {
  it('every keyed response carries RateLimit-* for the nearest limit', async () => {
    const key = await h.key('hdr@example.org')
    const res = await h.get('/v1/factors/fuels.gb.diesel.litres', key)
    expect(res.headers.get('ratelimit-limit')).toBe('60')
    expect(res.headers.get('ratelimit-remaining')).toBe('59')
    expect(res.headers.get('ratelimit-reset')).toBe('30')
    const notFound = await h.get('/v1/factors/fuels.gb.nothing.litres', key)
    expect(notFound.status).toBe(404)
    expect(notFound.headers.get('ratelimit-remaining')).toBe('58')
  })

  it('keyed refusals and uncounted keyed calls carry RateLimit-* too', async () => {
    const key = await h.key('hdr2@example.org')
    await h.get('/v1/factors/fuels.gb.diesel.litres', key)
    const refused = await h.app.request('/v1/calculate/pcaf', { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' }, body: 'x' })
    expect(refused.status).toBe(415)
    expect(refused.headers.get('ratelimit-remaining')).toBe('59')
    const forbidden = await h.json('/v1/webhooks', { url: 'https://hooks.example/x' }, key)
    expect(forbidden.status).toBe(403)
    expect(forbidden.headers.get('ratelimit-limit')).toBe('60')
    const account = await h.get('/v1/account', key)
    expect(account.headers.get('ratelimit-remaining')).toBe('59')
  })

  it('the burst limit gives 429 rate_limited with Retry-After, and resets next minute', async () => {
    const key = await h.key('burst@example.org', 'free', { burst_per_minute: 3 })
    for (let i = 0; i < 3; i += 1) expect((await h.get('/v1/factors/fuels.gb.diesel.litres', key)).status).toBe(200)
    const limited = await h.get('/v1/factors/fuels.gb.diesel.litres', key)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('30')
    expect(limited.headers.get('ratelimit-remaining')).toBe('0')
    expect(await errorOf(limited)).toMatchObject({ code: 'rate_limited', docs: '/docs/errors#rate_limited' })
    h.setNow('2026-11-22T10:01:00.500Z')
    expect((await h.get('/v1/factors/fuels.gb.diesel.litres', key)).status).toBe(200)
  })

  it('the monthly quota gives 429 quota_exceeded until the month resets', async () => {
    const key = await h.key('month@example.org', 'free', { monthly_quota: 2 })
    expect((await h.json('/v1/calculate/resolve', { description: 'diesel' }, key)).status).toBe(200)
    h.setNow('2026-11-25T00:00:00.000Z')
    expect((await h.get('/v1/factors/fuels.gb.diesel.litres', key)).status).toBe(200)
    const over = await h.get('/v1/factors/fuels.gb.diesel.litres', key)
    expect(over.status).toBe(429)
    expect(await errorOf(over)).toMatchObject({ code: 'quota_exceeded' })
    expect(over.headers.get('retry-after')).toBe(String(6 * 86_400))
    h.setNow('2026-12-01T00:00:01.000Z')
    expect((await h.get('/v1/factors/fuels.gb.diesel.litres', key)).status).toBe(200)
  })

  it('counts calls the engine refuses, but not requests refused before it (bad JSON, no key)', async () => {
    const key = await h.key('count@example.org')
    await h.json('/v1/calculate/pcaf', { asset_class: 'nope', holdings: [] }, key)
    await h.json('/v1/calculate/pcaf', '{not json', key)
    await h.json('/v1/calculate/pcaf', {}, undefined)
    const body = (await (await h.get('/v1/account', key)).json()) as { usage: { month: number } }
    expect(body.usage.month).toBe(1)
  })

  it('limits open endpoints per client address', async () => {
    const from = (addr: string) => h.get('/v1/factors?search=diesel', undefined, { 'x-test-address': addr })
    for (let i = 0; i < 5; i += 1) expect((await from('198.51.100.7')).status).toBe(200)
    const limited = await from('198.51.100.7')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('30')
    expect((await errorOf(limited)).code).toBe('rate_limited')
    expect((await from('198.51.100.8')).status).toBe(200)
  })

  it('usage belongs to the account: rotating does not reset it', async () => {
    const key = await h.key('keep@example.org', 'free', { burst_per_minute: 2 })
    await h.get('/v1/factors/fuels.gb.diesel.litres', key)
    await h.get('/v1/factors/fuels.gb.diesel.litres', key)
    const rotated = (await (await h.app.request('/v1/keys/rotate', { method: 'POST', headers: { authorization: `Bearer ${key}` } })).json()) as { key: string }
    expect((await h.get('/v1/factors/fuels.gb.diesel.litres', rotated.key)).status).toBe(429)
  })
})
