/** zod helpers for request fields that arrive as numbers (JSON) or strings (query). */
import { z } from 'zod'

/** An integer in [min, max] given as a number or a digit string; `fallback` when absent. */
export function intParam(fallback: number, min: number, max: number) {
  return z
    .union([z.number(), z.string().regex(/^-?\d+$/, 'must be an integer').transform(Number)])
    .pipe(z.number().int('must be an integer').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .default(fallback)
}

export const TEXT_MAX = 500

/** An optional trimmed string of at most `TEXT_MAX` characters; empty means absent. */
export const optionalText = z
  .string()
  .max(TEXT_MAX, `must be at most ${TEXT_MAX} characters`)
  .transform((s) => s.trim())
  .optional()
  .transform((s) => (s === undefined || s === '' ? undefined : s))

/** `as_of`: a date `YYYY-MM-DD` or a data version; checked further by selectRelease. */
export const AsOfSchema = optionalText

/** Lookup request (`GET /v1/factors/{key}?as_of=`): the key from the path, `as_of` from the query. */
export const LookupRequestSchema = z.object({
  key: z.string().trim().min(1, 'must not be empty'),
  as_of: AsOfSchema,
})
export type LookupRequest = z.input<typeof LookupRequestSchema>
