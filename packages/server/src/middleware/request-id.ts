/**
 * Request ids and the access log: accepts a sane incoming `X-Request-Id` or makes one, echoes it,
 * and writes one JSON line per request (id, method, path, status, ms, key id — never the key).
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv, LogLine, Logger } from '../app-env.ts'
import { randomHex } from '../keys.ts'
import { honoHeader, type HeaderReader } from './request-header.ts'
import { headerRecord } from './response-headers.ts'

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** The id of a request from its incoming `X-Request-Id` (kept when sane) or a new one. */
export type RequestIds = (incoming: string | undefined) => string

export function requestIds(): RequestIds {
  // A random prefix per app and a counter: unique across instances, no random bytes per request.
  const prefix = randomHex(8)
  let n = 0
  return (incoming) => (incoming && INCOMING_ID.test(incoming) ? incoming : `req_${prefix}${(n++).toString(16).padStart(8, '0')}`)
}

/** The access log line of one request (the lookup's fast path writes the same, lookup-fast-path.ts). */
export function accessLine(clock: () => Date, id: string, method: string, path: string, status: number, started: number, keyId: string | null): LogLine {
  return { ts: clock().toISOString(), request_id: id, method, path, status, ms: Math.round((performance.now() - started) * 100) / 100, key_id: keyId }
}

/** Without a logger (logging off) nothing is measured or built for the log line. */
export function requestId(logger: Logger | undefined, clock: () => Date, header: HeaderReader = honoHeader, ids: RequestIds = requestIds()): MiddlewareHandler<AppEnv> {
  const assign = (c: Context<AppEnv>): string => {
    const id = ids(header(c, 'x-request-id'))
    c.set('requestId', id)
    headerRecord(c)['X-Request-Id'] = id
    return id
  }
  if (!logger) {
    return (c, next) => {
      assign(c)
      return next()
    }
  }
  return async (c, next) => {
    const started = performance.now()
    const id = assign(c)
    await next()
    logger(accessLine(clock, id, c.req.method, c.req.path, c.res.status, started, c.get('apiKey')?.id ?? null))
  }
}
