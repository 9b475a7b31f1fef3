/**
 * The factor lookup's fast path: the common keyed lookup answered without Hono's request, context
 * and middleware chain, and without @hono/node-server's request and response objects (the
 * throughput profile, docs/benchmarks.md). It takes only `GET /v1/factors/{key}` with a plain key,
 * no query string and no `Origin` (CORS), whose body is kept already (`lookup-bodies.ts`: the first
 * lookup of a key goes the normal way); with `Accept-Encoding`, only where the normal path would
 * send the body as it is (under compress()'s threshold) or the gzip it keeps (a client that takes
 * gzip, once the normal path has compressed that key).
 *
 * It builds the answer with the normal path's own parts, in the middleware's order: request id,
 * security headers, the counted call (`countCall`: the same key check and the same store
 * transaction, RateLimit-*), then `Content-Type` and `Content-Length` (and `Vary`, `Content-Encoding`
 * for the gzip); the same access log line.
 * So status, headers (names, order, values) and body are those of the normal path
 * (lookup-fast-path.test.ts compares the two over real sockets).
 *
 * Every refusal (no key, bad or rotated key, over a limit, store unavailable, any error) is handed
 * back (`{ refusal }`) and the request is answered by the normal path, which throws that same refusal
 * where it would count the call (`AppDeps.priorRefusal`) and renders it as it renders its own: the
 * store is not asked twice, and a refused call changes no count. Web-standard: no Node API.
 */
import type { Logger } from '../app-env.ts'
import { PLAIN_FACTOR_KEY } from '../factor-key.ts'
import { acceptsGzip, GZIP_THRESHOLD } from '../middleware/accept-gzip.ts'
import type { CountCall } from '../middleware/counted-key.ts'
import { accessLine, type RequestIds } from '../middleware/request-id.ts'
import { addJsonHeaders, type HeaderRecord } from '../middleware/response-headers.ts'
import { addSecurityHeaders } from '../middleware/security-headers.ts'
import type { FastAnswer, FastPath, FastRefusal, FastRequest } from './fast-path.ts'
import type { LookupBodies } from './lookup-bodies.ts'

export type { FastAnswer, FastRefusal, FastRequest } from './fast-path.ts'
export type LookupFastPath = FastPath

export interface LookupFastPathDeps {
  count: CountCall
  bodies: LookupBodies
  ids: RequestIds
  /** The access log (undefined when logging is off). */
  logger: Logger | undefined
  clock: () => Date
}

const PREFIX = '/v1/factors/'

export function lookupFastPath(deps: LookupFastPathDeps): LookupFastPath {
  const { count, bodies, ids, logger, clock } = deps
  // A promise chain, not an async function: fewer allocations per call (the throughput profile).
  const answer = (req: FastRequest, path: string, body: Uint8Array, encoding?: 'gzip'): Promise<FastAnswer | FastRefusal> => {
    const started = logger ? performance.now() : 0
    const headers: HeaderRecord = {}
    const id = ids(req.header('x-request-id'))
    headers['X-Request-Id'] = id
    addSecurityHeaders(headers, path)
    return count(req.header('authorization'), headers, 1).then((found) => {
      addJsonHeaders(headers, body, encoding)
      if (logger) logger(accessLine(clock, id, 'GET', path, 200, started, found.key.id))
      return { headers, body }
    }, (refusal: unknown) => ({ refusal }))
  }
  return (req) => {
    const path = req.url
    if (req.method !== 'GET' || path === undefined || !path.startsWith(PREFIX)) return undefined
    // A plain key has no "/", "?", "%" or space: the path is the route's, the key needs no decoding.
    const key = path.slice(PREFIX.length)
    if (!PLAIN_FACTOR_KEY.test(key)) return undefined
    if (req.header('origin') !== undefined) return undefined
    const body = bodies.kept(key, undefined)
    if (body === undefined) return undefined
    // The normal path's compress() leaves bodies under its threshold alone, whatever was asked; it
    // gzips the larger ones for clients that take gzip (the kept gzip, if there is one yet) and
    // answers other encodings itself.
    const acceptEncoding = req.header('accept-encoding')
    if (acceptEncoding === undefined || body.byteLength < GZIP_THRESHOLD) return answer(req, path, body)
    if (!acceptsGzip(acceptEncoding)) return undefined
    const gzipped = bodies.keptGzip(key, undefined)
    return gzipped === undefined ? undefined : answer(req, path, gzipped, 'gzip')
  }
}
