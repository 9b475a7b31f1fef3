/**
 * The one behaviour suite every Store implementation passes (SQLite and PostgreSQL).
 * Called from `sqlite.test.ts` and `postgres.test.ts` with a factory for a fresh, empty store.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { consumeForKey } from '../../src/stores/keyed-consume.ts'
import { leaseQuotas, type LeaseOptions } from '../../src/stores/quota-lease.ts'
import type { Account, CountFor, NewKey, Store, WebhookSubscription } from '../../src/stores/types.ts'

let seq = 0
function newKey(tag: string): NewKey {
  seq += 1
  return { id: `key_${tag}_${seq}`, hash: `hash_${tag}_${seq}`.padEnd(64, '0'), prefix: `of_live_${tag}` }
}
const now = new Date('2026-11-22T01:00:00.000Z')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The store with its keyed store calls that counted something tallied: how many a lease layer over it really needed. */
function countingStoreCalls(store: Store): { store: Store; calls: () => number } {
  let calls = 0
  const inner = store.consumeForKey?.bind(store)
  if (!inner) throw new Error('the store has no consumeForKey')
  const consumeForKey: Store['consumeForKey'] = (hash, countFor) => inner(hash, countFor).then((done) => {
    if (done?.result.ok) calls++
    return done
  })
  return { store: { ...store, consumeForKey }, calls: () => calls }
}
const LEASE: LeaseOptions = { leaseMs: 40, maxLease: 16, hotCalls: 4 }

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

    it('returnUnused takes units back from each window, never below 0', async () => {
      await store.consume('acct:back', [{ window: 'm:2026-11-22T01:06', limit: 99 }, { window: 'M:2026-11', limit: 999 }], 10)
      await store.returnUnused?.('acct:back', ['m:2026-11-22T01:06', 'M:2026-11'], 4)
      expect(await store.peek('acct:back', ['m:2026-11-22T01:06', 'M:2026-11'])).toEqual([6, 6])
      await store.returnUnused?.('acct:back', ['m:2026-11-22T01:06', 'M:2026-11', 'm:absent'], 9)
      expect(await store.peek('acct:back', ['m:2026-11-22T01:06', 'M:2026-11', 'm:absent'])).toEqual([0, 0, 0])
    })

    it('quota leases: two instances racing on a burst of 150 serve exactly 150 of 240 calls, counted in fewer store calls', async () => {
      const key = newKey('lease')
      await store.createAccount({ account_id: 'acct_lease', email: 'lease@example.org', plan: 'developer', key, now })
      const windows = [{ window: 'm:2026-11-22T01:07', limit: 150 }, { window: 'M:2026-11', limit: 100_000 }]
      const countFor: CountFor = (account) => ({ subject: `acct:${account.id}`, windows, amount: 1 })
      const counted = countingStoreCalls(store)
      const a = leaseQuotas(counted.store, LEASE)
      const b = leaseQuotas(counted.store, LEASE)
      const oks: number[][] = []
      let refused = 0
      // Waves of 24 calls, split over both instances, a little under a lease time apart: busy keys on both.
      for (let wave = 0; wave < 10; wave++) {
        const results = await Promise.all(Array.from({ length: 24 }, (_, i) => consumeForKey(i % 2 ? a : b, key.hash, countFor)))
        for (const r of results) {
          if (r?.result.ok) oks.push(r.result.counts)
          else refused++
        }
        await sleep(25)
      }
      expect(oks).toHaveLength(150)
      expect(refused).toBe(90)
      expect(Math.max(...oks.map((c) => c[0] ?? 0))).toBeLessThanOrEqual(150)
      expect(counted.calls()).toBeLessThan(150)
      // Every lease has ended and given back what it did not use: the store holds exactly the calls served.
      await sleep(3 * LEASE.leaseMs)
      expect(await store.peek('acct:acct_lease', windows.map((w) => w.window))).toEqual([150, 150])
    })

    it('quota leases: units held by a lease another instance stops using are not refused to this one', async () => {
      const key = newKey('lease2')
      await store.createAccount({ account_id: 'acct_lease2', email: 'lease2@example.org', plan: 'developer', key, now })
      const windows = [{ window: 'm:2026-11-22T01:10', limit: 100 }]
      const countFor: CountFor = (account) => ({ subject: `acct:${account.id}`, windows, amount: 1 })
      const a = leaseQuotas(store, LEASE)
      const b = leaseQuotas(store, LEASE)
      // A busy on its own, then quiet while it still holds a lease's unused units.
      let servedByA = 0
      for (let wave = 0; wave < 4; wave++) {
        const results = await Promise.all(Array.from({ length: 6 }, () => consumeForKey(a, key.hash, countFor)))
        servedByA += results.filter((r) => r?.result.ok).length
        await sleep(15)
      }
      expect(servedByA).toBe(24)
      const held = (await store.peek('acct:acct_lease2', ['m:2026-11-22T01:10']))[0] ?? 0
      expect(held).toBeGreaterThan(servedByA)
      // B asks for everything left and 20 more: exactly what is left is served.
      const results = await Promise.all(Array.from({ length: 100 - servedByA + 20 }, () => consumeForKey(b, key.hash, countFor)))
      expect(results.filter((r) => r?.result.ok)).toHaveLength(100 - servedByA)
      await sleep(3 * LEASE.leaseMs)
      expect(await store.peek('acct:acct_lease2', ['m:2026-11-22T01:10'])).toEqual([100])
    })

    it('quota leases: one instance reports each call its own count; a new minute is counted in its own window', async () => {
      const key = newKey('lease1')
      await store.createAccount({ account_id: 'acct_lease1', email: 'lease1@example.org', plan: 'developer', key, now })
      let minute = 'm:2026-11-22T01:08'
      const countFor: CountFor = (account) => ({ subject: `acct:${account.id}`, windows: [{ window: minute, limit: 10_000 }], amount: 1 })
      const counted = countingStoreCalls(store)
      const leased = leaseQuotas(counted.store, LEASE)
      const seen: number[] = []
      for (let wave = 0; wave < 6; wave++) {
        const results = await Promise.all(Array.from({ length: 20 }, () => consumeForKey(leased, key.hash, countFor)))
        for (const r of results) seen.push(r?.result.counts[0] ?? -1)
        await sleep(10)
      }
      // 120 calls, counts 1..120 each once (no other instance), in fewer store calls.
      expect([...seen].sort((x, y) => x - y)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1))
      expect(counted.calls()).toBeLessThan(120)
      // The next minute is counted in its own window; what the last lease did not use goes back.
      minute = 'm:2026-11-22T01:09'
      expect((await consumeForKey(leased, key.hash, countFor))?.result).toEqual({ ok: true, counts: [1] })
      await sleep(3 * LEASE.leaseMs)
      expect(await store.peek('acct:acct_lease1', ['m:2026-11-22T01:08', 'm:2026-11-22T01:09'])).toEqual([120, 1])
    })

    it('quota leases: a key rotated through one instance is refused by another holding a lease of it once the rotation answers', async () => {
      const key = newKey('lease3')
      await store.createAccount({ account_id: 'acct_lease3', email: 'lease3@example.org', plan: 'developer', key, now })
      const countFor: CountFor = (account) => ({ subject: `acct:${account.id}`, windows: [{ window: 'm:2026-11-22T01:11', limit: 10_000 }], amount: 1 })
      const holder = leaseQuotas(store, LEASE)
      const rotator = leaseQuotas(store, LEASE)
      // Busy until the holder has a lease with units left (the store holds more than it served).
      let served = 0
      for (let wave = 0; wave < 10 && ((await store.peek('acct:acct_lease3', ['m:2026-11-22T01:11']))[0] ?? 0) <= served; wave++) {
        const results = await Promise.all(Array.from({ length: 20 }, () => consumeForKey(holder, key.hash, countFor)))
        served += results.filter((r) => r?.result.ok).length
        await sleep(5)
      }
      expect((await store.peek('acct:acct_lease3', ['m:2026-11-22T01:11']))[0]).toBeGreaterThan(served)
      await rotator.rotateKey({ old_key_id: key.id, key: newKey('lease3'), now })
      expect(await consumeForKey(holder, key.hash, countFor)).toBeNull()
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
