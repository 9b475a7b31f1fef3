/**
 * JSON answers gzipped in one synchronous call for a client compress() would gzip for: the same
 * headers as hono's compress() writes (`Vary: Accept-Encoding`, `Content-Encoding: gzip`, a weak
 * ETag), with `Content-Length` instead of chunks. Only complete JSON bodies (never a stream such as
 * MCP's event streams, which are not JSON); everything else is left to compress(). Web-standard:
 * the gzip function comes from the host (`AppDeps.gzip`).
 */
import type { Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { GZIP_THRESHOLD, varyOnEncoding } from './accept-gzip.ts'

const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i

/** Resolves true when the answer is final (gzipped, or a body known to be small left as it is), false to leave it to compress(). */
export function jsonGzipper(gzip: (bytes: Uint8Array) => Uint8Array<ArrayBuffer>): (c: Context<AppEnv>) => Promise<boolean> {
  return async (c) => {
    const res = c.res
    const type = res.headers.get('Content-Type') ?? ''
    if (c.req.method === 'HEAD' || res.status === 206 || res.status === 204 || !res.body || !/^application\/json(?:[;\s]|$)/i.test(type)) return false
    if (res.headers.has('Content-Encoding') || res.headers.has('Transfer-Encoding') || NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')) return false
    // compress() sends a body it knows is under its threshold as it is.
    const length = res.headers.get('Content-Length')
    if (length && Number(length) < GZIP_THRESHOLD) return true
    // Headers and status first: reading `body` of a light Response rebuilds it from its first init.
    const headers = new Headers(res.headers)
    const status = res.status
    const bytes = new Uint8Array(await res.arrayBuffer())
    headers.set('Vary', varyOnEncoding(headers.get('Vary')))
    const gzipped = gzip(bytes)
    headers.set('Content-Encoding', 'gzip')
    headers.set('Content-Length', String(gzipped.byteLength))
    const etag = headers.get('ETag')
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`)
    c.res = new Response(gzipped, { status, headers })
    return true
  }
}
