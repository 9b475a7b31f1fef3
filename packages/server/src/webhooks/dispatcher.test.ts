import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openSqliteStore } from '../stores/sqlite.ts'
import type { Store } from '../stores/types.ts'
import { testRelease } from '../../test/support/test-release.ts'
import { announceRelease, deliverDue, nextAttemptAt } from './dispatcher.ts'
import { SIGNATURE_HEADER, verifySignature } from './signature.ts'

interface Received { headers: Record<string, string | string[] | undefined>; body: string }

let dir: string
let store: Store
let server: Server
let url: string
let received: Received[]
let failuresLeft: number

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'openfactors-wh-'))
  store = openSqliteStore(join(dir, 'wh.db'))
  received = []
  failuresLeft = 0
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => { body += chunk.toString('utf8') })
    req.on('end', () => {
      received.push({ headers: req.headers, body })
      res.statusCode = failuresLeft-- > 0 ? 500 : 204
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const addr = server.address()
  url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/hook`
  await store.createAccount({ account_id: 'acct_b', email: 'b@example.org', plan: 'business', key: { id: 'key_b', hash: 'h'.repeat(64), prefix: 'of_live_b' }, now: new Date() })
  await store.addWebhook({ id: 'wh_1', account_id: 'acct_b', url, secret: 'a-long-enough-secret', created_at: new Date().toISOString() })
})

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('change webhooks', () => {
  it('delivers a signed data_version.released event listing the changed keys, once per release', async () => {
    const now = new Date()
    expect(await announceRelease(store, testRelease('2026.1'), testRelease('2026.2'), now)).toBe(1)
    expect(await announceRelease(store, testRelease('2026.1'), testRelease('2026.2'), now)).toBe(0)
    expect(await deliverDue(store, { now: () => new Date() })).toBe(1)
    expect(received).toHaveLength(1)
    const [hit] = received
    const signature = String(hit?.headers[SIGNATURE_HEADER.toLowerCase()])
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    expect(await verifySignature('a-long-enough-secret', hit!.body, signature, new Date())).toBe(true)
    expect(await verifySignature('another-secret-entirely', hit!.body, signature, new Date())).toBe(false)
    expect(await verifySignature('a-long-enough-secret', `${hit!.body} `, signature, new Date())).toBe(false)
    expect(await verifySignature('a-long-enough-secret', hit!.body, signature, new Date(Date.now() + 3_600_000))).toBe(false)
    const event = JSON.parse(hit!.body) as { type: string; data: { mb_version: string; previous_mb_version: string; changed_keys: { added: string[]; changed: string[]; removed: string[] } } }
    expect(event.type).toBe('data_version.released')
    expect(event.data).toMatchObject({ mb_version: '2026.2', previous_mb_version: '2026.1' })
    expect(event.data.changed_keys).toEqual({ added: ['fuels.gb.lpg.litres'], changed: ['fuels.gb.diesel.litres'], removed: [] })
    const [log] = await store.listDeliveries('wh_1')
    expect(log).toMatchObject({ status: 'delivered', attempts: 1, last_status: 204 })
  })

  it('retries failures with exponential backoff and logs every attempt', async () => {
    failuresLeft = 2
    let clock = new Date('2026-11-22T12:00:00.000Z')
    const policy = { baseDelayMs: 1_000, maxAttempts: 5, timeoutMs: 5_000 }
    await announceRelease(store, testRelease('2026.1'), testRelease('2026.2'), clock)
    await deliverDue(store, { now: () => clock, policy })
    let [log] = await store.listDeliveries('wh_1')
    expect(log).toMatchObject({ status: 'pending', attempts: 1, last_status: 500, next_attempt_at: '2026-11-22T12:00:01.000Z' })
    expect(await deliverDue(store, { now: () => clock, policy })).toBe(0)
    clock = new Date('2026-11-22T12:00:01.000Z')
    await deliverDue(store, { now: () => clock, policy })
    ;[log] = await store.listDeliveries('wh_1')
    expect(log).toMatchObject({ attempts: 2, next_attempt_at: '2026-11-22T12:00:03.000Z' })
    clock = new Date('2026-11-22T12:00:03.000Z')
    await deliverDue(store, { now: () => clock, policy })
    ;[log] = await store.listDeliveries('wh_1')
    expect(log).toMatchObject({ status: 'delivered', attempts: 3, last_status: 204 })
    expect(received).toHaveLength(3)
    expect(new Set(received.map((r) => r.headers['openfactors-delivery'])).size).toBe(1)
  })

  it('gives up after the last attempt', () => {
    const policy = { baseDelayMs: 1_000, maxAttempts: 3, timeoutMs: 1_000 }
    const at = new Date('2026-01-01T00:00:00Z')
    expect(nextAttemptAt(0, at, policy)?.toISOString()).toBe('2026-01-01T00:00:01.000Z')
    expect(nextAttemptAt(1, at, policy)?.toISOString()).toBe('2026-01-01T00:00:02.000Z')
    expect(nextAttemptAt(2, at, policy)).toBeNull()
  })
})
