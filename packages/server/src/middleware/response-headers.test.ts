import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { harness, type Harness } from '../../test/support/harness.ts'

let h: Harness
let key: string
beforeEach(async () => {
  h = await harness()
  key = await h.key('headers@example.org')
})
afterEach(async () => { await h.close() })

const LOOKUP = '/v1/factors/fuels.gb.diesel.litres'

/** Every header a counted lookup must carry, whichever way the response was built. */
function expectLookupHeaders(res: Response): void {
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/json')
  expect(res.headers.get('x-request-id')).toMatch(/^req_/)
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  expect(res.headers.get('referrer-policy')).toBe('no-referrer')
  expect(res.headers.get('x-frame-options')).toBe('DENY')
  expect(res.headers.get('ratelimit-limit')).toBe('60')
  expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/)
  expect(res.headers.get('ratelimit-reset')).toBe('30')
  expect(res.headers.get('content-security-policy')).toBeNull()
}

describe('the header record (response-headers.ts)', () => {
  it('a lookup answered from the record carries every header, in-process', async () => {
    const res = await h.get(LOOKUP, key)
    expectLookupHeaders(res)
    expect(res.headers.get('ratelimit-remaining')).toBe('59')
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    const cors = await h.get(LOOKUP, key, { origin: 'https://app.example' })
    expectLookupHeaders(cors)
    expect(cors.headers.get('access-control-allow-origin')).toBe('*')
    expect(cors.headers.get('access-control-expose-headers')).toContain('RateLimit-Remaining')
  })

  it('the same over @hono/node-server (its light Response writes the record as is), compression and errors included', async () => {
    const server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((r) => server.once('listening', r))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const auth = { authorization: `Bearer ${key}` }
      expectLookupHeaders(await fetch(base + LOOKUP, { headers: auth }))
      // The test release's lookup is under Hono's 1 KiB compression threshold (its length is known): sent as is.
      const asked = await fetch(base + LOOKUP, { headers: { ...auth, 'accept-encoding': 'gzip' } })
      expectLookupHeaders(asked)
      const plain = await (await h.get(LOOKUP, key)).text()
      expect(new TextEncoder().encode(plain).byteLength).toBeLessThan(1024)
      expect(asked.headers.get('content-encoding')).toBeNull()
      expect(asked.headers.get('content-length')).toBe(String(new TextEncoder().encode(plain).byteLength))
      expect(await asked.text()).toBe(plain)
      // A large response is compressed with the record's headers kept.
      const big = await fetch(`${base}/v1/openapi.json`, { headers: { 'accept-encoding': 'gzip' } })
      expect(big.headers.get('content-encoding')).toBe('gzip')
      expect(big.headers.get('x-content-type-options')).toBe('nosniff')
      expect(big.headers.get('x-request-id')).toMatch(/^req_/)
      const missing = await fetch(`${base}/v1/factors/fuels.gb.nothing.litres`, { headers: { ...auth, origin: 'https://app.example' } })
      expect(missing.status).toBe(404)
      expect(missing.headers.get('x-content-type-options')).toBe('nosniff')
      expect(missing.headers.get('ratelimit-limit')).toBe('60')
      expect(missing.headers.get('access-control-allow-origin')).toBe('*')
      const page = await fetch(`${base}/docs`)
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'")
      expect(page.headers.get('x-request-id')).toMatch(/^req_/)
    } finally {
      await new Promise((r) => server.close(r))
    }
  })
})
