/**
 * Guards JSON bodies before anything reads them: `Content-Type: application/json` (415), then the
 * input bounds of `limits.ts` (413 above the byte limit, chunked or not; 400 for invalid JSON, too
 * deep, too many items, too long strings). The parsed body is handed on as `c.get('body')`.
 */
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import type { InputLimits } from '../config.ts'
import { ApiError } from '../errors.ts'
import { readBoundedJson } from './limits.ts'

/** A JSON media type (`application/json`, `application/*+json`), parameters allowed. */
export const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

export function jsonBody(limitBytes: number, limits: InputLimits): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const type = c.req.header('content-type') ?? ''
    if (!JSON_TYPE.test(type)) {
      throw new ApiError('unsupported_media_type', 'Send the body as JSON with `Content-Type: application/json`.')
    }
    c.set('body', await readBoundedJson(c.req.raw, limitBytes, limits))
    await next()
  }
}
