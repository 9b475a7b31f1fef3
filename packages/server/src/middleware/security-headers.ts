/**
 * Security headers on every response: no MIME sniffing, no referrer, no framing; a content
 * security policy on HTML (the docs pages and the browser demo); `Cache-Control: no-store` on
 * responses that carry secrets or account data (keys, account, webhooks), errors included.
 */
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { headerRecord, type HeaderRecord } from './response-headers.ts'

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:",
  "worker-src 'self' blob:", "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'",
].join('; ')

const PRIVATE_PATHS = /^\/v1\/(keys|account|webhooks)(\/|$)/

/** Fills the request's header record before the route runs; the CSP is added by `responseHeaders` to HTML. */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    addSecurityHeaders(headerRecord(c), c.req.path)
    return next()
  }
}

/** The security headers of a response to `path`, added to its header record (also the lookup's fast path). */
export function addSecurityHeaders(record: HeaderRecord, path: string): void {
  record['X-Content-Type-Options'] = 'nosniff'
  record['Referrer-Policy'] = 'no-referrer'
  record['X-Frame-Options'] = 'DENY'
  if (PRIVATE_PATHS.test(path)) record['Cache-Control'] = 'no-store'
}
