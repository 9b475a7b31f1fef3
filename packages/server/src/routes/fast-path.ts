/**
 * What a fast path is (routes/lookup-fast-path.ts, routes/search-fast-path.ts): a common request
 * answered without Hono's request, context and middleware chain, with the same status, header lines
 * and bytes as the app would send; anything else, and every refusal, is left to the app
 * (fast-listener.ts wires them in front of it on Node). Web-standard: no Node API.
 */
import { asFetchHeaders, type HeaderRecord } from '../middleware/response-headers.ts'

export interface FastRequest {
  method: string | undefined
  /** The request target as sent (path and query). */
  url: string | undefined
  /** A request header as the normal path reads it (repeated fields joined with ", "); names lower case. */
  header(name: string): string | undefined
  /** The client's address as the host gives it to the app (`AppDeps.clientAddress`; Node: the socket's). */
  address?: string | undefined
  /**
   * The whole body (a fast path asks only for one of a declared length within its limit). Once read,
   * the app gets the same bytes if the request is handed to it.
   */
  body?(): Promise<Uint8Array>
}

/** A 200 answer: write `headers` (a plain record, in its order) and `body`. */
export interface FastAnswer {
  headers: HeaderRecord
  body: Uint8Array
}

/**
 * The app answers, with this: a refusal met where the app would count the call (`AppDeps.priorRefusal`),
 * thrown there instead of counting again; `CountedAlready` (middleware/quota.ts); or undefined, nothing
 * met (a fast path that read the body and then found the request is not its own).
 */
export interface FastRefusal {
  refusal: unknown
}

/** Undefined at once when the request is not the fast path's; else the answer or the refusal. */
export type FastPath = (req: FastRequest) => Promise<FastAnswer | FastRefusal> | undefined

const utf8 = new TextEncoder()

/**
 * A 200 JSON answer as the app sends one a route made with `c.json` (or `c.body` with its own
 * `Content-Type`), from its JSON text or that text's UTF-8 bytes: `record` (the request's headers, RateLimit-* included) gets `Content-Type`; with
 * `gzip` (a client compress() would gzip for), the body is gzipped in one call with the headers
 * json-gzip.ts writes; then the header lines as @hono/node-server writes a `Headers` response (lower
 * case, sorted), and for a body it got as text its length, last.
 */
export function jsonAnswer(record: HeaderRecord, json: string | Uint8Array, gzip: ((bytes: Uint8Array) => Uint8Array) | undefined): FastAnswer {
  const bytes = typeof json === 'string' ? utf8.encode(json) : json
  return encodedJsonAnswer(record, gzip ? gzip(bytes) : bytes, gzip !== undefined)
}

/** The same answer from a body already encoded (`gzipped`: gzip's bytes; else the JSON's UTF-8 bytes). */
export function encodedJsonAnswer(record: HeaderRecord, body: Uint8Array, gzipped: boolean): FastAnswer {
  record['Content-Type'] = 'application/json'
  if (gzipped) {
    record.Vary = 'Accept-Encoding'
    record['Content-Encoding'] = 'gzip'
    record['Content-Length'] = String(body.byteLength)
  }
  const headers = asFetchHeaders(record)
  if (!gzipped) headers['Content-Length'] = String(body.byteLength)
  return { headers, body }
}
