/**
 * Hostile input against a REAL server process (start.ts): every finding of issue 14 sent as an
 * attacker would, then fast-check random bodies for every endpoint. Each answer must be a 4xx with
 * the error envelope (or a 2xx), arrive within 1 s, stay small, and leave the process alive.
 * Uses the real releases when built (data/releases), else the small test releases (said below).
 */
import fc from 'fast-check'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdmin } from '../src/admin-cli.ts'
import { defaultReleasesDir } from '../src/paths.ts'
import { spawnServer, type ChildServer } from './support/spawn-server.ts'
import { writeTestReleases } from './support/test-release.ts'

const REAL = existsSync(join(defaultReleasesDir(), 'manifest.json'))
if (!REAL) console.warn('hostile.test.ts: no data/releases built; running on the small test releases (cost bounds are then not exercised on 70k keys)')

const LIMIT_MS = 1_000
const MAX_ERROR_BYTES = 64 * 1024
const MAX_ITEMS = 2_000

let server: ChildServer
let dir: string
let env: Record<string, string>
let key: string
let business: string
let addressSeq = 0

/** A distinct client address per call site (the server trusts X-Forwarded-For in this suite). */
const freshAddress = () => `198.51.100.${(addressSeq++ % 250) + 1}`

interface Answer { status: number; ms: number; bytes: number; text: string; headers: Headers; json: unknown }

async function send(path: string, init: RequestInit & { key?: string } = {}): Promise<Answer> {
  const headers = new Headers(init.headers)
  if (init.key) headers.set('authorization', `Bearer ${init.key}`)
  if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', freshAddress())
  const started = performance.now()
  const res = await fetch(`${server.url}${path}`, { ...init, headers, signal: AbortSignal.timeout(10_000) })
  const text = await res.text()
  const ms = performance.now() - started
  let json: unknown = null
  try { json = JSON.parse(text) } catch { /* not JSON */ }
  return { status: res.status, ms, bytes: Buffer.byteLength(text), text, headers: res.headers, json }
}

function post(path: string, body: unknown, withKey = key, extra: Record<string, string> = {}): Promise<Answer> {
  return send(path, { method: 'POST', key: withKey, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...extra }, body: typeof body === 'string' ? body : JSON.stringify(body) })
}

/**
 * The refusal every hostile request must get: 4xx, the envelope, fast, small. On /mcp the MCP
 * SDK's own protocol refusals (406, 415, a JSON-RPC parse error) keep the JSON-RPC error shape
 * `{ jsonrpc, error: { code: <number>, message } }`, which MCP clients read.
 */
function expectRefusal(a: Answer, code?: string, label = ''): void {
  expect(a.status, `${label} ${a.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400)
  expect(a.status, `${label} ${a.text.slice(0, 300)}`).toBeLessThan(500)
  expect(a.ms, label).toBeLessThan(LIMIT_MS)
  expect(a.bytes, label).toBeLessThan(MAX_ERROR_BYTES)
  expect(a.text, label).not.toMatch(/Maximum call stack|at Object\.|node_modules|"expected":|ZodError/)
  const rpc = a.json as { jsonrpc?: unknown; error?: { code?: unknown; message?: unknown } } | null
  if (code === undefined && rpc?.jsonrpc === '2.0' && typeof rpc.error?.code === 'number') {
    expect(typeof rpc.error.message, label).toBe('string')
    return
  }
  const error = (a.json as { error?: { code?: unknown; message?: unknown; docs?: unknown } } | null)?.error
  expect(typeof error?.code).toBe('string')
  expect(typeof error?.message).toBe('string')
  expect(error?.docs).toBe(`/docs/errors#${String(error?.code)}`)
  if (code) expect(error?.code, label).toBe(code)
}

async function expectAlive(): Promise<void> {
  expect(server.child.exitCode).toBeNull()
  const health = await send('/health')
  expect(health.status).toBe(200)
}

/** POST a chunked body of up to `total` bytes on its own connection, stopping once answered. */
function chunkedUpload(path: string, total: number): Promise<{ status: number | null; sent: number; body: string }> {
  return new Promise((resolve) => {
    const url = new URL(`${server.url}${path}`)
    let sent = 0
    let done = false
    const finish = (status: number | null, body: string) => {
      if (done) return
      done = true
      req.destroy()
      resolve({ status, sent, body })
    }
    const req = httpRequest({
      host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent: false,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'transfer-encoding': 'chunked', 'x-forwarded-for': freshAddress() },
    }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => { body += d })
      res.on('end', () => finish(res.statusCode ?? null, body))
      res.on('error', () => finish(res.statusCode ?? null, body))
    })
    req.on('error', () => finish(null, ''))
    const chunk = Buffer.from(`[${'1,'.repeat(32_767)}`)
    const pump = () => {
      while (!done && sent < total) {
        sent += chunk.byteLength
        if (!req.write(chunk)) { req.once('drain', pump); return }
      }
      if (!done) req.end()
    }
    pump()
  })
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'openfactors-hostile-'))
  let releasesDir = defaultReleasesDir()
  if (!REAL) {
    releasesDir = join(dir, 'releases')
    writeTestReleases(releasesDir)
  }
  env = {
    OPENFACTORS_RELEASES_DIR: releasesDir, OPENFACTORS_DB: join(dir, 'hostile.db'), OPENFACTORS_TRUST_PROXY: 'true',
    OPENFACTORS_OPEN_RATE: '1000000', OPENFACTORS_MCP_STREAM_IDLE_MS: '500',
  }
  server = await spawnServer(env, 300_000)
  const issue = async (email: string) => ((await post('/v1/keys', { email }, '')).json as { key: string }).key
  key = await issue('hostile@example.org')
  business = await issue('hostile-business@example.org')
  expect(await runAdmin(['plan', 'hostile@example.org', 'enterprise', '--monthly', '100000000', '--burst', '100000000'], env, () => undefined)).toBe(0)
  expect(await runAdmin(['plan', 'hostile-business@example.org', 'business'], env, () => undefined)).toBe(0)
  // The calculation worker loads its own release; wait until /health says calculations run there.
  for (let i = 0; i < 600; i++) {
    if ((((await send('/health')).json) as { calculations?: string }).calculations === 'workers') break
    await new Promise((r) => setTimeout(r, 100))
  }
  expect((((await send('/health')).json) as { calculations?: string }).calculations).toBe('workers')
}, 300_000)

afterAll(async () => {
  await server?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('issue 14 findings, sent to a real server process', () => {
  it('1. a 15,000-character factor key is refused before any candidate search', async () => {
    expectRefusal(await send(`/v1/factors/${'b.'.repeat(7_500)}`, { key }), 'invalid_request')
    expectRefusal(await send(`/v1/factors/${'b.'.repeat(500)}`, { key }), 'invalid_request')
    // The longest allowed key still answers quickly (the candidate search has its own cost cap).
    expectRefusal(await send(`/v1/factors/${'a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.'.repeat(8).slice(0, 200)}`, { key }), 'factor_not_found')
    expectRefusal(await send(`/v1/factors/${'zq'.repeat(100)}`, { key }), 'factor_not_found')
    await expectAlive()
  })

  it('2. MCP search_factors with 100,000 characters is refused like GET /v1/factors', async () => {
    const a = await post('/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_factors', arguments: { search: 'x'.repeat(100_000) } } })
    expect(a.ms).toBeLessThan(LIMIT_MS)
    // A JSON-RPC body: the string is above the 10,000-character input bound, refused before the SDK.
    expectRefusal(a, 'invalid_request')
    const within = await post('/mcp', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_factors', arguments: { search: 'diesel '.repeat(80) } } })
    expect(within.status).toBe(200)
    expect(JSON.stringify(within.json)).toContain('must be at most 500 characters')
    expect(within.ms).toBeLessThan(LIMIT_MS)
    expectRefusal(await send(`/v1/factors?search=${'x'.repeat(600)}`), 'invalid_request')
    const worst = await send(`/v1/factors?search=${encodeURIComponent('a b c d e f g h i j k l m n o p q r s t u v w x y z '.repeat(20).slice(0, 500))}`)
    expect(worst.status).toBe(200)
    expect(worst.ms).toBeLessThan(LIMIT_MS)
    await expectAlive()
  })

  it('4. MCP batches count each call, resource reads count, event streams are bounded and closed when idle', async () => {
    const free = ((await post('/v1/keys', { email: 'mcp-free@example.org' }, '')).json as { key: string }).key
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'lookup_factor', arguments: { key: 'fuels.gb.diesel.litres' } } })
    // 100 tool calls in one POST are 100 calls: above the free burst of 60, refused whole.
    expectRefusal(await post('/mcp', Array.from({ length: 100 }, (_, i) => call(i)), free), 'rate_limited')
    const read = await post('/mcp', { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'factor://fuels.gb.diesel.litres' } }, free)
    expect(read.status).toBe(200)
    expect(read.headers.get('ratelimit-remaining')).toBe('59')
    const stream = () => fetch(`${server.url}/mcp`, { headers: { authorization: `Bearer ${free}`, accept: 'text/event-stream', 'x-forwarded-for': freshAddress() } })
    const open = [await stream(), await stream()]
    for (const r of open) expect(r.status).toBe(200)
    const third = await stream()
    expect(third.status).toBe(429)
    await third.body?.cancel()
    // OPENFACTORS_MCP_STREAM_IDLE_MS is 500 in this suite: both end by themselves.
    const started = performance.now()
    for (const r of open) {
      const reader = r.body!.getReader()
      while (!(await reader.read()).done) { /* nothing is sent on an idle stream */ }
    }
    expect(performance.now() - started).toBeLessThan(3_000)
    await expectAlive()
  })

  it('5. key farming: one address gets 10 keys an hour; plus and dot spellings are one mailbox', async () => {
    const from = { 'x-forwarded-for': '203.0.113.77' }
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await post('/v1/keys', { email: `farm${i}@example.org` }, '', from)).status)
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true)
    expectRefusal(await post('/v1/keys', { email: 'farm99@example.org' }, '', from), 'rate_limited')
    expect((await post('/v1/keys', { email: 'Jane.Doe@example.org' }, '')).status).toBe(201)
    for (const alias of ['janedoe+x@example.org', 'j.a.n.e.d.o.e@example.org', 'JANE.DOE+news@Example.org']) {
      expectRefusal(await post('/v1/keys', { email: alias }, ''), 'key_exists')
    }
  })

  it('6. 600 KB of empty PCAF holdings: a small capped error, fast', async () => {
    const holdings = `[${Array.from({ length: 200_000 }, () => '{}').join(',')}]`
    const a = await post('/v1/calculate/pcaf', `{"asset_class":"listed_equity_and_corporate_bonds","holdings":${holdings}}`)
    expectRefusal(a, 'invalid_request')
    // Within the item bound, every holding is wrong: the issue list is capped with a count.
    const b = await post('/v1/calculate/pcaf', { asset_class: 'listed_equity_and_corporate_bonds', holdings: Array.from({ length: MAX_ITEMS }, () => ({})) })
    expectRefusal(b, 'invalid_request')
    const error = (b.json as { error: { issues: unknown[]; issues_count?: number } }).error
    expect(error.issues.length).toBeLessThanOrEqual(20)
    expect(error.issues_count).toBeGreaterThan(20)
    await expectAlive()
  })

  it('6. chunked bodies above the limit are cut off (/mcp and /v1), 100 MB or not', async () => {
    for (const path of ['/mcp', '/v1/calculate/pcaf']) {
      const started = performance.now()
      const { status, sent, body } = await chunkedUpload(path, 100 * 1024 * 1024)
      // Either a 413 envelope, or the connection closed on the oversized upload; never all 100 MB read.
      if (status !== null) {
        expect(status).toBe(413)
        expect((JSON.parse(body) as { error: { code: string } }).error.code).toBe('payload_too_large')
      }
      expect(performance.now() - started).toBeLessThan(5_000)
      expect(sent).toBeLessThan(20 * 1024 * 1024)
    }
    await expectAlive()
  })

  it('names every object inherits ("constructor") as units, hints and words are refused, not a 500 (found by the odd-text fuzzing below)', async () => {
    const ledger = await post('/v1/calculate/emissions', { activities: [{ factor_key: 'fuels.gb.diesel.litres', quantity: { value: 0, unit: 'constructor' } }, { description: 'diesel', quantity: { value: 1, unit: 'litres' } }] })
    // The line is refused on its own, as any unit the calculation does not read: in a 200 beside a line that
    // computes (the real release), or in the 422 of a ledger where none does (the small test releases).
    expect([200, 422], ledger.text.slice(0, 300)).toContain(ledger.status)
    const body = ledger.json as { activities?: Array<{ error?: { code?: string } }>; error?: { lines?: Array<{ code?: string }> } }
    expect(ledger.status === 200 ? body.activities?.[0]?.error?.code : body.error?.lines?.[0]?.code).toBe('unit_not_convertible')
    expectRefusal(await post('/v1/calculate/emissions', { activities: [{ factor_key: 'fuels.gb.diesel.litres', quantity: { value: 1, unit: 'constructor' } }] }), 'unit_not_convertible', 'ledger of one line in "constructor"')
    expectRefusal(await post('/v1/calculate/resolve', { description: 'diesel', unit: 'constructor' }), 'invalid_request', 'resolve hint "constructor"')
    expect((await post('/v1/calculate/resolve', { description: 'constructor diesel litres' })).status).toBe(200)
    await expectAlive()
  })

  it('7. deep nesting, negative company emissions and a raw tools/call get clean refusals', async () => {
    expectRefusal(await post('/v1/calculate/pcaf', '['.repeat(200_000)), 'invalid_request')
    expectRefusal(await post('/mcp', `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`), 'invalid_request')
    expectRefusal(await post('/v1/calculate/pcaf', { asset_class: 'listed_equity_and_corporate_bonds', holdings: [{ outstanding_amount: 10, denominator: { type: 'evic', value: 100 }, company_emissions: { value: -5 }, data_quality_score: 2 }] }), 'invalid_request')
    const raw = await post('/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/call' })
    expect(raw.status).toBe(200)
    expect(raw.text).not.toMatch(/"expected":|invalid_type/)
    expect(raw.json).toMatchObject({ error: { code: -32602, data: { code: 'invalid_request' } } })
    await expectAlive()
  })

  it('7. security headers everywhere, no-store on keys and account, CSP on pages', async () => {
    for (const a of [await send('/health'), await send('/v1/factors/nope', { key }), await send('/docs'), await send('/nowhere')]) {
      expect(a.headers.get('x-content-type-options')).toBe('nosniff')
      expect(a.headers.get('referrer-policy')).toBe('no-referrer')
    }
    expect((await send('/docs')).headers.get('content-security-policy')).toContain("default-src 'self'")
    expect((await send('/v1/account', { key })).headers.get('cache-control')).toBe('no-store')
    expect((await post('/v1/keys', { email: 'nostore@example.org' }, '')).headers.get('cache-control')).toBe('no-store')
    expect((await post('/v1/keys', { email: 'nostore@example.org' }, '')).headers.get('cache-control')).toBe('no-store')
  })

  it('7. webhooks to loopback, private, link-local and metadata addresses are refused', async () => {
    for (const url of ['http://127.0.0.1:8080/x', 'http://localhost/x', 'http://169.254.169.254/latest/meta-data', 'http://10.1.2.3/x', 'http://[::1]/x', 'http://[::ffff:127.0.0.1]/x', 'http://192.168.0.5/x', 'http://metadata.google.internal/x', 'http://2130706433/x', 'http://0x7f.1/x']) {
      expectRefusal(await post('/v1/webhooks', { url }, business), 'invalid_request')
    }
    expect((await post('/v1/webhooks', { url: 'https://hooks.example.com/openfactors' }, business)).status).toBe(201)
  })

  it('/health answers within 100 ms while the worst allowed requests run', async () => {
    const worst = [
      post('/v1/calculate/pcaf', { asset_class: 'listed_equity_and_corporate_bonds', holdings: Array.from({ length: MAX_ITEMS }, (_, i) => ({ outstanding_amount: 1_000 + i, denominator: { type: 'evic', value: 1_000_000 + i }, company_emissions: { value: 10 + i }, data_quality_score: 1 + (i % 5) })) }),
      post('/v1/calculate/emissions', { activities: Array.from({ length: 300 }, (_, i) => ({ description: `diesel for vans ${i} litres`, quantity: { value: i + 1, unit: 'litres' } })) }),
    ]
    await new Promise((r) => setTimeout(r, 30))
    const probes: number[] = []
    for (let i = 0; i < 7; i++) {
      probes.push((await send('/health')).ms)
      await new Promise((r) => setTimeout(r, 20))
    }
    const done = await Promise.all(worst)
    for (const d of done) expect(d.status, d.text.slice(0, 200)).toBe(200)
    // The calculations run for seconds in the worker; /health keeps answering meanwhile. The median
    // probe is judged: on a shared machine a single probe may wait for a CPU, not for the server.
    const median = [...probes].sort((a, b) => a - b)[Math.floor(probes.length / 2)] ?? Infinity
    const story = `health took ${probes.map(Math.round).join(', ')} ms while the calculations took ${done.map((d) => Math.round(d.ms)).join(', ')} ms`
    console.log(story)
    expect(median, story).toBeLessThan(100)
    expect(Math.min(...done.map((d) => d.ms)), story).toBeGreaterThan(Math.max(...probes))
  }, 60_000)
})

describe('fast-check random bodies for every endpoint, against the real process', () => {
  const POSTS = ['/v1/calculate/resolve', '/v1/calculate/pcaf', '/v1/calculate/embodied', '/v1/calculate/emissions', '/v1/receipts/verify', '/v1/keys', '/v1/webhooks', '/mcp']
  const GETS = ['/v1/factors/', '/v1/factors?search=', '/v1/factors?limit=', '/v1/factors?as_of=', '/v1/releases/', '/v1/account?x=', '/v1/webhooks?x=', '/v1/bulk/latest?x=', '/docs/', '/health?x=', '/mcp?x=']
  const seen = new Map<number, number>()

  async function check(a: Answer, label: string): Promise<void> {
    seen.set(a.status, (seen.get(a.status) ?? 0) + 1)
    expect(a.status, `${label} ${a.text.slice(0, 200)}`).toBeLessThan(500)
    expect(a.ms, label).toBeLessThan(LIMIT_MS)
    if (a.status >= 400) expectRefusal(a, undefined, label)
  }

  it('random JSON (deep, wide, odd strings) as the body of every POST endpoint', async () => {
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 6 }),
      fc.record({ asset_class: fc.string(), holdings: fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 40 }) }),
      fc.record({ activities: fc.array(fc.record({ description: fc.string({ maxLength: 600 }), quantity: fc.jsonValue({ maxDepth: 2 }) }), { maxLength: 20 }) }),
      fc.record({ jsonrpc: fc.constant('2.0'), id: fc.nat(), method: fc.constantFrom('tools/call', 'resources/read', 'prompts/get', 'initialize', 'x'), params: fc.jsonValue({ maxDepth: 4 }) }),
    )
    await fc.assert(fc.asyncProperty(fc.constantFrom(...POSTS), value, fc.boolean(), async (path, body, withKey) => {
      await check(await post(path, body, withKey ? key : ''), `POST ${path} ${JSON.stringify(body).slice(0, 200)}`)
    }), { numRuns: 120 })
  }, 120_000)

  it('random bytes and content types', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...POSTS), fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('application/json', 'text/plain', ''), async (path, text, type) => {
      await check(await send(path, { method: 'POST', key, headers: { 'content-type': type, accept: 'application/json, text/event-stream' }, body: text }), `POST ${path} ${type} ${JSON.stringify(text).slice(0, 100)}`)
    }), { numRuns: 60 })
  }, 120_000)

  it('random paths and query strings on the GET endpoints', async () => {
    const segment = fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.constantFrom('..', '%2e%2e', 'a'.repeat(3_000), 'b.'.repeat(1_000), '😀'))
    await fc.assert(fc.asyncProperty(fc.constantFrom(...GETS), segment, async (prefix, s) => {
      await check(await send(`${prefix}${encodeURIComponent(s)}`, { key, headers: { accept: 'application/json' } }), `GET ${prefix}${encodeURIComponent(s).slice(0, 100)}`)
    }), { numRuns: 80 })
  }, 120_000)

  // Valid-shaped requests with odd text: these reach the engine (tokenising, places, units, typo
  // correction, the ranker, the ledger's conversions), where the shape fuzzing above stops at the
  // schemas. OPENFACTORS_FUZZ_SCALE=30 makes a longer campaign (about a minute per 1,000 runs).
  const SCALE = Math.max(1, Number(process.env.OPENFACTORS_FUZZ_SCALE ?? 1))
  const WORDS = ['diesel', 'electricity', 'grid', 'kWh', 'litres', 'gallons', 'USD', '$', 'EUR', 'kg', 'tonnes', 'km', 'miles', 'R-404A', 'HFC-134a', 'Victoria', 'Perth', 'South Africa', 'India', 'US', 'GB', 'Strom', 'Erdgas', 'scope', '3', 'WTT', 'T&D', 'concrete', 'C30/37', 'rebar', 'PVC', 'COUPLING', 'SCH', '40', '1-1/2', 'X', 'IN', 'no.', 'OR', 'hotel', 'flight', 'economy', 'waste', 'landfill', 'recycling', 'except', 'non', 'average', 'mixed', 'unknown', '😀', 'ß', '\u0000', '\u200b', '(', '[', '*', '?', '\\', '%', '1e308', 'NaN', '-0', '99999999999999999999', 'a'.repeat(60), 'b.b.b.b.b.b', '__proto__', 'constructor']
  const word = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...WORDS) }, { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) })
  const text = fc.tuple(fc.array(word, { minLength: 1, maxLength: 25 }), fc.constantFrom(' ', ',', ' - ', '/', '')).map(([ws, sep]) => ws.join(sep).slice(0, 500))
  const country = fc.option(fc.oneof({ weight: 8, arbitrary: fc.constantFrom('US', 'GB', 'AU', 'DE', 'us', 'Australia', 'Victoria', 'Texas', 'ZA', 'IN') }, { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 8 }) }), { nil: undefined })
  const unit = fc.oneof({ weight: 6, arbitrary: fc.constantFrom('USD', 'kWh', 'litres', 'kg', 't', 'gal', 'US gallon', 'MWh', 'GJ', 'therms', 'km', 'miles', 'tkm', 'passenger.km', 'nights', 'm3', 'EUR', 'lbs', 'short ton') }, { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) })
  const amount = fc.oneof({ weight: 8, arbitrary: fc.double({ min: 0, max: 1e15, noNaN: true }) }, { weight: 2, arbitrary: fc.constantFrom(0, 5e-324, 1e-300, 0.1, 12.5, 1e15, 999999999999999.9) }, { weight: 3, arbitrary: fc.integer({ min: 0, max: 1e9 }) })
  const activity = fc.oneof(
    fc.record({ id: fc.option(fc.string({ maxLength: 10 }), { nil: undefined }), description: text, quantity: fc.record({ value: amount, unit }), country }, { requiredKeys: ['description', 'quantity'] }),
    fc.record({ factor_key: fc.constantFrom('fuels.gb.diesel.litres', 'electricity.gb.grid.kwh', 'b.b', 'spend.us.naics_324110_petroleum_refineries.with_margins'), quantity: fc.record({ value: amount, unit }) }),
  )
  const served = new Map<string, number>()
  // Answered by the engine: a 2xx, or a 422 (a ledger line it read and could not resolve or convert:
  // on the small test releases most lines end there), against a 400 from a schema.
  const bump = (k: string) => served.set(k, (served.get(k) ?? 0) + 1)
  const count = (label: string, a: Answer) => bump(`${label} ${a.status < 300 || a.status === 422 ? 'ok' : a.status}`)

  it('odd text in valid requests reaches the engine: search, resolve, a ledger, MCP tools', async () => {
    await fc.assert(fc.asyncProperty(text, fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }), country, async (q, limit, where) => {
      const p = new URLSearchParams({ search: q, ...(limit === undefined ? {} : { limit: String(limit) }), ...(where === undefined ? {} : { country: where }) })
      const a = await send(`/v1/factors?${p}`, { key, headers: { accept: 'application/json', 'accept-encoding': 'gzip' } })
      count('search', a)
      await check(a, `GET /v1/factors?${p.toString().slice(0, 200)}`)
    }), { numRuns: 100 * SCALE })
    await fc.assert(fc.asyncProperty(text, country, fc.option(unit, { nil: undefined }), async (description, where, asked) => {
      const a = await post('/v1/calculate/resolve', { description, country: where, unit: asked, limit: 5 })
      count('resolve', a)
      await check(a, `resolve ${JSON.stringify({ description, where, asked }).slice(0, 200)}`)
    }), { numRuns: 100 * SCALE })
    await fc.assert(fc.asyncProperty(fc.array(activity, { minLength: 1, maxLength: 30 }), async (activities) => {
      const a = await post('/v1/calculate/emissions', { activities })
      count('emissions', a)
      await check(a, `emissions ${JSON.stringify(activities).slice(0, 200)}`)
    }), { numRuns: 50 * SCALE })
    const call = fc.oneof(
      fc.record({ name: fc.constant('search_factors'), arguments: fc.record({ search: text, country }, { requiredKeys: ['search'] }) }),
      fc.record({ name: fc.constant('resolve_activity'), arguments: fc.record({ description: text, country }, { requiredKeys: ['description'] }) }),
      fc.record({ name: fc.constant('lookup_factor'), arguments: fc.record({ key: fc.oneof(text, fc.constant('fuels.gb.diesel.litres')) }) }),
    )
    await fc.assert(fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: 5 }), async (calls) => {
      const a = await post('/mcp', calls.map((params, id) => ({ jsonrpc: '2.0', id, method: 'tools/call', params })))
      await check(a, `mcp ${JSON.stringify(calls).slice(0, 200)}`)
      // A tool's refusal comes back as a result with isError: count the calls the tools answered.
      const results = Array.isArray(a.json) ? (a.json as { result?: { isError?: boolean } }[]) : []
      for (const r of results) bump(`mcp ${r.result && r.result.isError !== true ? 'ok' : 'refused'}`)
    }), { numRuns: 50 * SCALE })
    // Most of them must have reached the engine, not been refused at the schemas, or this tests nothing deep.
    const story = [...served].map(([k, n]) => `${k}: ${n}`).join(', ')
    console.log(`odd text served: ${story}`)
    for (const route of ['search', 'resolve', 'emissions', 'mcp']) {
      const ok = served.get(`${route} ok`) ?? 0
      const all = [...served].filter(([k]) => k.startsWith(`${route} `)).reduce((sum, [, n]) => sum + n, 0)
      expect(ok / all, story).toBeGreaterThan(0.5)
    }
  }, 600_000)

  it('the process is alive and served real refusals', async () => {
    await expectAlive()
    expect([...seen.keys()].some((s) => s >= 400 && s < 500)).toBe(true)
    expect((await send('/v1/factors/fuels.gb.diesel.litres', { key })).status).toBeLessThan(500)
  })
})
