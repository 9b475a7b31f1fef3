/**
 * Response headers as one plain record per request (`c.var.headers`). Middleware adds what a
 * response must carry (request id, security headers, CORS, RateLimit-*) to the record before the
 * route runs. A route that answers with `sendJson` puts the record into its response as it is:
 * @hono/node-server then writes the plain record straight out, with no `Headers` object built
 * and none copied (the throughput profile, docs/benchmarks.md). Every other response, errors
 * included, gets the record copied onto it here, after the route; the record's values win, as
 * middleware that set headers after the route did before. `Vary` is appended, not replaced.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { GZIP_THRESHOLD, varyOnEncoding } from './accept-gzip.ts'

export type HeaderRecord = Record<string, string>

/** `htmlHeaders` are added to HTML responses only (the page policy); `sendJson` answers are never HTML. */
export function responseHeaders(htmlHeaders: HeaderRecord = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const record: HeaderRecord = {}
    c.set('headers', record)
    await next()
    if (c.get('headersSent') === true) return
    const headers = c.res.headers
    for (const name in record) {
      const value = record[name] as string
      if (name === 'Vary') headers.append(name, value)
      else headers.set(name, value)
    }
    if ((headers.get('content-type') ?? '').startsWith('text/html')) {
      for (const name in htmlHeaders) headers.set(name, htmlHeaders[name] as string)
    }
  }
}

/** The request's header record (empty when `responseHeaders` is not mounted, e.g. a bare sub-app). */
export function headerRecord(c: Context<AppEnv>): HeaderRecord {
  let record = c.get('headers')
  if (!record) {
    record = {}
    c.set('headers', record)
  }
  return record
}

/**
 * A JSON response from already serialised JSON, carrying the request's header record as is. Bytes
 * (UTF-8) are written as they are, with their length known: nothing is encoded or measured per call.
 */
export function sendJson(c: Context<AppEnv>, json: string | Uint8Array<ArrayBuffer>, status = 200, encoding?: 'gzip'): Response {
  const headers = addJsonHeaders({ ...headerRecord(c) }, json, encoding)
  c.set('headersSent', true)
  if (encoding !== undefined || (typeof json !== 'string' && json.byteLength < GZIP_THRESHOLD)) c.set('encoded', true)
  return new Response(json, { status, headers })
}

/**
 * The headers of a JSON answer, added to `record` after those it has: `Content-Type` (and
 * `Content-Length` of bytes); for bytes already gzipped, `Content-Encoding` and `Vary` as hono's
 * compress() writes them (so compress() leaves the answer alone).
 */
export function addJsonHeaders(record: HeaderRecord, json: string | Uint8Array, encoding?: 'gzip'): HeaderRecord {
  record['Content-Type'] = 'application/json'
  if (typeof json !== 'string') record['Content-Length'] = String(json.byteLength)
  if (encoding) {
    record.Vary = varyOnEncoding(record.Vary)
    record['Content-Encoding'] = encoding
  }
  return record
}

/**
 * A header record as @hono/node-server writes the headers of a Response that has a `Headers` object
 * (`c.json`'s, or one a middleware rebuilt): names in lower case, in the sorted order `Headers`
 * iterates them. A fast path answering for such a route writes this, so its header lines are the route's.
 */
export function asFetchHeaders(record: HeaderRecord): HeaderRecord {
  const entries: Array<[string, string]> = []
  for (const name in record) entries.push([name.toLowerCase(), record[name] as string])
  entries.sort((a, b) => (a[0] < b[0] ? -1 : 1))
  const out: HeaderRecord = {}
  for (const [name, value] of entries) out[name] = value
  return out
}
