/**
 * Security headers on every response: no MIME sniffing, no referrer, no framing; a content
 * security policy on HTML (the docs pages and the browser demo); `Cache-Control: no-store` on
 * responses that carry secrets or account data (keys, account, webhooks), errors included.
 */
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:",
  "worker-src 'self' blob:", "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'",
].join('; ')

const PRIVATE_PATHS = /^\/v1\/(keys|account|webhooks)(\/|$)/

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    const headers = c.res.headers
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('Referrer-Policy', 'no-referrer')
    headers.set('X-Frame-Options', 'DENY')
    if ((headers.get('content-type') ?? '').startsWith('text/html')) headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    if (PRIVATE_PATHS.test(c.req.path)) headers.set('Cache-Control', 'no-store')
  }
}
