/**
 * The search's fast path: `GET /v1/factors` (open search) answered without Hono's request, context
 * and middleware chain and without @hono/node-server's request and response objects, which cost a
 * search over HTTP more than the search itself (the HTTP overhead profile, docs/benchmarks.md).
 * It takes only a plain request target (path `/v1/factors`, a query of URL-safe characters that URL
 * parsing leaves as they are), a query the route's schema accepts, no `Origin` (CORS), and either no
 * `Accept-Encoding` or one that compress() would answer with gzip (when the host gives a gzip).
 *
 * It builds the answer with the normal path's own parts, in its order: the query as Hono reads it
 * (`getQueryParam`) checked by `SearchQuerySchema`; the open call counted against the client address
 * (`countOpen`, the same store call and RateLimit-*); the engine's search serialised to the bytes
 * `c.json` writes (search-json.ts, each factor's part kept); request id, security headers; gzipped in one call as `json-gzip.ts` does, with the header
 * lines @hono/node-server writes for a `c.json` answer (`jsonAnswer`, `encodedJsonAnswer`). The same access log line. So status, headers and body are the normal path's
 * (search-fast-path.test.ts compares the two over real sockets). A repeated target's body, encoded,
 * is kept (answer-cache.ts, `OPENFACTORS_SEARCH_CACHE_BYTES`): counted like any call, then not searched again.
 *
 * A refusal (over the open limit, store unavailable) is handed back for the app to throw where it
 * counts (`AppDeps.priorRefusal`); a search that fails after counting is handed back as
 * `CountedAlready`, so the app answers it without counting it again or searching again. Web-standard: no Node API.
 */
import { getQueryParam } from 'hono/utils/url'
import type { EnginePort } from '../engine-port.ts'
import type { Logger } from '../app-env.ts'
import { acceptsGzip } from '../middleware/accept-gzip.ts'
import { clientAddress } from '../middleware/client-address.ts'
import { CountedAlready, type CountOpen } from '../middleware/quota.ts'
import { accessLine, type RequestIds } from '../middleware/request-id.ts'
import type { HeaderRecord } from '../middleware/response-headers.ts'
import { addSecurityHeaders } from '../middleware/security-headers.ts'
import { answerCache } from './answer-cache.ts'
import { encodedJsonAnswer, type FastAnswer, type FastPath, type FastRefusal } from './fast-path.ts'
import { SearchQuerySchema } from './factors.ts'
import { searchJson } from './search-json.ts'

export interface SearchFastPathDeps {
  engine: Pick<EnginePort, 'search'>
  countOpen: CountOpen
  ids: RequestIds
  /** The access log (undefined when logging is off). */
  logger: Logger | undefined
  clock: () => Date
  trustProxy: boolean
  /** The host's synchronous gzip (`AppDeps.gzip`); without it, clients that take gzip go to the app. */
  gzip: ((bytes: Uint8Array) => Uint8Array) | undefined
  /** Bytes of answers kept for repeated request targets (answer-cache.ts; 0 or undefined: none). */
  cacheBytes?: number
}

const PATH = '/v1/factors'
/** The route's path, then a query of characters URL parsing keeps as they are (no `'`, space, `"`, `<`, `>`, `#`, non-ASCII). */
const PLAIN_TARGET = /^\/v1\/factors(?:\?[A-Za-z0-9\-._~%&=+,:;@!$()*/?]*)?$/

export function searchFastPath(deps: SearchFastPathDeps): FastPath {
  const { engine, countOpen, ids, logger, clock, trustProxy, gzip } = deps
  const serialise = searchJson()
  // The releases are fixed for the server's life: one target, one body (per encoding).
  const cache = answerCache(deps.cacheBytes ?? 0)
  return (req) => {
    const target = req.url
    if (req.method !== 'GET' || target === undefined || !target.startsWith(PATH) || !PLAIN_TARGET.test(target)) return undefined
    if (req.header('origin') !== undefined) return undefined
    // The normal path compresses only for a non-empty Accept-Encoding; gzip in one call (json-gzip.ts),
    // other encodings through compress().
    const acceptEncoding = req.header('accept-encoding')
    const gzipped = acceptEncoding ? acceptsGzip(acceptEncoding) : false
    if (acceptEncoding && (!gzipped || !gzip)) return undefined
    // A query the route refuses goes to the app (which counts it first, then answers 400).
    const query = SearchQuerySchema.safeParse(getQueryParam(target) ?? {})
    if (!query.success) return undefined
    const started = logger ? performance.now() : 0
    const address = clientAddress(trustProxy, trustProxy ? req.header('x-forwarded-for') : undefined, () => req.address)
    return countOpen(address).then((limits): FastAnswer | FastRefusal => {
      // Counted first (above), then answered: a kept answer is still a call.
      const key = gzipped ? `gzip ${target}` : target
      let body = cache.get(key)
      if (body === undefined) {
        try {
          const json = serialise(engine.search(query.data))
          body = gzipped && gzip ? gzip(json) : json
        } catch (failure) {
          return { refusal: new CountedAlready(limits, failure) }
        }
        // Kept at its own size (the serialiser's bytes are a view of a larger buffer).
        cache.set(key, body.byteLength === body.buffer.byteLength ? body : body.slice())
      }
      const record: HeaderRecord = {}
      const id = ids(req.header('x-request-id'))
      record['X-Request-Id'] = id
      addSecurityHeaders(record, PATH)
      Object.assign(record, limits)
      if (logger) logger(accessLine(clock, id, 'GET', PATH, 200, started, null))
      return encodedJsonAnswer(record, body, gzipped)
    }, (refusal: unknown) => ({ refusal }))
  }
}
