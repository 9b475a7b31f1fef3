/**
 * The resolve's fast path answers exactly as the normal path: one app (real engine, real SQLite
 * store, zlib's gzip as the Node entry gives it), served twice over real sockets, once behind the
 * fast path and once by @hono/node-server's listener alone (test/support/fast-and-normal.ts). Every
 * case goes to both; status, raw header lines (names, order, values) and body bytes must match.
 * Twice: calculating in-process (the route's `c.json`) and through a calculation offload (the
 * route's `offloaded` step, here one that runs on this thread as the worker does).
 */
import { assertRequest } from '@openfactors/engine'
import fc from 'fast-check'
import type { OutgoingHttpHeaders } from 'node:http'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harness, type Harness } from '../../test/support/harness.ts'
import { fastAndNormal, type FastAndNormal } from '../../test/support/fast-and-normal.ts'
import { shape, type Raw } from '../../test/support/raw-http.ts'
import { createApi } from '../app.ts'
import type { LogLine } from '../app-env.ts'
import type { CalcOffload } from '../offload/protocol.ts'
import { nodeRequestHeader } from '../serve.ts'
import type { Store } from '../stores/types.ts'

const PATH = '/v1/calculate/resolve'
const remaining = (raw: Raw): number => Number(raw.headers[raw.headers.indexOf('ratelimit-remaining') + 1])

for (const mode of ['in-process', 'offloaded'] as const) {
  describe(`resolve fast path (${mode})`, () => {
    let h: Harness
    let two: FastAndNormal
    let counted = 0
    let calculations = 0
    const logs: LogLine[] = []
    let key = ''

    beforeAll(async () => {
      h = await harness()
      const clock = () => new Date('2026-11-22T10:00:30.000Z')
      // Store calls that count a keyed call: the app's meter (`consume`), the fast path's `consumeForKey`.
      const store: Store = {
        ...h.store,
        consume: (subject, windows, amount) => {
          if (subject.startsWith('acct:')) counted += 1
          return h.store.consume(subject, windows, amount)
        },
        consumeForKey: (hash, countFor) => {
          counted += 1
          return h.store.consumeForKey!(hash, countFor)
        },
      }
      // A resolve of "explode" fails after the call was counted (an error the route would throw).
      const engine = { ...h.engine, resolve: (...args: Parameters<typeof h.engine.resolve>) => {
        calculations += 1
        if (args[0].description === 'explode') throw new Error('resolve failed')
        return h.engine.resolve(...args)
      } }
      // As the worker answers: the engine's schema, then the JSON text (worker.ts).
      const offload: CalcOffload = {
        ready: () => true,
        run: (verb, body) => new Promise((resolve) => {
          if (verb !== 'resolve') throw new Error(`unexpected ${verb}`)
          assertRequest('resolve', body)
          resolve(JSON.stringify(engine.resolve(body)))
        }),
      }
      two = await fastAndNormal((priorRefusal) => {
        const { app, resolve } = createApi({
          engine, store, config: h.config, clock, logger: (line) => { logs.push(line) }, requestHeader: nodeRequestHeader,
          gzip: (bytes) => new Uint8Array(gzipSync(bytes)), priorRefusal, ...(mode === 'offloaded' ? { offload } : {}),
        })
        return { app, fast: resolve }
      })
      key = await h.key(`fast-${mode}@example.org`, 'enterprise')
    })

    afterAll(async () => {
      await two.close()
      await h.close()
    })

    const json = (k: string, more: OutgoingHttpHeaders = {}): OutgoingHttpHeaders => ({ authorization: `Bearer ${k}`, 'content-type': 'application/json', ...more })
    const both = (body: unknown, headers: OutgoingHttpHeaders, path = PATH): Promise<[Raw, Raw]> =>
      two.both(path, headers, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) })
    const diesel = { description: 'diesel for the vans, litres', limit: 3 }

    it('serves a resolve itself, with the same status, header lines and bytes, counted once', async () => {
      const [fast, normal] = await both(diesel, json(key))
      expect(two.answered()).toBe(1)
      expect(fast.status).toBe(200)
      expect(remaining(fast) - remaining(normal)).toBe(1)
      expect(shape(fast).map((l) => l.split(':')[0])).toEqual([
        'content-type', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'referrer-policy', 'x-content-type-options', 'x-frame-options', 'x-request-id',
        'Content-Length', 'Date', 'Connection',
      ])
      expect(JSON.parse(fast.body.toString('utf8'))).toEqual(h.engine.resolve(diesel))
      const [a, b] = logs.slice(-2).map(({ ts: _ts, ms: _ms, request_id: _id, ...rest }) => rest)
      expect(a).toEqual(b)
      expect(a).toMatchObject({ method: 'POST', path: PATH, status: 200 })
      expect(a?.['key_id']).toMatch(/\S/)
      // A media type with parameters, an incoming request id.
      await both(diesel, json(key, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'trace-7' }))
      expect(two.answered()).toBe(2)
    })

    it('gzips for the clients the normal path gzips for, and leaves other encodings to it', async () => {
      const before = two.answered()
      const [fast] = await both(diesel, json(key, { 'accept-encoding': 'gzip, deflate, br' }))
      expect(two.answered()).toBe(before + 1)
      expect(shape(fast)).toEqual(expect.arrayContaining(['content-encoding: gzip', 'vary: Accept-Encoding', `content-length: ${fast.body.byteLength}`]))
      expect(JSON.parse(gunzipSync(fast.body).toString('utf8'))).toEqual(h.engine.resolve(diesel))
      for (const other of ['deflate', 'br', 'identity']) {
        const [answer] = await both(diesel, json(key, { 'accept-encoding': other }))
        expect(shape(answer)).not.toContain('content-encoding: gzip')
      }
      expect(two.answered()).toBe(before + 1)
    })

    it('leaves the rest to the app, with the body it read: keys refused, bodies out of bounds, other media types, CORS, chunked bodies', async () => {
      const [first] = await both(diesel, json(key))
      const before = two.answered()
      const [noKey] = await both(diesel, { 'content-type': 'application/json' })
      expect(noKey.status).toBe(401)
      const [badKey] = await both(diesel, json(`of_live_${'A'.repeat(43)}`))
      expect(badKey.status).toBe(401)
      // A bad key is 401 before its body is looked at.
      await both('{"description":', json(`of_live_${'A'.repeat(43)}`))
      const [invalid] = await both('{"description":', json(key))
      expect(invalid.status).toBe(400)
      const [deep] = await both({ description: 'x', a: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]] }, json(key))
      expect(deep.status).toBe(400)
      const [text] = await both(diesel, json(key, { 'content-type': 'text/plain' }))
      expect(text.status).toBe(415)
      // None of them was counted: the next call is two after the first (one on each server).
      const [next] = await both(diesel, json(key))
      expect(remaining(first) - remaining(next)).toBe(2)
      await both(diesel, json(key, { origin: 'https://example.org' }))
      await both(diesel, json(key, { 'transfer-encoding': 'chunked' }))
      const [large] = await both({ description: 'x'.repeat(h.config.bodyLimitBytes) }, json(key))
      expect(large.status).toBe(413)
      await both(diesel, json(key), '/v1/calculate/resolve?x=1')
      expect(two.answered()).toBe(before + 1)
    })

    it('answers random bodies as the app does, byte for byte (property-based)', async () => {
      const before = two.answered()
      const body = fc.oneof(
        fc.record({ description: fc.oneof(fc.constantFrom('diesel for the vans, litres', 'petrol', 'grid electricity GB', 'natural gas kWh'), fc.string({ maxLength: 40 })), limit: fc.integer({ min: -1, max: 30 }), as_of: fc.constantFrom('2026.1', '2026-01-01', 'x') }, { requiredKeys: ['description'] }),
        fc.jsonValue({ maxDepth: 3 }),
      )
      await fc.assert(fc.asyncProperty(body, fc.constantFrom(undefined, 'gzip, deflate, br'), async (b, encoding) => {
        await both(b, json(key, encoding ? { 'accept-encoding': encoding } : {}))
      }), { numRuns: 60, seed: 14 })
      expect(two.answered()).toBeGreaterThan(before)
    })

    it('counts a calculation that fails once and runs it once; over the burst, both refuse alike with one store call each', async () => {
      const before = two.answered()
      let calls = counted
      let ran = calculations
      // Within the bounds, refused by the engine's schema: counted (as the app counts it), calculated once per server.
      const [refused] = await both({ limit: 3 }, json(key))
      expect(refused.status).toBe(400)
      expect(counted - calls).toBe(2)
      expect(calculations - ran).toBe(0)
      ran = calculations
      const [failed] = await both({ description: 'explode' }, json(key))
      expect(failed.status).toBe(500)
      expect(counted - calls).toBe(4)
      expect(calculations - ran).toBe(2)

      const limited = await h.key(`limited-${mode}@example.org`, 'free', { burst_per_minute: 2 })
      await both(diesel, json(limited))
      calls = counted
      const [over] = await both(diesel, json(limited))
      expect(over.status).toBe(429)
      expect(counted - calls).toBe(2)
      expect(shape(over)).toContain('retry-after: 30')
      expect(two.answered()).toBe(before + 1)
    })
  })
}
