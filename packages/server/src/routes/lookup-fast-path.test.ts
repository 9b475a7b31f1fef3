/**
 * The lookup's fast path answers exactly as the normal path: one app (real engine, real SQLite
 * store), served twice over real sockets, once behind the fast path (`fastFirst`, as the Node entry
 * wires it) and once by @hono/node-server's listener alone. Every case goes to both; status, raw
 * header lines (names, order, values) and body bytes must match. Only `Date`, generated request
 * ids and the remaining count (one call later) may differ.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harness, type Harness } from '../../test/support/harness.ts'
import { fastAndNormal, type FastAndNormal } from '../../test/support/fast-and-normal.ts'
import { rawRequest, shape, type Raw } from '../../test/support/raw-http.ts'
import { createApi } from '../app.ts'
import type { LogLine } from '../app-env.ts'
import { nodeRequestHeader } from '../serve.ts'
import type { Store } from '../stores/types.ts'

const remaining = (raw: Raw): number => Number(raw.headers[raw.headers.indexOf('RateLimit-Remaining') + 1])

describe('lookup fast path', () => {
  let h: Harness
  let two: FastAndNormal
  let storeCalls = 0
  const logs: LogLine[] = []
  let key = ''

  beforeAll(async () => {
    h = await harness()
    const clock = () => new Date('2026-11-22T10:00:30.000Z')
    const store: Store = { ...h.store, consumeForKey: (hash, countFor) => {
      storeCalls += 1
      return h.store.consumeForKey!(hash, countFor)
    } }
    two = await fastAndNormal((priorRefusal) => {
      const { app, lookup } = createApi({ engine: h.engine, store, config: h.config, clock, logger: (line) => { logs.push(line) }, requestHeader: nodeRequestHeader, priorRefusal })
      return { app, fast: lookup }
    })
    key = await h.key('fast@example.org', 'enterprise')
  })

  afterAll(async () => {
    await two.close()
    await h.close()
  })

  const both = (path: string, headers: OutgoingHttpHeaders, opts: { method?: string; setHost?: boolean } = {}): Promise<[Raw, Raw]> => two.both(path, headers, opts)
  const get = (port: number, path: string, headers: OutgoingHttpHeaders): Promise<Raw> => rawRequest(port, path, headers)

  const auth = (k: string): IncomingHttpHeaders => ({ authorization: `Bearer ${k}` })

  it('serves a kept lookup itself, with the same status, header lines and bytes, and counts it once', async () => {
    // The first lookup of a key goes the normal way (it keeps the body).
    await get(two.fastPort, '/v1/factors/fuels.gb.diesel.litres', auth(key))
    expect(two.answered()).toBe(0)
    const [fast, normal] = await both('/v1/factors/fuels.gb.diesel.litres', auth(key))
    expect(two.answered()).toBe(1)
    expect(fast.status).toBe(200)
    expect(remaining(fast) - remaining(normal)).toBe(1)
    expect(shape(fast).map((l) => l.split(':')[0])).toEqual([
      'X-Request-Id', 'X-Content-Type-Options', 'Referrer-Policy', 'X-Frame-Options', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset',
      'Content-Type', 'Content-Length', 'Date', 'Connection',
    ])
    // The same access log line (time and duration aside).
    const [a, b] = logs.slice(-2).map(({ ts: _ts, ms: _ms, request_id: _id, ...rest }) => rest)
    expect(a).toEqual(b)
    expect(a).toMatchObject({ method: 'GET', path: '/v1/factors/fuels.gb.diesel.litres', status: 200 })
    // An incoming request id is echoed by both.
    await both('/v1/factors/fuels.gb.diesel.litres', { ...auth(key), 'x-request-id': 'trace-42' })
    expect(two.answered()).toBe(2)
  })

  it('leaves every refusal to the normal path: no key, a malformed, unknown or rotated key, over the burst', async () => {
    const before = two.answered()
    await both('/v1/factors/fuels.gb.diesel.litres', {})
    await both('/v1/factors/fuels.gb.diesel.litres', auth('nope'))
    await both('/v1/factors/fuels.gb.diesel.litres', auth(`of_live_${'A'.repeat(43)}`))
    const rotated = await h.key('rotated@example.org', 'enterprise')
    await both('/v1/factors/fuels.gb.diesel.litres', auth(rotated))
    const rotate = await h.app.request('/v1/keys/rotate', { method: 'POST', headers: auth(rotated) as Record<string, string> })
    expect(rotate.status).toBe(201)
    const [refused] = await both('/v1/factors/fuels.gb.diesel.litres', auth(rotated))
    expect(refused.status).toBe(401)
    expect(two.answered()).toBe(before + 1)

    // Burst 2: the fast path answers the first call, the normal path the second; both refuse the third and fourth alike.
    const limited = await h.key('limited@example.org', 'free', { burst_per_minute: 2 })
    await both('/v1/factors/fuels.gb.diesel.litres', auth(limited))
    const calls = storeCalls
    const [over] = await both('/v1/factors/fuels.gb.diesel.litres', auth(limited))
    expect(over.status).toBe(429)
    // One store call on each server: the app answered the fast path's refusal without counting again.
    expect(storeCalls - calls).toBe(2)
    expect(shape(over)).toContain('retry-after: 30')
    expect(two.answered()).toBe(before + 2)
  })

  it('leaves the rest to the normal path: unknown factors, queries, CORS, compression, HEAD, a bad Host', async () => {
    const before = two.answered()
    await both('/v1/factors/fuels.gb.nothing.litres', auth(key))
    await both('/v1/factors/fuels.gb.diesel.litres?as_of=2026-01-01', auth(key))
    await both('/v1/factors/fuels.gb.diesel.litres?unknown=1', auth(key))
    await both('/v1/factors/fuels.gb.diesel.litres', { ...auth(key), origin: 'https://example.org' })
    await both('/v1/factors/fuels.gb.diesel.litres', auth(key), { method: 'HEAD' })
    const [hostless] = await both('/v1/factors/fuels.gb.diesel.litres', auth(key), { setHost: false })
    expect(hostless.status).toBe(400)
    await both('/v1/factors/fuels.gb.diesel.litres', { ...auth(key), host: '1.2.3' })
    expect(two.answered()).toBe(before)
  })

  it('serves clients that send Accept-Encoding as the normal path would: a small body as it is, a large one gzipped once per key', async () => {
    const before = two.answered()
    // Diesel's body is under compress()'s 1 KiB threshold: sent as it is, whatever was asked.
    await both('/v1/factors/fuels.gb.diesel.litres', { ...auth(key), 'accept-encoding': 'gzip, deflate, br' })
    expect(two.answered()).toBe(before + 1)
    // The concrete's body (2.4 KB) is gzipped; the first gzip lookup goes the normal way and keeps the gzip.
    const concrete = '/v1/factors/materials.concrete.ready_mix.c30_37'
    const gzip = { ...auth(key), 'accept-encoding': 'gzip, deflate, br' }
    const first = await get(two.fastPort, concrete, gzip)
    expect(two.answered()).toBe(before + 1)
    const [fast] = await both(concrete, gzip)
    expect(two.answered()).toBe(before + 2)
    expect(shape(fast)).toEqual(expect.arrayContaining(['Content-Encoding: gzip', 'Vary: Accept-Encoding', `Content-Length: ${fast.body.byteLength}`]))
    expect(fast.body.equals(first.body)).toBe(true)
    expect(JSON.parse(gunzipSync(fast.body).toString('utf8'))).toEqual(h.engine.lookup('materials.concrete.ready_mix.c30_37'))
    // Other encodings, and gzip refused, stay with the normal path (compress() answers them).
    for (const other of ['deflate', 'br', 'identity', 'gzip;q=0, deflate;q=0.5']) {
      const [answer] = await both(concrete, { ...auth(key), 'accept-encoding': other })
      expect(shape(answer)).not.toContain('Content-Encoding: gzip')
    }
    // No Accept-Encoding: the plain body, without Vary, from the fast path.
    const [plain] = await both(concrete, auth(key))
    expect(shape(plain).some((l) => l.startsWith('Vary'))).toBe(false)
    expect(two.answered()).toBe(before + 3)
  })
})
