/**
 * CORS without touching the response before it exists: preflights (OPTIONS) go to Hono's `cors`;
 * other requests with an `Origin` get their headers into the request's header record before the route runs
 * (Hono's `cors` reads `c.res` first, which makes every response take Node's slow path: the
 * throughput profile in docs/benchmarks.md). Requests without `Origin` need no CORS headers.
 */
import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import type { AppEnv } from '../app-env.ts'
import { honoHeader, type HeaderReader } from './request-header.ts'
import { headerRecord } from './response-headers.ts'

export interface CorsOptions {
  origin: string
  allowMethods: string[]
  allowHeaders: string[]
  exposeHeaders: string[]
  maxAge: number
}

export function fastCors(options: CorsOptions, header: HeaderReader = honoHeader): MiddlewareHandler<AppEnv> {
  const preflight = cors(options)
  const expose = options.exposeHeaders.join(',')
  return (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next)
    const origin = header(c, 'origin')
    if (origin !== undefined) {
      const record = headerRecord(c)
      if (options.origin === '*') record['Access-Control-Allow-Origin'] = '*'
      else {
        record['Vary'] = 'Origin'
        if (origin === options.origin) record['Access-Control-Allow-Origin'] = origin
      }
      record['Access-Control-Expose-Headers'] = expose
    }
    return next()
  }
}
