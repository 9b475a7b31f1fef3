/**
 * Receipts (docs/decisions.md §3): sha256 over canonical JSON of
 * `{ request, result, data_version, engine_version }`.
 *
 * - `request` is the validated request: the parsed body with defaults applied (echoed as
 *   `response.request`), without `as_of`.
 * - `result` is the deterministic part of the response: every top-level member except `request`,
 *   `receipt` and `meta`, plus `meta` without `request_id`, `computed_at` and `as_of`.
 * - `data_version` = `meta.data_version` = `receipt.mb_version`; `engine_version` = `meta.engine_version`.
 *
 * Timestamps and request ids stay outside the hash, so replaying a request with the same data and
 * engine version gives the same receipt.
 */
import { z } from 'zod'
import { canonicalJson } from '../canonical-json.ts'
import { sha256Hex } from '../sha256.ts'
import type { Receipt } from '../common-schema.ts'

export const RECEIPT_PREFIX = 'rcpt_'
/** Hex digits of the hash kept in the receipt id. */
export const RECEIPT_ID_HEX = 32

export interface ReceiptInput {
  request: unknown
  result: unknown
  data_version: string
  engine_version: string
}

export function receiptHash(input: ReceiptInput): string {
  return sha256Hex(
    canonicalJson({ request: input.request, result: input.result, data_version: input.data_version, engine_version: input.engine_version }),
  )
}

export function computeReceipt(input: ReceiptInput): Receipt {
  const hash = receiptHash(input)
  return { id: RECEIPT_PREFIX + hash.slice(0, RECEIPT_ID_HEX), algorithm: 'sha256', hash, mb_version: input.data_version }
}

/**
 * The hashed `request`: the validated request without `as_of`. `as_of` only selects the data
 * version, which is hashed itself, so replaying with `as_of: <data_version>` gives the same receipt.
 */
export function hashedRequestOf(request: Record<string, unknown>): Record<string, unknown> {
  const { as_of: _asOf, ...kept } = request
  return kept
}

/** The hashed `result` of a response body: see the module comment. */
export function hashedResultOf(response: Record<string, unknown>): Record<string, unknown> {
  // No prototype, so a member named "__proto__" is hashed as a member (canonical-json.ts).
  const hashed = Object.create(null) as Record<string, unknown>
  for (const [key, value] of Object.entries(response)) {
    if (key === 'request' || key === 'receipt' || key === 'meta') continue
    hashed[key] = value
  }
  const meta = response['meta']
  if (typeof meta === 'object' && meta !== null) {
    const { request_id: _requestId, computed_at: _computedAt, as_of: _asOf, ...kept } = meta as Record<string, unknown>
    hashed['meta'] = kept
  }
  return hashed
}

/** A saved calculation response, as returned (the server accepts it bare or as `{ response }`). */
const SavedResponseSchema = z
  .object({
    request: z.record(z.string(), z.unknown()),
    receipt: z.object({ id: z.string(), algorithm: z.string(), hash: z.string(), mb_version: z.string() }).loose(),
    meta: z.object({ data_version: z.string(), engine_version: z.string() }).loose(),
  })
  .loose()

export const ReceiptVerifyRequestSchema = z.union([z.object({ response: SavedResponseSchema }).strict(), SavedResponseSchema])
export type ReceiptVerifyRequest = z.input<typeof ReceiptVerifyRequestSchema>

export const ReceiptVerificationSchema = z.object({
  valid: z.boolean(),
  /** Hash recomputed from the saved request and result. */
  expected_hash: z.string(),
  /** Hash the saved receipt states. */
  actual_hash: z.string(),
  receipt_id: z.string(),
  mb_version: z.string(),
  engine_version: z.string(),
  /** Why it is not valid (empty when valid). */
  problems: z.array(z.string()),
})
export type ReceiptVerification = z.infer<typeof ReceiptVerificationSchema>

export function verifyParsed(saved: z.output<typeof SavedResponseSchema>): ReceiptVerification {
  const data_version = saved.meta.data_version
  const engine_version = saved.meta.engine_version
  let expected: string
  const problems: string[] = []
  try {
    expected = receiptHash({ request: hashedRequestOf(saved.request), result: hashedResultOf(saved), data_version, engine_version })
  } catch (error) {
    expected = ''
    problems.push(`response cannot be hashed: ${(error as Error).message}`)
  }
  const actual = saved.receipt.hash
  if (expected && expected !== actual) problems.push('hash does not match the saved request and result')
  if (saved.receipt.algorithm !== 'sha256') problems.push(`unknown algorithm ${saved.receipt.algorithm}`)
  if (saved.receipt.id !== RECEIPT_PREFIX + actual.slice(0, RECEIPT_ID_HEX)) problems.push('receipt id does not match its hash')
  if (saved.receipt.mb_version !== data_version) problems.push('receipt.mb_version differs from meta.data_version')
  return {
    valid: problems.length === 0,
    expected_hash: expected,
    actual_hash: actual,
    receipt_id: saved.receipt.id,
    mb_version: saved.receipt.mb_version,
    engine_version,
    problems,
  }
}
