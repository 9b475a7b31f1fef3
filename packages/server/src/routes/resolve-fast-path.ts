/**
 * The resolve's fast path: `POST /v1/calculate/resolve` answered without Hono's request, context and
 * middleware chain and without @hono/node-server's request and response objects (the HTTP overhead
 * profile, docs/benchmarks.md). It takes only the plain case: the exact path, no `Origin` (CORS), a
 * JSON `Content-Type`, a declared `Content-Length` within the body limit (no chunked body), an
 * `Authorization` header, and either no `Accept-Encoding` or one that compress() would answer with
 * gzip (when the host gives a gzip).
 *
 * It builds the answer with the normal path's own parts: the body bounded and parsed as `jsonBody`
 * does (`boundedJson`); the key checked and the call counted by `countCall` (the lookup's: key and
 * count in one store transaction where the store can, the same windows, limits and RateLimit-*; the
 * app checks the key, then counts); the calculation handed to the workers as `offloaded` does (or
 * run in-process as the route does while no worker is ready); the JSON gzipped in one call as
 * `json-gzip.ts` does, with the header lines @hono/node-server writes for the route's answer
 * (`jsonAnswer`); request id, security headers; the same access log line. So status, headers and
 * body are the normal path's (resolve-fast-path.test.ts compares the two over real sockets).
 *
 * Everything it does not take is the app's, with the body it may have read (fast-listener.ts):
 * a body out of bounds and a key refused (nothing counted: the app checks them itself); a refusal
 * of the count, thrown by the app where it counts (`AppDeps.priorRefusal`); a calculation that
 * fails after counting, handed back as `CountedAlready` so the app neither counts it nor runs it
 * again. Web-standard: no Node API.
 */
import { assertRequest } from '@openfactors/engine'
import type { Logger } from '../app-env.ts'
import type { InputLimits } from '../config.ts'
import type { EnginePort } from '../engine-port.ts'
import { ApiError } from '../errors.ts'
import { acceptsGzip } from '../middleware/accept-gzip.ts'
import { JSON_TYPE } from '../middleware/body-guard.ts'
import type { CountCall } from '../middleware/counted-key.ts'
import { boundedJson } from '../middleware/limits.ts'
import { CountedAlready } from '../middleware/quota.ts'
import { accessLine, type RequestIds } from '../middleware/request-id.ts'
import type { HeaderRecord } from '../middleware/response-headers.ts'
import { addSecurityHeaders } from '../middleware/security-headers.ts'
import { offloadContext } from '../offload/route.ts'
import type { CalcOffload } from '../offload/protocol.ts'
import { jsonAnswer, type FastAnswer, type FastPath, type FastRefusal } from './fast-path.ts'
import type { RouteDeps } from './deps.ts'

export interface ResolveFastPathDeps {
  count: CountCall
  engine: Pick<EnginePort, 'resolve'>
  offload: CalcOffload | undefined
  calcContext: RouteDeps['calcContext']
  bodyLimitBytes: number
  limits: InputLimits
  ids: RequestIds
  /** The access log (undefined when logging is off). */
  logger: Logger | undefined
  clock: () => Date
  /** The host's synchronous gzip (`AppDeps.gzip`); without it, clients that take gzip go to the app. */
  gzip: ((bytes: Uint8Array) => Uint8Array) | undefined
}

const PATH = '/v1/calculate/resolve'
const DIGITS = /^\d{1,15}$/
const RATE_LIMIT = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] as const

export function resolveFastPath(deps: ResolveFastPathDeps): FastPath {
  const { count, engine, offload, calcContext, bodyLimitBytes, limits, ids, logger, clock, gzip } = deps
  const calculate = (body: unknown, requestId: string, plan: string): Promise<string> => {
    if (offload?.ready()) return offload.run('resolve', body, offloadContext(calcContext(requestId, plan)))
    return new Promise((resolve) => {
      assertRequest('resolve', body)
      resolve(JSON.stringify(engine.resolve(body)))
    })
  }
  return (req) => {
    if (req.method !== 'POST' || req.url !== PATH || req.body === undefined) return undefined
    if (req.header('origin') !== undefined || req.header('transfer-encoding') !== undefined) return undefined
    const length = req.header('content-length')
    if (length === undefined || !DIGITS.test(length) || Number(length) > bodyLimitBytes) return undefined
    if (!JSON_TYPE.test(req.header('content-type') ?? '')) return undefined
    const authorization = req.header('authorization')
    if (authorization === undefined) return undefined
    const acceptEncoding = req.header('accept-encoding')
    const gzipped = acceptEncoding ? acceptsGzip(acceptEncoding) : false
    if (acceptEncoding && (!gzipped || !gzip)) return undefined
    const started = logger ? performance.now() : 0
    return req.body().then((bytes): Promise<FastAnswer | FastRefusal> | FastRefusal => {
      let body: unknown
      try {
        body = boundedJson(bytes, limits)
      } catch {
        // The app refuses it (after the key check), uncounted.
        return { refusal: undefined }
      }
      const record: HeaderRecord = {}
      const id = ids(req.header('x-request-id'))
      record['X-Request-Id'] = id
      addSecurityHeaders(record, PATH)
      return count(authorization, record, 1).then((found) => calculate(body, id, found.account.plan).then((json): FastAnswer => {
        if (logger) logger(accessLine(clock, id, 'POST', PATH, 200, started, found.key.id))
        return jsonAnswer(record, json, gzipped ? gzip : undefined)
      }, (failure: unknown): FastRefusal => {
        const counted: HeaderRecord = {}
        for (const name of RATE_LIMIT) if (record[name] !== undefined) counted[name] = record[name]
        return { refusal: new CountedAlready(counted, failure) }
      }), (refusal: unknown): FastRefusal => ({
        // A key refused is refused by the app's own key check, before it counts (nothing was counted).
        refusal: refusal instanceof ApiError && refusal.code === 'unauthorized' ? undefined : refusal,
      }))
    })
  }
}
