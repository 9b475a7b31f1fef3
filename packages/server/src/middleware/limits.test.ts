import { describe, expect, it } from 'vitest'
import { ApiError } from '../errors.ts'
import { boundViolation, jsonDepth, readBoundedJson } from './limits.ts'

const LIMITS = { maxDepth: 4, maxItems: 3, maxString: 10 }

function chunked(parts: string[]): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of parts) controller.enqueue(new TextEncoder().encode(p))
      controller.close()
    },
  })
  return new Request('http://x/', { method: 'POST', body, duplex: 'half' } as RequestInit)
}

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.catch((e: unknown) => e)
  expect(err).toBeInstanceOf(ApiError)
  return err as ApiError
}

describe('input bounds', () => {
  it('measures nesting on the text, ignoring brackets inside strings', () => {
    expect(jsonDepth('{"a":[1,{"b":2}]}', 10)).toBe(3)
    expect(jsonDepth('{"a":"[[[[[[\\"]]]"}', 10)).toBe(1)
    expect(jsonDepth('['.repeat(1_000_000), 32)).toBe(33)
  })

  it('finds the first array or string above its bound, with its path', () => {
    expect(boundViolation({ a: [1, 2, 3] }, LIMITS)).toBeNull()
    expect(boundViolation({ a: [1, 2, 3, 4] }, LIMITS)).toEqual({ path: 'a', message: 'arrays are limited to 3 items' })
    expect(boundViolation({ a: [{ b: 'x'.repeat(11) }] }, LIMITS)).toEqual({ path: 'a.0.b', message: 'strings are limited to 10 characters' })
    expect(boundViolation({ ['k'.repeat(11)]: 1 }, LIMITS)?.message).toBe('property names are limited to 10 characters')
  })

  it('reads chunked bodies up to the byte limit only (413 past it, no Content-Length needed)', async () => {
    expect(await readBoundedJson(chunked(['{"a":', '[1,2]}']), 100, LIMITS)).toEqual({ a: [1, 2] })
    const big = await refusal(readBoundedJson(chunked(Array.from({ length: 50 }, () => '          ')), 100, LIMITS))
    expect(big.code).toBe('payload_too_large')
    const declared = new Request('http://x/', { method: 'POST', body: '{}', headers: { 'content-length': '1000' } })
    expect((await refusal(readBoundedJson(declared, 100, LIMITS))).code).toBe('payload_too_large')
  })

  it('refuses too deep, too wide, too long and broken bodies with invalid_request before parsing work', async () => {
    for (const text of ['[[[[[1]]]]]', '[1,2,3,4]', '"xxxxxxxxxxxx"', '{"a":', '\u00ff']) {
      const err = await refusal(readBoundedJson(new Request('http://x/', { method: 'POST', body: text }), 1_000, LIMITS))
      expect(err.code).toBe('invalid_request')
    }
    const bad = new Request('http://x/', { method: 'POST', body: new Uint8Array([0x7b, 0xff, 0x7d]) })
    expect((await refusal(readBoundedJson(bad, 1_000, LIMITS))).message).toContain('UTF-8')
  })
})
