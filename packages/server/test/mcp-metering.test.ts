/**
 * MCP metering through the real app: each tools/call and resources/read in a message or batch is
 * one call against burst and quota (the same codes as /v1), free messages stay free, and event
 * streams (GET /mcp) count, are limited per key and are closed when idle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorOf, harness, type Harness } from './support/harness.ts'

let h: Harness
const STREAM_IDLE_MS = 300

beforeAll(async () => {
  h = await harness({ mcpStreamsPerKey: 2, mcpStreamIdleMs: STREAM_IDLE_MS })
})
afterAll(async () => { await h.close() })

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }

function mcp(key: string, body: unknown): Promise<Response> {
  return Promise.resolve(h.app.request('/mcp', { method: 'POST', headers: { ...HEADERS, authorization: `Bearer ${key}` }, body: JSON.stringify(body) }))
}

const lookupCall = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'lookup_factor', arguments: { key: 'fuels.gb.diesel.litres' } } })
const readFactor = (id: number) => ({ jsonrpc: '2.0', id, method: 'resources/read', params: { uri: 'factor://fuels.gb.diesel.litres' } })

async function usage(key: string): Promise<{ minute: number; month: number }> {
  const res = await h.get('/v1/account', key)
  return ((await res.json()) as { usage: { minute: number; month: number } }).usage
}

describe('MCP metering', () => {
  it('counts every tool call and resource read in a batch; list calls are free', async () => {
    const key = await h.key('batch@example.org', 'free', { burst_per_minute: 50, monthly_quota: 1000 })
    const free = await mcp(key, [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { jsonrpc: '2.0', id: 2, method: 'resources/list' }])
    expect(free.status).toBe(200)
    expect(await usage(key)).toEqual({ minute: 0, month: 0 })

    const batch = await mcp(key, [lookupCall(1), lookupCall(2), lookupCall(3), readFactor(4), readFactor(5)])
    expect(batch.status).toBe(200)
    const answers = (await batch.json()) as Array<{ id: number; result?: unknown }>
    expect(answers.map((a) => a.id).sort()).toEqual([1, 2, 3, 4, 5])
    expect(await usage(key)).toEqual({ minute: 5, month: 5 })
    expect(batch.headers.get('ratelimit-remaining')).toBe('45')
  })

  it('refuses a batch that would pass the burst limit with rate_limited, counting nothing', async () => {
    const key = await h.key('burst@example.org', 'free', { burst_per_minute: 10, monthly_quota: 1000 })
    const over = await mcp(key, Array.from({ length: 11 }, (_, i) => lookupCall(i)))
    expect(over.status).toBe(429)
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await errorOf(over)).toMatchObject({ code: 'rate_limited', calls: 11, limit: 10 })
    expect(await usage(key)).toEqual({ minute: 0, month: 0 })
    expect((await mcp(key, Array.from({ length: 10 }, (_, i) => lookupCall(i)))).status).toBe(200)
    const next = await mcp(key, lookupCall(99))
    expect(next.status).toBe(429)
    expect((await errorOf(next)).code).toBe('rate_limited')
  })

  it('resource reads count against the monthly quota and are refused over it with quota_exceeded', async () => {
    const key = await h.key('quota@example.org', 'free', { burst_per_minute: 100, monthly_quota: 3 })
    for (let i = 0; i < 3; i++) expect((await mcp(key, readFactor(i))).status).toBe(200)
    const over = await mcp(key, readFactor(9))
    expect(over.status).toBe(429)
    expect(await errorOf(over)).toMatchObject({ code: 'quota_exceeded', limit: 3 })
    // A free message still works over quota (it costs nothing).
    expect((await mcp(key, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(200)
  })

  it('event streams count one call, at most two per key, and close when idle', async () => {
    const key = await h.key('streams@example.org', 'free', { burst_per_minute: 100, monthly_quota: 1000 })
    const open = () => Promise.resolve(h.app.request('/mcp', { headers: { accept: 'text/event-stream', authorization: `Bearer ${key}` } }))
    const first = await open()
    const second = await open()
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(first.headers.get('content-type')).toContain('text/event-stream')
    expect(await usage(key)).toMatchObject({ minute: 2 })
    const third = await open()
    expect(third.status).toBe(429)
    expect((await errorOf(third)).code).toBe('rate_limited')

    // Both streams end by themselves after the idle time; then a new one may open.
    const started = performance.now()
    const ends = await Promise.all([first, second].map(async (res) => {
      const reader = res.body!.getReader()
      for (;;) if ((await reader.read()).done) return performance.now() - started
    }))
    for (const ms of ends) expect(ms).toBeLessThan(STREAM_IDLE_MS + 2_000)
    const again = await open()
    expect(again.status).toBe(200)
    await again.body?.cancel()
  })

  it('refuses a stream without a key', async () => {
    const res = await h.app.request('/mcp', { headers: { accept: 'text/event-stream' } })
    expect(res.status).toBe(401)
  })
})
