/** verifyReceipt(savedResponse): recompute a saved response's receipt hash and compare. */
import { parseRequest } from '../validate.ts'
import { ReceiptVerifyRequestSchema, verifyParsed, type ReceiptVerification } from './receipt.ts'

/** Accepts the saved response body itself, or `{ response: <saved body> }` (the HTTP verify body). */
export function verifyReceipt(savedResponse: unknown): ReceiptVerification {
  const parsed = parseRequest(ReceiptVerifyRequestSchema, savedResponse, 'receipt verification')
  if ('receipt' in parsed) return verifyParsed(parsed)
  return verifyParsed(parsed.response)
}
