/**
 * Input bounds, enforced before any work starts and the same for `/v1` bodies and `/mcp` messages:
 * body size while streaming (chunked or not), JSON nesting depth (scanned on the text, before
 * `JSON.parse`), items per array and characters per string (walked once after parsing).
 * Route schemas add their own tighter bounds (factor keys, search text, descriptions).
 */
import type { InputLimits } from '../config.ts'
import { ApiError, invalidRequest } from '../errors.ts'

export function tooLarge(limit: number): ApiError {
  return new ApiError('payload_too_large', `Request bodies are limited to ${limit} bytes.`, { limit_bytes: limit })
}

/** Read a body stream up to `limit` bytes; one byte more cancels it with 413. */
export async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
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

/** Deepest nesting of `[`/`{` in JSON text (outside strings); stops counting past `max`. */
export function jsonDepth(text: string, max: number): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 92) i++ // backslash: skip the escaped character
      else if (ch === 34) inString = false
    } else if (ch === 34) inString = true
    else if (ch === 91 || ch === 123) {
      depth++
      if (depth > deepest) {
        deepest = depth
        if (deepest > max) return deepest
      }
    } else if (ch === 93 || ch === 125) depth--
  }
  return deepest
}

/** The first array or string above its bound, as an issue path and message; null when within. */
export function boundViolation(value: unknown, limits: InputLimits, path: string[] = []): { path: string; message: string } | null {
  if (typeof value === 'string') {
    return value.length > limits.maxString ? { path: path.join('.'), message: `strings are limited to ${limits.maxString} characters` } : null
  }
  if (typeof value !== 'object' || value === null) return null
  if (Array.isArray(value)) {
    if (value.length > limits.maxItems) return { path: path.join('.'), message: `arrays are limited to ${limits.maxItems} items` }
    for (let i = 0; i < value.length; i++) {
      const found = boundViolation(value[i], limits, [...path, String(i)])
      if (found) return found
    }
    return null
  }
  for (const [name, inner] of Object.entries(value)) {
    if (name.length > limits.maxString) return { path: path.join('.'), message: `property names are limited to ${limits.maxString} characters` }
    const found = boundViolation(inner, limits, [...path, name])
    if (found) return found
  }
  return null
}

/** Check parsed JSON against the bounds (depth is checked on the text, before parsing). */
export function assertWithinBounds(value: unknown, limits: InputLimits): void {
  const found = boundViolation(value, limits)
  if (found) throw invalidRequest(`The body exceeds an input bound: ${found.path || '(body)'} ${found.message}.`, [found])
}

/** Read, decode, depth-check, parse and bound-check a JSON body. */
export async function readBoundedJson(req: Request, limitBytes: number, limits: InputLimits): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? '0')
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes)
  return boundedJson(await readLimited(req.body, limitBytes), limits)
}

/** Decode, depth-check, parse and bound-check a JSON body already read within its byte limit. */
export function boundedJson(bytes: Uint8Array, limits: InputLimits): unknown {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw invalidRequest('The body is not valid UTF-8.', [{ path: '', message: 'invalid UTF-8' }])
  }
  if (jsonDepth(text, limits.maxDepth) > limits.maxDepth) {
    throw invalidRequest(`The body is nested deeper than ${limits.maxDepth} levels.`, [{ path: '', message: `nesting is limited to ${limits.maxDepth} levels` }])
  }
  let value: unknown
  try {
    value = JSON.parse(text) as unknown
  } catch (err) {
    const detail = err instanceof SyntaxError ? err.message.slice(0, 200) : 'invalid JSON'
    throw invalidRequest('The body is not valid JSON.', [{ path: '', message: detail }])
  }
  assertWithinBounds(value, limits)
  return value
}
