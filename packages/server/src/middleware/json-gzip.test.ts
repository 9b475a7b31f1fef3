import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harness, type Harness } from '../../test/support/harness.ts'

/** One app as the Node entry wires it (a synchronous gzip), one with compress() alone: their answers must agree. */
describe('JSON answers gzipped in one call (AppDeps.gzip)', () => {
  let sync: Harness
  let streamed: Harness
  let gzipCalls = 0
  beforeAll(async () => {
    sync = await harness({}, { gzip: (bytes) => {
      gzipCalls++
      return new Uint8Array(gzipSync(bytes))
    } })
    streamed = await harness()
  })
  afterAll(async () => {
    await sync.close()
    await streamed.close()
  })

  const gzipAsked = { 'accept-encoding': 'gzip, deflate, br' }

  it('gzips a JSON answer for a client compress() would gzip for: same JSON, same headers but Content-Length', async () => {
    const before = gzipCalls
    const a = await sync.get('/v1/openapi.json', undefined, gzipAsked)
    const b = await streamed.get('/v1/openapi.json', undefined, gzipAsked)
    expect(gzipCalls).toBe(before + 1)
    expect(a.headers.get('content-encoding')).toBe('gzip')
    expect(b.headers.get('content-encoding')).toBe('gzip')
    expect(a.headers.get('vary')).toBe(b.headers.get('vary'))
    const body = new Uint8Array(await a.arrayBuffer())
    expect(a.headers.get('content-length')).toBe(String(body.byteLength))
    expect(JSON.parse(gunzipSync(body).toString('utf8'))).toEqual(JSON.parse(gunzipSync(new Uint8Array(await b.arrayBuffer())).toString('utf8')))
    const names = (r: Response) => [...r.headers.keys()].filter((n) => n !== 'content-length' && n !== 'transfer-encoding' && n !== 'x-request-id')
    expect(names(a)).toEqual(names(b))
  })

  it('search answers too, and the same JSON as a client that asks for no encoding', async () => {
    const gz = await sync.get('/v1/factors?search=diesel&limit=10', undefined, gzipAsked)
    const plain = await sync.get('/v1/factors?search=diesel&limit=10')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(JSON.parse(gunzipSync(new Uint8Array(await gz.arrayBuffer())).toString('utf8'))).toEqual(await plain.json())
  })

  it('leaves other encodings, pages and HEAD to compress()', async () => {
    const before = gzipCalls
    const deflate = await sync.get('/v1/openapi.json', undefined, { 'accept-encoding': 'deflate' })
    expect(deflate.headers.get('content-encoding')).toBe('deflate')
    const page = await sync.get('/docs', undefined, gzipAsked)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('content-encoding')).toBe('gzip')
    const head = await sync.app.request('/v1/openapi.json', { method: 'HEAD', headers: gzipAsked })
    expect(head.headers.get('content-encoding')).toBeNull()
    expect(gzipCalls).toBe(before)
  })
})
