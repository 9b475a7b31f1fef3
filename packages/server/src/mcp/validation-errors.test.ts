import { describe, expect, it } from 'vitest'
import { issuesOf, withValidationEnvelope } from './validation-errors.ts'

describe('issuesOf', () => {
  it('reads the SDK lines back into /v1 issue paths', () => {
    expect(issuesOf('Invalid input: expected array, received string at holdings\nToo big: expected number to be <=100 at limit')).toEqual([
      { path: 'holdings', message: 'Invalid input: expected array, received string' },
      { path: 'limit', message: 'Too big: expected number to be <=100' },
    ])
    expect(issuesOf('Invalid input at holdings[0].denominator.type')).toEqual([{ path: 'holdings.0.denominator.type', message: 'Invalid input' }])
    expect(issuesOf('Unrecognized key')).toEqual([{ path: '', message: 'Unrecognized key' }])
  })
})

describe('withValidationEnvelope', () => {
  const sdkError = (text: string) => ({ jsonrpc: '2.0' as const, id: 7, result: { isError: true, content: [{ type: 'text', text }] } })

  it('gives an SDK validation failure the invalid_request envelope', () => {
    const out = withValidationEnvelope(sdkError('MCP error -32602: Input validation error: Invalid arguments for tool lookup_factor: Invalid input at key')) as unknown as { id: number; result: { structuredContent: unknown } }
    expect(out.id).toBe(7)
    expect(out.result.structuredContent).toEqual({ error: { code: 'invalid_request', message: 'The arguments of lookup_factor do not match its input schema.', docs: '/docs/errors#invalid_request', issues: [{ path: 'key', message: 'Invalid input' }] } })
  })

  it('leaves other results and our own tool errors alone', () => {
    const ours = { jsonrpc: '2.0' as const, id: 1, result: { isError: true, content: [{ type: 'text', text: 'factor_not_found: …' }], structuredContent: { error: { code: 'factor_not_found' } } } }
    expect(withValidationEnvelope(ours)).toBe(ours)
    const other = sdkError('Tool nope not found')
    expect(withValidationEnvelope(other)).toBe(other)
    const request = { jsonrpc: '2.0' as const, id: 2, method: 'tools/list' }
    expect(withValidationEnvelope(request)).toBe(request)
  })
})
