/**
 * CORS without touching the response before it exists: preflights (OPTIONS) go to Hono's `cors`;
 * other requests with an `Origin` get their headers through `c.header` before the route runs
 * (Hono's `cors` reads `c.res` first, which makes every response take Node's slow path: the
 * throughput profile in docs/benchmarks.md). Requests without `Origin` need no CORS headers.
 */
import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import type { AppEnv } from '../app-env.ts'

export interface CorsOptions {
  origin: string
  allowMethods: string[]
  allowHeaders: string[]
  exposeHeaders: string[]
  maxAge: number
}

export function fastCors(options: CorsOptions): MiddlewareHandler<AppEnv> {
  const preflight = cors(options)
  const expose = options.exposeHeaders.join(',')
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next)
    const origin = c.req.header('origin')
    if (origin !== undefined) {
      if (options.origin === '*') c.header('Access-Control-Allow-Origin', '*')
      else {
        c.header('Vary', 'Origin', { append: true })
        if (origin === options.origin) c.header('Access-Control-Allow-Origin', origin)
      }
      c.header('Access-Control-Expose-Headers', expose)
    }
    await next()
  }
}
