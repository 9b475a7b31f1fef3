import { createHash } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, harness, type Harness } from '../../test/support/harness.ts'

let h: Harness
beforeEach(async () => { h = await harness() })
afterEach(async () => { await h.close() })

describe('release files (open)', () => {
  it('lists the manifest and serves each artifact with its sha256 as ETag', async () => {
    const manifest = (await (await h.get('/v1/releases')).json()) as { releases: Array<{ mb_version: string; file: string; sha256: string }> }
    expect(manifest.releases.map((r) => r.mb_version)).toEqual(['2026.1', '2026.2'])
    const entry = manifest.releases[1]!
    const res = await h.get(`/v1/releases/${entry.file}`, undefined, { 'accept-encoding': 'gzip' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/gzip')
    expect(res.headers.get('etag')).toBe(`"${entry.sha256}"`)
    expect(res.headers.get('cache-control')).toContain('immutable')
    expect(res.headers.get('content-encoding')).toBeNull()
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(entry.sha256)
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toMatchObject({ mb_version: '2026.2' })
    const cached = await h.get(`/v1/releases/${entry.file}`, undefined, { 'if-none-match': `"${entry.sha256}"` })
    expect(cached.status).toBe(304)
  })

  it('serves only files named in the manifest', async () => {
    for (const name of ['manifest.json', '..%2Ftest.db', 'release-9999.1-000000000000.json.gz']) {
      const res = await h.get(`/v1/releases/${name}`)
      expect(res.status).toBe(404)
      expect((await errorOf(res)).code).toBe('not_found')
    }
  })
})

describe('bulk feed (business)', () => {
  it('403 forbidden on the free plan', async () => {
    const key = await h.key('free-bulk@example.org')
    const res = await h.get('/v1/bulk/latest', key)
    expect(res.status).toBe(403)
    expect(await errorOf(res)).toMatchObject({ code: 'forbidden', docs: '/docs/errors#forbidden' })
  })

  it('serves gzipped NDJSON of the latest release from redistributable sources only', async () => {
    const key = await h.key('biz-bulk@example.org', 'business')
    const res = await h.get('/v1/bulk/latest', key)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/gzip')
    expect(res.headers.get('openfactors-data-version')).toBe('2026.2')
    const lines = gunzipSync(new Uint8Array(await res.arrayBuffer())).toString('utf8').trim().split('\n').map((l) => JSON.parse(l) as { key: string; value: number; source: { redistributable: boolean; data_version: string } })
    expect(lines.map((l) => l.key).sort()).toEqual(['electricity.gb.grid.location_kwh', 'fuels.gb.diesel.litres', 'fuels.gb.lpg.litres', 'fuels.gb.petrol.litres'])
    expect(lines.every((l) => l.source.redistributable && l.source.data_version === '2026.2')).toBe(true)
    expect(res.headers.get('openfactors-factor-count')).toBe('4')
    expect(res.headers.get('ratelimit-limit')).toBe('1200')
  })
})

describe('webhook subscriptions (business)', () => {
  it('403 on the free plan, 201 with a signing secret on business, listed with the delivery log', async () => {
    const free = await h.key('free-wh@example.org')
    const denied = await h.json('/v1/webhooks', { url: 'https://hooks.example/x' }, free)
    expect(denied.status).toBe(403)
    expect((await errorOf(denied)).code).toBe('forbidden')
    const biz = await h.key('biz-wh@example.org', 'business')
    const res = await h.json('/v1/webhooks', { url: 'https://hooks.example/x' }, biz)
    expect(res.status).toBe(201)
    const body = (await res.json()) as { webhook: { id: string; events: string[] }; secret: string }
    expect(body.webhook.events).toEqual(['data_version.released'])
    expect(body.secret).toMatch(/^whsec_[0-9a-f]{48}$/)
    const list = (await (await h.get('/v1/webhooks', biz)).json()) as { webhooks: Array<{ id: string; deliveries: unknown[] }> }
    expect(list.webhooks).toEqual([expect.objectContaining({ id: body.webhook.id, deliveries: [] })])
    const bad = await h.json('/v1/webhooks', { url: 'ftp://nope' }, biz)
    expect(bad.status).toBe(400)
  })
})

describe('docs', () => {
  it('serves an OpenAPI 3.1 document generated from the schemas, covering every route', async () => {
    const doc = (await (await h.get('/v1/openapi.json')).json()) as { openapi: string; paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>> }
    expect(doc.openapi).toBe('3.1.0')
    for (const path of ['/v1/factors', '/v1/factors/{key}', '/v1/calculate/resolve', '/v1/calculate/pcaf', '/v1/calculate/embodied', '/v1/receipts/verify', '/v1/keys', '/v1/keys/rotate', '/v1/account', '/v1/releases', '/v1/releases/{file}', '/v1/webhooks', '/v1/bulk/latest']) {
      expect(doc.paths[path], path).toBeDefined()
    }
    const pcaf = doc.paths['/v1/calculate/pcaf']?.['post']?.requestBody?.content['application/json']?.schema
    expect(Object.keys(pcaf?.properties ?? {})).toEqual(expect.arrayContaining(['asset_class', 'holdings']))
  })

  it('renders /docs from the document and /docs/errors with an anchor per code', async () => {
    const page = await (await h.get('/docs')).text()
    expect(page).toContain('/v1/calculate/pcaf')
    expect(page).toContain('Authorization: Bearer')
    const errors = await h.get('/docs/errors')
    expect(errors.headers.get('content-type')).toContain('text/html')
    const html = await errors.text()
    for (const code of ['invalid_request', 'unauthorized', 'forbidden', 'factor_not_found', 'unknown_factor', 'invalid_denominator', 'unit_not_convertible', 'as_of_out_of_range', 'payload_too_large', 'unsupported_media_type', 'rate_limited', 'quota_exceeded', 'internal', 'not_found', 'method_not_allowed']) {
      expect(html).toContain(`id="${code}"`)
    }
  })
})
