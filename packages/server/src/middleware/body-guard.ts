/**
 * Guards JSON bodies before anything reads them: `Content-Type: application/json` (415), a byte
 * limit checked on Content-Length and again while streaming (413), and valid JSON (400). The parsed
 * body is handed on as `c.get('body')`.
 */
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { ApiError, invalidRequest } from '../errors.ts'

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0)
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge(limit)
    }
    chunks.push(value)
  }
  const out = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}

function tooLarge(limit: number): ApiError {
  return new ApiError('payload_too_large', `Request bodies are limited to ${limit} bytes.`, { limit_bytes: limit })
}

export function jsonBody(limitBytes: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const type = c.req.header('content-type') ?? ''
    if (!JSON_TYPE.test(type)) {
      throw new ApiError('unsupported_media_type', 'Send the body as JSON with `Content-Type: application/json`.')
    }
    const declared = Number(c.req.header('content-length') ?? '0')
    if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes)
    const bytes = await readLimited(c.req.raw.body, limitBytes)
    let text: string
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      throw invalidRequest('The body is not valid UTF-8.', [{ path: '', message: 'invalid UTF-8' }])
    }
    try {
      c.set('body', JSON.parse(text) as unknown)
    } catch (err) {
      const detail = err instanceof SyntaxError ? err.message : 'invalid JSON'
      throw invalidRequest('The body is not valid JSON.', [{ path: '', message: detail }])
    }
    await next()
  }
}
