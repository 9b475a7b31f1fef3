/**
 * Request ids and the access log: accepts a sane incoming `X-Request-Id` or makes one, echoes it,
 * and writes one JSON line per request (id, method, path, status, ms, key id — never the key).
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv, Logger } from '../app-env.ts'
import { randomHex } from '../keys.ts'
import { honoHeader, type HeaderReader } from './request-header.ts'
import { headerRecord } from './response-headers.ts'

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** Without a logger (logging off) nothing is measured or built for the log line. */
export function requestId(logger: Logger | undefined, clock: () => Date, header: HeaderReader = honoHeader): MiddlewareHandler<AppEnv> {
  // A random prefix per app and a counter: unique across instances, no random bytes per request.
  const prefix = randomHex(8)
  let n = 0
  const assign = (c: Context<AppEnv>): string => {
    const incoming = header(c, 'x-request-id')
    const id = incoming && INCOMING_ID.test(incoming) ? incoming : `req_${prefix}${(n++).toString(16).padStart(8, '0')}`
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
    logger({
      ts: clock().toISOString(),
      request_id: id,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 100) / 100,
      key_id: c.get('apiKey')?.id ?? null,
    })
  }
}
