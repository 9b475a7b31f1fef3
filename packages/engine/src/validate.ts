/** Run a zod schema at the engine boundary; bad input becomes EngineError('invalid_request'). */
import type { z } from 'zod'
import { engineError } from './errors.ts'

/** A zod issue path as the dotted string every `invalid_request` reports (`holdings.0.denominator`). */
export function issuePath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((segment) => String(segment)).join('.')
}

export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const issues = parsed.error.issues.map((i) => ({ path: issuePath(i.path), message: i.message }))
  const first = issues[0]
  throw engineError('invalid_request', first ? `Invalid request: ${first.path || '(body)'} ${first.message}` : 'Invalid request', { issues })
}
