/** Parse input with a zod schema or throw EngineError('invalid_request') with dotted issue paths. */
import type { z } from 'zod'
import { EngineError, type Issue } from '../errors.ts'
import { issuePath } from '../validate.ts'

export { issuePath }

export function parseRequest<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const issues: Issue[] = parsed.error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message }))
  const first = issues[0]
  const where = first ? ` (${first.path || 'body'}: ${first.message})` : ''
  throw new EngineError('invalid_request', `Invalid ${what} request${where}`, { issues })
}

/** A rule violation found after schema parsing, reported in the same shape. */
export function invalidRequest(path: string, message: string): EngineError<'invalid_request'> {
  return new EngineError('invalid_request', `${path}: ${message}`, { issues: [{ path, message }] })
}
