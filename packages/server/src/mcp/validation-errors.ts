/**
 * The SDK validates tool arguments against the tool's zod schema before our handler runs, and
 * reports a failure as a bare text error. Agents act on error codes, so outgoing tool results of
 * that kind are given the API's envelope (`invalid_request` with issues), the same as /v1 gives.
 * Works on any transport: it wraps `send`.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { docsUrl, MAX_ERROR_ITEMS } from '../errors.ts'

const VALIDATION = /Input validation error: Invalid arguments for tool (\S+): ([\s\S]*)$/

interface Issue { path: string; message: string }

/**
 * The SDK prints one zod issue a line as `<message> at <dotted.path>` (no path: the message
 * alone). Turn that back into the `{ path, message }` issues of `invalid_request`.
 */
export function issuesOf(detail: string): Issue[] {
  const lines = detail.split('\n').map((l) => l.trim()).filter((l) => l !== '')
  return lines.map((line) => {
    const at = line.lastIndexOf(' at ')
    // `holdings[0].denominator` (SDK) -> `holdings.0.denominator` (the /v1 issue paths)
    const path = at > 0 ? line.slice(at + 4).replace(/\[(\d+)\]/g, '.$1') : ''
    return at > 0 ? { path, message: line.slice(0, at) } : { path, message: line }
  })
}

/** zod issues as the SDK dumps them into a JSON-RPC error message (a JSON array), or null. */
function zodDump(text: string): Issue[] | null {
  if (!text.trimStart().startsWith('[')) return null
  try {
    const parsed = JSON.parse(text) as unknown
    if (!Array.isArray(parsed)) return null
    return parsed.slice(0, MAX_ERROR_ITEMS).map((i: { path?: unknown; message?: unknown }) => ({
      path: Array.isArray(i.path) ? i.path.map(String).join('.') : '',
      message: typeof i.message === 'string' ? i.message.slice(0, 200) : 'invalid',
    }))
  } catch {
    return null
  }
}

/**
 * JSON-RPC errors never carry internal text: a zod dump (e.g. `tools/call` without `params`)
 * becomes -32602 "Invalid params" with `invalid_request` issues; any other internal error
 * (-32603) becomes a bare "Internal error".
 */
function sanitizeError(message: JSONRPCMessage): JSONRPCMessage {
  if (!('error' in message)) return message
  const error = message.error as { code: number; message: string; data?: unknown }
  const issues = zodDump(error.message)
  if (issues) {
    const data = { code: 'invalid_request', message: 'The request params do not match the method\'s schema.', docs: docsUrl('invalid_request'), issues }
    return { ...message, error: { code: -32602, message: `Invalid params: ${issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; ')}`, data } } as JSONRPCMessage
  }
  if (error.code === -32603) return { ...message, error: { code: -32603, message: 'Internal error' } } as JSONRPCMessage
  return message
}

export function withValidationEnvelope(message: JSONRPCMessage): JSONRPCMessage {
  if ('error' in message) return sanitizeError(message)
  if (!('result' in message)) return message
  const result = message.result as { isError?: boolean; structuredContent?: unknown; content?: Array<{ type: string; text?: string }> }
  const text = result.content?.[0]?.text
  if (!result.isError || result.structuredContent !== undefined || typeof text !== 'string') return message
  const m = VALIDATION.exec(text)
  if (!m) return message
  const issues = issuesOf(m[2] ?? '').slice(0, MAX_ERROR_ITEMS)
  const error = { code: 'invalid_request', message: `The arguments of ${m[1]} do not match its input schema.`, docs: docsUrl('invalid_request'), issues }
  const summary = `invalid_request: ${error.message} ${issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; ')}`
  return { ...message, result: { ...result, content: [{ type: 'text', text: summary }], structuredContent: { error } } } as JSONRPCMessage
}

export function envelopeValidationErrors<T extends Transport>(transport: T): T {
  const send = transport.send.bind(transport)
  transport.send = (message, options) => send(withValidationEnvelope(message), options)
  return transport
}
