/** verifyReceipt(savedResponse): recompute a saved response's receipt hash and compare. */
import { parseRequest } from '../validate.ts'
import { ReceiptVerifyRequestSchema, verifyParsed, type ReceiptVerification } from './receipt.ts'

/** Accepts the saved response body itself, or `{ response: <saved body> }` (the HTTP verify body). */
export function verifyReceipt(savedResponse: unknown): ReceiptVerification {
  const parsed = parseRequest(ReceiptVerifyRequestSchema, savedResponse, 'receipt verification')
  const verification = verifyParsed('receipt' in parsed ? parsed : parsed.response)
  // Parsing drops a member named "__proto__" (JSON.parse makes one; an assignment sets a prototype
  // instead), so it would never reach the hash: a response carrying one cannot be vouched for.
  if (hasProtoMember(savedResponse)) {
    return { ...verification, valid: false, problems: [...verification.problems, 'the response has a member named "__proto__", which no openfactors response has'] }
  }
  return verification
}

/** Whether any object in a JSON value has an own member named "__proto__" (no recursion: any depth). */
function hasProtoMember(value: unknown): boolean {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const v = stack.pop()
    if (v === null || typeof v !== 'object') continue
    if (Array.isArray(v)) {
      for (const item of v) stack.push(item)
      continue
    }
    if (Object.hasOwn(v, '__proto__')) return true
    for (const item of Object.values(v)) stack.push(item)
  }
  return false
}
