import { ENGINE_VERSION } from '@openfactors/engine'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, harness, type Harness } from '../../test/support/harness.ts'

let h: Harness
let key: string
beforeEach(async () => {
  h = await harness({ bodyLimitBytes: 4096 })
  key = await h.key('env@example.org')
})
afterEach(async () => { await h.close() })

describe('the error envelope on every failure', () => {
  it('404 not_found for unknown routes', async () => {
    for (const path of ['/v2/factors', '/v1/nothing', '/v1/calculate/pcaf/extra']) {
      const res = await h.get(path)
      expect(res.status).toBe(404)
      expect(await errorOf(res)).toMatchObject({ code: 'not_found', docs: '/docs/errors#not_found', message: expect.any(String) })
    }
  })

  it('405 method_not_allowed with Allow for a known path', async () => {
    const res = await h.app.request('/v1/calculate/pcaf', { headers: { authorization: `Bearer ${key}` } })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toContain('POST')
    expect((await errorOf(res)).code).toBe('method_not_allowed')
    const del = await h.app.request('/v1/factors/fuels.gb.diesel.litres', { method: 'DELETE' })
    expect(del.status).toBe(405)
    expect(del.headers.get('allow')).toContain('GET')
  })

  it('400 invalid_request for malformed JSON', async () => {
    const res = await h.json('/v1/calculate/resolve', '{"description": ', key)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatchObject({ code: 'invalid_request', issues: [expect.objectContaining({ path: '' })] })
  })

  it('415 unsupported_media_type without a JSON content type', async () => {
    const res = await h.app.request('/v1/calculate/resolve', { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' }, body: '{"description":"diesel"}' })
    expect(res.status).toBe(415)
    expect((await errorOf(res)).code).toBe('unsupported_media_type')
    const none = await h.app.request('/v1/keys', { method: 'POST', body: '{"email":"x@y.org"}' })
    expect(none.status).toBe(415)
  })

  it('413 payload_too_large by Content-Length and by streamed size', async () => {
    const big = JSON.stringify({ description: 'x'.repeat(5000) })
    const res = await h.json('/v1/calculate/resolve', big, key)
    expect(res.status).toBe(413)
    expect(await errorOf(res)).toMatchObject({ code: 'payload_too_large', limit_bytes: 4096 })
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i += 1) controller.enqueue(new TextEncoder().encode(' '.repeat(1000)))
        controller.close()
      },
    })
    const chunked = await h.app.request('/v1/calculate/resolve', { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit)
    expect(chunked.status).toBe(413)
  })

  it('500 internal hides the cause and keeps the request id', async () => {
    await h.store.close()
    const res = await h.get('/v1/factors/fuels.gb.diesel.litres', key)
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal', message: 'Internal server error.', docs: '/docs/errors#internal' } })
    expect(text).not.toMatch(/sqlite|database|stack|at /i)
    const id = res.headers.get('x-request-id')
    expect(h.logs.some((l) => l['level'] === 'error' && l['request_id'] === id)).toBe(true)
    await h.close().catch(() => undefined)
    h = await harness()
  })
})

describe('operational basics', () => {
  it('keeps a sane incoming X-Request-Id and logs one line per request without the key', async () => {
    const res = await h.get('/v1/factors/fuels.gb.diesel.litres', key, { 'x-request-id': 'client-abc.123' })
    expect(res.headers.get('x-request-id')).toBe('client-abc.123')
    const line = h.logs.find((l) => l['request_id'] === 'client-abc.123')
    expect(line).toMatchObject({ method: 'GET', path: '/v1/factors/fuels.gb.diesel.litres', status: 200, key_id: expect.stringMatching(/^key_/) })
    expect(typeof line?.['ms']).toBe('number')
    expect(JSON.stringify(h.logs)).not.toContain(key)
    const evil = await h.get('/health', undefined, { 'x-request-id': 'x'.repeat(500) })
    expect(evil.headers.get('x-request-id')).toMatch(/^req_/)
  })

  it('answers CORS preflights for browser clients and exposes the limit headers', async () => {
    const pre = await h.app.request('/v1/calculate/pcaf', { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' } })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
    const res = await h.get('/v1/factors/fuels.gb.diesel.litres', key, { origin: 'https://app.example' })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const exposed = res.headers.get('access-control-expose-headers') ?? ''
    for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']) expect(exposed).toContain(name)
  })

  it('gzips large responses when asked', async () => {
    const res = await h.get('/v1/openapi.json', undefined, { 'accept-encoding': 'gzip' })
    expect(res.headers.get('content-encoding')).toBe('gzip')
  })

  it('/health answers with the data version and store', async () => {
    const res = await h.get('/health')
    expect(await res.json()).toEqual({ status: 'ok', engine_version: ENGINE_VERSION, data_version: '2026.2', store: 'sqlite', store_ok: true })
  })
})
