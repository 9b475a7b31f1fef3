/**
 * The search's fast path answers exactly as the normal path: one app (real engine, real SQLite
 * store, zlib's gzip as the Node entry gives it), served twice over real sockets, once behind the
 * fast path (`fastFirst`, as the Node entry wires it) and once by @hono/node-server's listener
 * alone (test/support/fast-and-normal.ts). Every case goes to both; status, raw header lines (names, order, values) and body bytes
 * must match. Only `Date`, generated request ids and the remaining count (one call later) may differ.
 * The open limit is counted per client address: each case sends its own `X-Forwarded-For`.
 */
import fc from 'fast-check'
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harness, type Harness } from '../../test/support/harness.ts'
import { fastAndNormal, type FastAndNormal } from '../../test/support/fast-and-normal.ts'
import { shape, type Raw } from '../../test/support/raw-http.ts'
import { createApi } from '../app.ts'
import type { LogLine } from '../app-env.ts'
import { nodeRequestHeader } from '../serve.ts'
import type { Store } from '../stores/types.ts'

const OPEN_RATE = 4

describe('search fast path', () => {
  let h: Harness
  let two: FastAndNormal
  let consumed = 0
  let address = 0
  /** Searches the engine ran for "cement" (the kept-answer case). */
  let cementSearches = 0
  const logs: LogLine[] = []

  beforeAll(async () => {
    h = await harness()
    const clock = () => new Date('2026-11-22T10:00:30.000Z')
    const store: Store = { ...h.store, consume: (subject, windows, amount) => {
      if (subject.startsWith('ip:')) consumed += 1
      return h.store.consume(subject, windows, amount)
    } }
    // A search for "explode" fails after the call was counted (an engine error the route would throw).
    const engine = { ...h.engine, search: (q: Parameters<typeof h.engine.search>[0]) => {
      if (q?.search === 'explode') throw new Error('search failed')
      if (q?.search === 'cement') cementSearches += 1
      return h.engine.search(q)
    } }
    two = await fastAndNormal((priorRefusal) => {
      const { app, search } = createApi({
        engine, store, config: { ...h.config, openRatePerMinute: OPEN_RATE, trustProxy: true }, clock, logger: (line) => { logs.push(line) },
        requestHeader: nodeRequestHeader, gzip: (bytes) => new Uint8Array(gzipSync(bytes)), priorRefusal,
        clientAddress: (_req, env) => (env as { incoming?: IncomingMessage }).incoming?.socket.remoteAddress,
      })
      return { app, fast: search }
    })
  })

  afterAll(async () => {
    await two.close()
    await h.close()
  })

  /** A client address of its own (the open limit is per address). */
  const fresh = (): OutgoingHttpHeaders => ({ 'x-forwarded-for': `198.51.100.${++address}, 10.0.0.1` })

  const both = (path: string, headers: OutgoingHttpHeaders = fresh(), opts: { method?: string } = {}): Promise<[Raw, Raw]> => two.both(path, headers, opts)

  const remaining = (raw: Raw): number => Number(raw.headers[raw.headers.indexOf('ratelimit-remaining') + 1])

  it('serves a search itself, with the same status, header lines and bytes, counted once against the address', async () => {
    const headers = fresh()
    const [fast, normal] = await both('/v1/factors?search=diesel&limit=10', headers)
    expect(two.answered()).toBe(1)
    expect(fast.status).toBe(200)
    expect(remaining(fast)).toBe(OPEN_RATE - 1)
    expect(remaining(normal)).toBe(OPEN_RATE - 2)
    expect(shape(fast).map((l) => l.split(':')[0])).toEqual([
      'content-type', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'referrer-policy', 'x-content-type-options', 'x-frame-options', 'x-request-id',
      'Content-Length', 'Date', 'Connection',
    ])
    expect(JSON.parse(fast.body.toString('utf8'))).toEqual(h.engine.search({ search: 'diesel', limit: 10 }))
    // The same access log line (time and duration aside).
    const [a, b] = logs.slice(-2).map(({ ts: _ts, ms: _ms, request_id: _id, ...rest }) => rest)
    expect(a).toEqual(b)
    expect(a).toMatchObject({ method: 'GET', path: '/v1/factors', status: 200, key_id: null })
    // No query, encoded and repeated parameters, an incoming request id.
    await both('/v1/factors')
    await both('/v1/factors?search=natural%20gas+kwh&limit=3&offset=1&kind=all')
    await both('/v1/factors?search=diesel&search=petrol&country=GB')
    await both('/v1/factors?search=diesel', { ...fresh(), 'x-request-id': 'trace-42' })
    expect(two.answered()).toBe(5)
  })

  it('answers a repeated search from the bytes it kept, each call still counted', async () => {
    const headers = fresh()
    const [first] = await both('/v1/factors?search=cement&limit=5', headers)
    const [again] = await both('/v1/factors?search=cement&limit=5', headers)
    // Fast path, normal path, fast path again (kept bytes), normal path: four calls counted, three searches.
    expect(again.body.equals(first.body)).toBe(true)
    expect(remaining(first)).toBe(OPEN_RATE - 1)
    expect(remaining(again)).toBe(OPEN_RATE - 3)
    expect(cementSearches).toBe(3)
    // Gzip is kept apart from the plain bytes: the fast path searches once more (the normal path each time).
    const gzipHeaders = { ...fresh(), 'accept-encoding': 'gzip' }
    const [zipped] = await both('/v1/factors?search=cement&limit=5', gzipHeaders)
    const [zippedAgain] = await both('/v1/factors?search=cement&limit=5', gzipHeaders)
    expect(cementSearches).toBe(6)
    expect(gunzipSync(zippedAgain.body).equals(first.body)).toBe(true)
    expect(zippedAgain.body.equals(zipped.body)).toBe(true)
  })

  it('gzips for the clients the normal path gzips for, and leaves other encodings to it', async () => {
    const before = two.answered()
    const [fast] = await both('/v1/factors?search=diesel&limit=10', { ...fresh(), 'accept-encoding': 'gzip, deflate, br' })
    expect(two.answered()).toBe(before + 1)
    expect(shape(fast)).toEqual(expect.arrayContaining(['content-encoding: gzip', 'vary: Accept-Encoding', `content-length: ${fast.body.byteLength}`]))
    expect(JSON.parse(gunzipSync(fast.body).toString('utf8'))).toEqual(h.engine.search({ search: 'diesel', limit: 10 }))
    // A small answer is gzipped too (the normal path's c.json has no length for compress() to skip it by).
    await both('/v1/factors?search=zzzzqqq', { ...fresh(), 'accept-encoding': 'gzip' })
    await both('/v1/factors?search=diesel', { ...fresh(), 'accept-encoding': '' })
    expect(two.answered()).toBe(before + 3)
    for (const other of ['deflate', 'br', 'identity', 'gzip;q=0, deflate;q=0.5']) {
      const [answer] = await both('/v1/factors?search=diesel', { ...fresh(), 'accept-encoding': other })
      expect(shape(answer)).not.toContain('content-encoding: gzip')
    }
    expect(two.answered()).toBe(before + 3)
  })

  it('leaves the rest to the normal path: invalid queries, CORS, HEAD, other paths, targets URL parsing rewrites', async () => {
    const before = two.answered()
    for (const path of ['/v1/factors?serach=diesel', '/v1/factors?limit=0', `/v1/factors?search=${'x'.repeat(501)}`, '/v1/factors/', "/v1/factors?search=o'brien", '/v1/factors?search="x"']) {
      await both(path)
    }
    await both('/v1/factors?search=diesel', { ...fresh(), origin: 'https://example.org' })
    await both('/v1/factors?search=diesel', fresh(), { method: 'HEAD' })
    expect(two.answered()).toBe(before)
  })

  it('leaves refusals to the normal path, counted once: over the open limit, and a search that fails after counting', async () => {
    const headers = fresh()
    // The fast path counts the first call, the normal path the second ...
    await both('/v1/factors?search=diesel', headers)
    await both('/v1/factors?search=diesel', headers)
    const calls = consumed
    const before = two.answered()
    // ... and both refuse the next ones alike, with one store call each.
    const [over] = await both('/v1/factors?search=diesel', headers)
    expect(over.status).toBe(429)
    expect(consumed - calls).toBe(2)
    expect(shape(over)).toContain('retry-after: 30')
    expect(two.answered()).toBe(before)

    const failing = fresh()
    const [failed] = await both('/v1/factors?search=explode', failing)
    expect(failed.status).toBe(500)
    expect(consumed - calls).toBe(4)
    const [next] = await both('/v1/factors?search=diesel', failing)
    expect(remaining(next)).toBe(OPEN_RATE - 3)
    expect(two.answered()).toBe(before + 1)
  })

  it('answers random query strings as the app does, byte for byte (property-based)', async () => {
    const before = two.answered()
    // Words of the test release's factors (so results differ), mixed with characters that need care in a query.
    const word = fc.constantFrom('diesel', 'petrol', 'natural+gas', 'natural%20gas', 'electricity', 'GB', 'US', 'litres', 'kwh', 'concrete')
    const chars = fc.array(fc.constantFrom(...'abdeilsz0129%+&=.-_~*()!$,;:@/?\'"<>#'.split(''), '%20', '%C3%A9', '%ZZ', '%2'), { maxLength: 12 }).map((a) => a.join(''))
    const text = fc.oneof({ arbitrary: word, weight: 3 }, { arbitrary: chars, weight: 2 }, { arbitrary: fc.tuple(word, chars).map(([w, c]) => `${w}${c}`), weight: 1 })
    // Mostly parameters the route takes (so the fast path answers), some repeated, some it refuses.
    const pair = fc.oneof(
      { arbitrary: fc.tuple(fc.constantFrom('search', 'country', 'unit', 'source', 'domain'), fc.option(text, { freq: 8 })), weight: 6 },
      { arbitrary: fc.tuple(fc.constantFrom('limit', 'offset'), fc.option(fc.integer({ min: -1, max: 120 }).map(String), { freq: 8 })), weight: 2 },
      { arbitrary: fc.tuple(fc.constant('kind'), fc.option(fc.constantFrom('all', 'emission_factor', 'component', 'x'), { freq: 8 })), weight: 1 },
      { arbitrary: fc.tuple(fc.constantFrom('serach', '', 'as_of'), fc.option(text)), weight: 1 },
    )
    const query = fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => (v === null ? k : `${k}=${v}`)).join('&'))
    await fc.assert(fc.asyncProperty(query, fc.constantFrom(undefined, 'gzip, deflate, br', 'br'), async (q, encoding) => {
      await both(`/v1/factors?${q}`, { ...fresh(), ...(encoding ? { 'accept-encoding': encoding } : {}) })
    }), { numRuns: 80, seed: 14 })
    expect(two.answered()).toBeGreaterThan(before)
  })

  it('counts against the socket address without a forwarded one', async () => {
    const before = two.answered()
    const [fast, normal] = await both('/v1/factors?search=diesel', {})
    expect(remaining(fast) - remaining(normal)).toBe(1)
    expect(two.answered()).toBe(before + 1)
  })
})
