/**
 * The one behaviour suite every Store implementation passes (SQLite and PostgreSQL).
 * Called from `sqlite.test.ts` and `postgres.test.ts` with a factory for a fresh, empty store.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { consumeForKey } from '../../src/stores/keyed-consume.ts'
import type { Account, NewKey, Store, WebhookSubscription } from '../../src/stores/types.ts'

let seq = 0
function newKey(tag: string): NewKey {
  seq += 1
  return { id: `key_${tag}_${seq}`, hash: `hash_${tag}_${seq}`.padEnd(64, '0'), prefix: `of_live_${tag}` }
}
const now = new Date('2026-11-22T01:00:00.000Z')

export function storeSuite(name: string, open: () => Promise<Store>): void {
  describe(`${name} store`, () => {
    let store: Store
    beforeEach(async () => {
      store = await open()
      await store.migrate()
    })
    afterEach(async () => {
      await store.close()
    })

    it('creates an account with its key and finds it by hash only while active', async () => {
      const key = newKey('a')
      const created = await store.createAccount({ account_id: 'acct_a', email: 'a@example.org', plan: 'free', key, now })
      expect(created).not.toBe('email_taken')
      const found = await store.findActiveKey(key.hash)
      expect(found?.account).toMatchObject({ id: 'acct_a', email: 'a@example.org', plan: 'free', monthly_quota: null })
      expect(found?.key).toMatchObject({ id: key.id, prefix: 'of_live_a' })
      expect(await store.findActiveKey('nope'.padEnd(64, '0'))).toBeNull()
    })

    it('refuses a second account for the same email', async () => {
      await store.createAccount({ account_id: 'acct_b1', email: 'b@example.org', plan: 'free', key: newKey('b'), now })
      const again = await store.createAccount({ account_id: 'acct_b2', email: 'b@example.org', plan: 'free', key: newKey('b'), now })
      expect(again).toBe('email_taken')
    })

    it('rotation revokes the old key at once and only once', async () => {
      const k1 = newKey('c')
      await store.createAccount({ account_id: 'acct_c', email: 'c@example.org', plan: 'developer', key: k1, now })
      const k2 = newKey('c')
      const rotated = await store.rotateKey({ old_key_id: k1.id, key: k2, now })
      expect(rotated).toMatchObject({ id: k2.id, account_id: 'acct_c' })
      expect(await store.findActiveKey(k1.hash)).toBeNull()
      expect((await store.findActiveKey(k2.hash))?.account.plan).toBe('developer')
      expect(await store.rotateKey({ old_key_id: k1.id, key: newKey('c'), now })).toBeNull()
    })

    it('changes a plan with overrides', async () => {
      await store.createAccount({ account_id: 'acct_d', email: 'd@example.org', plan: 'free', key: newKey('d'), now })
      const acct = await store.setPlan({ email: 'd@example.org', plan: 'enterprise', monthly_quota: 9_000_000, burst_per_minute: 10_000 })
      expect(acct).toMatchObject({ plan: 'enterprise', monthly_quota: 9_000_000, burst_per_minute: 10_000 })
      expect(await store.setPlan({ email: 'nobody@example.org', plan: 'business' })).toBeNull()
      expect((await store.findAccountByEmail('d@example.org'))?.plan).toBe('enterprise')
    })

    it('consume counts an amount at once, all or nothing (an MCP batch)', async () => {
      const windows = [{ window: 'm:2026-11-22T01:00', limit: 10 }, { window: 'M:2026-11', limit: 100 }]
      expect(await store.consume('acct:n', windows, 4)).toEqual({ ok: true, counts: [4, 4] })
      expect(await store.consume('acct:n', windows, 7)).toEqual({ ok: false, blocked: 0, counts: [4] })
      expect(await store.consume('acct:n', windows, 6)).toEqual({ ok: true, counts: [10, 10] })
      expect(await store.consume('acct:fresh', windows, 11)).toMatchObject({ ok: false, blocked: 0 })
      expect(await store.peek('acct:fresh', windows.map((w) => w.window))).toEqual([0, 0])
    })

    it('answers a ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined()
    })

    it('consume counts every window and stops at the first full one without counting the others', async () => {
      const windows = [{ window: 'm:2026-11-22T01:00', limit: 3 }, { window: 'M:2026-11', limit: 5 }]
      for (let i = 1; i <= 3; i += 1) expect(await store.consume('acct:x', windows)).toEqual({ ok: true, counts: [i, i] })
      expect(await store.consume('acct:x', windows)).toEqual({ ok: false, blocked: 0, counts: [3] })
      expect(await store.peek('acct:x', ['m:2026-11-22T01:00', 'M:2026-11', 'm:other'])).toEqual([3, 3, 0])
      const next = [{ window: 'm:2026-11-22T01:01', limit: 3 }, { window: 'M:2026-11', limit: 5 }]
      expect(await store.consume('acct:x', next)).toEqual({ ok: true, counts: [1, 4] })
      expect(await store.consume('acct:x', next)).toEqual({ ok: true, counts: [2, 5] })
      expect(await store.consume('acct:x', next)).toEqual({ ok: false, blocked: 1, counts: [2, 5] })
      // The minute counter was not advanced by the refused call.
      expect(await store.peek('acct:x', ['m:2026-11-22T01:01'])).toEqual([2])
    })

    it('never lets concurrent callers past a limit', async () => {
      const windows = [{ window: 'm:2026-11-22T01:02', limit: 25 }]
      const results = await Promise.all(Array.from({ length: 60 }, () => store.consume('acct:race', windows)))
      expect(results.filter((r) => r.ok)).toHaveLength(25)
      expect(await store.peek('acct:race', ['m:2026-11-22T01:02'])).toEqual([25])
    })

    it('consumeForKey finds the key and counts in one call: exact under concurrency, nothing for a revoked key', async () => {
      const k1 = newKey('k')
      await store.createAccount({ account_id: 'acct_k', email: 'k@example.org', plan: 'developer', key: k1, now })
      const windows = [{ window: 'm:2026-11-22T01:03', limit: 25 }, { window: 'M:2026-11', limit: 1000 }]
      const seen: string[] = []
      const countFor = (account: Account) => {
        seen.push(account.plan)
        return { subject: `acct:${account.id}`, windows, amount: 1 }
      }
      const results = await Promise.all(Array.from({ length: 60 }, () => consumeForKey(store, k1.hash, countFor)))
      expect(results.every((r) => r?.found.key.id === k1.id && r.found.account.id === 'acct_k' && r.found.hash === k1.hash)).toBe(true)
      expect(results.filter((r) => r?.result.ok)).toHaveLength(25)
      expect(results.find((r) => r && !r.result.ok)?.result).toEqual({ ok: false, blocked: 0, counts: [25] })
      expect(new Set(seen)).toEqual(new Set(['developer']))
      await store.rotateKey({ old_key_id: k1.id, key: newKey('k'), now })
      expect(await consumeForKey(store, k1.hash, countFor)).toBeNull()
      expect(await consumeForKey(store, 'nope'.padEnd(64, '0'), countFor)).toBeNull()
      expect(await store.peek('acct:acct_k', windows.map((w) => w.window))).toEqual([25, 25])
    })

    it('prunes old minute windows only', async () => {
      await store.consume('ip:1', [{ window: 'm:2026-11-22T00:58', limit: 9 }])
      await store.consume('ip:1', [{ window: 'm:2026-11-22T01:05', limit: 9 }])
      await store.consume('ip:1', [{ window: 'M:2026-10', limit: 9 }])
      expect(await store.pruneWindows('m:', 'm:2026-11-22T01:00')).toBe(1)
      expect(await store.peek('ip:1', ['m:2026-11-22T00:58', 'm:2026-11-22T01:05', 'M:2026-10'])).toEqual([0, 1, 1])
    })

    it('queues webhook deliveries once per event and records attempts', async () => {
      await store.createAccount({ account_id: 'acct_w', email: 'w@example.org', plan: 'business', key: newKey('w'), now })
      const sub: WebhookSubscription = { id: 'wh_1', account_id: 'acct_w', url: 'http://127.0.0.1:9/hook', secret: 's3cret', created_at: now.toISOString() }
      await store.addWebhook(sub)
      expect(await store.listWebhooks('acct_w')).toEqual([sub])
      expect(await store.listWebhooks('acct_other')).toEqual([])
      const enqueue = { event_id: 'evt_1', event: 'data_version.released', payload: '{"a":1}', subscriptions: [sub], now, ids: ['dlv_1'] }
      expect(await store.enqueueDeliveries(enqueue)).toBe(1)
      expect(await store.enqueueDeliveries({ ...enqueue, ids: ['dlv_2'] })).toBe(0)
      const due = await store.dueDeliveries(now, 10)
      expect(due.map((d) => [d.id, d.status, d.attempts])).toEqual([['dlv_1', 'pending', 0]])
      const later = new Date(now.getTime() + 30_000)
      await store.recordAttempt({ delivery_id: 'dlv_1', at: now, http_status: 500, error: 'HTTP 500', next_attempt_at: later, delivered: false })
      expect(await store.dueDeliveries(now, 10)).toEqual([])
      expect((await store.dueDeliveries(later, 10))[0]).toMatchObject({ attempts: 1, last_status: 500, status: 'pending' })
      await store.recordAttempt({ delivery_id: 'dlv_1', at: later, http_status: 204, error: null, next_attempt_at: null, delivered: true })
      const [done] = await store.listDeliveries('wh_1')
      expect(done).toMatchObject({ status: 'delivered', attempts: 2, last_status: 204, delivered_at: later.toISOString() })
    })

    it('keeps meta values', async () => {
      expect(await store.getMeta('announced_version')).toBeNull()
      await store.setMeta('announced_version', '2026.1')
      await store.setMeta('announced_version', '2026.2')
      expect(await store.getMeta('announced_version')).toBe('2026.2')
    })
  })
}
