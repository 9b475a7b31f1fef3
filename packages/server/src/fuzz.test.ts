/**
 * Fuzzing every endpoint with malformed input: random JSON of every shape, valid requests with one
 * field replaced by a wrong type, huge or tiny number or unicode, raw garbage bytes, odd paths and
 * query strings. The server must answer each with a 4xx envelope (never a 5xx) and keep answering.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harness, type Harness } from '../test/support/harness.ts'

let h: Harness
let key: string
beforeAll(async () => {
  h = await harness({ openRatePerMinute: 1_000_000 })
  key = await h.key('fuzz@example.org', 'enterprise', { monthly_quota: 100_000_000, burst_per_minute: 100_000_000 })
})
afterAll(async () => { await h.close() })

const RUNS = 60

const VALID: Record<string, unknown> = {
  '/v1/calculate/resolve': { description: 'diesel litres', limit: 3 },
  '/v1/calculate/pcaf': { asset_class: 'listed_equity_and_corporate_bonds', holdings: [{ outstanding_amount: 10, denominator: { type: 'evic', value: 100 }, company_emissions: { value: 5 }, data_quality_score: 2 }] },
  '/v1/calculate/embodied': { materials: [{ material_key: 'materials.concrete.ready_mix.c30_37', quantity: { value: 1000, unit: 'kg' }, boundary: 'A1-A3' }] },
  '/v1/receipts/verify': { response: { receipt: { id: 'rcpt_00', algorithm: 'sha256', mb_version: '2026.2', hash: '00' } } },
  '/v1/keys': { email: 'someone@example.org' },
  '/v1/webhooks': { url: 'https://hooks.example/x' },
}
const POSTS = Object.keys(VALID)

const weird = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  // eslint-disable-next-line no-loss-of-precision -- a number JSON cannot hold exactly is one of the weird inputs
  fc.constantFrom(1e308, -1e308, 5e-324, -0, 0, 2 ** 53 + 1, -1, 1.5, 1e21, 123456789012345678901234567890),
  fc.constant(null), fc.boolean(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.constantFrom('', ' ', '\u0000', '😀'.repeat(50), 'ä'.repeat(300), '__proto__', 'constructor', '../../etc/passwd', '%00', 'A1-C+D+D'),
)

/** Replace the value at a random path of a valid body. */
function mutate(body: unknown, path: number[], value: unknown): unknown {
  if (path.length === 0 || body === null || typeof body !== 'object') return value
  const entries = Array.isArray(body) ? body.map((v, i) => [String(i), v] as const) : Object.entries(body)
  if (entries.length === 0) return value
  const [head = 0, ...rest] = path
  const [name] = entries[head % entries.length] ?? ['x']
  const copy: Record<string, unknown> | unknown[] = Array.isArray(body) ? [...body] : { ...(body as Record<string, unknown>) }
  ;(copy as Record<string, unknown>)[name] = mutate((body as Record<string, unknown>)[name], rest, value)
  return copy
}

const seen = new Map<number, number>()

async function expectClientError(res: Response): Promise<void> {
  seen.set(res.status, (seen.get(res.status) ?? 0) + 1)
  expect(res.status, `status ${res.status}`).toBeLessThan(500)
  if (res.status >= 400) {
    const body = (await res.json()) as { error?: { code?: unknown; message?: unknown; docs?: unknown } }
    expect(typeof body.error?.code).toBe('string')
    expect(typeof body.error?.message).toBe('string')
    expect(body.error?.docs).toBe(`/docs/errors#${String(body.error?.code)}`)
  } else {
    await res.arrayBuffer()
  }
}

async function post(path: string, body: string, contentType = 'application/json'): Promise<Response> {
  return h.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': contentType }, body })
}

describe('fuzz', () => {
  it('random JSON values as bodies of every POST endpoint', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...POSTS), fc.jsonValue({ maxDepth: 4 }), async (path, value) => {
      await expectClientError(await post(path, JSON.stringify(value)))
    }), { numRuns: RUNS * 3 })
  })

  it('valid bodies with one field replaced by a wrong type, huge number or unicode', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...POSTS), fc.array(fc.nat(8), { maxLength: 5 }), weird, async (path, at, value) => {
      const body = JSON.stringify(mutate(VALID[path], at, value)) ?? 'null'
      await expectClientError(await post(path, body))
    }), { numRuns: RUNS * 4 })
  })

  it('garbage bytes, truncated JSON and odd content types', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...POSTS), fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.constantFrom('{', '{"a":', '[1,2', '"\\ud800"', 'nul', '\u{feff}{}')), fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', ''), async (path, text, type) => {
      await expectClientError(await post(path, text, type))
    }), { numRuns: RUNS * 2 })
  })

  it('odd factor keys, query strings and paths on the GET endpoints', async () => {
    const segment = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.constantFrom('..', '%2e%2e', 'fuels.gb.diesel.litres', '😀', 'a'.repeat(5000)))
    await fc.assert(fc.asyncProperty(
      fc.constantFrom('/v1/factors/', '/v1/factors?search=', '/v1/factors?limit=', '/v1/factors?as_of=', '/v1/factors?offset=', '/v1/releases/', '/v1/factors/fuels.gb.diesel.litres?as_of=', '/v1/', '/docs/', '/v1/account?x=', '/v1/bulk/latest?as_of=', '/v1/webhooks?', '/v1/releases?', '/health?', '/v1/openapi.json?', '/v1/keys/rotate?'),
      segment,
      async (prefix, value) => {
        const res = await h.app.request(`${prefix}${encodeURIComponent(value)}`, { headers: { authorization: `Bearer ${key}` } })
        await expectClientError(res)
      },
    ), { numRuns: RUNS * 3 })
  })

  it('keeps answering afterwards, having seen the refusals it expects', async () => {
    for (const status of [400, 404, 415]) expect(seen.get(status) ?? 0, `status ${status}`).toBeGreaterThan(10)
    expect([...seen.keys()].every((s) => s < 500)).toBe(true)
    const res = await h.get('/v1/factors/fuels.gb.diesel.litres', key)
    expect(res.status).toBe(200)
    expect((await h.get('/health')).status).toBe(200)
  })
})
