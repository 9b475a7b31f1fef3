/**
 * PostgreSQL's `consumeForKey` (one statement per counted call) against a real database: the same
 * verdicts as the key lookup then count it replaces, one round trip once the key is known, and
 * exact counts when two store instances (two pools) race on one key.
 */
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { postgresAvailability, startPostgres, type TestPostgres } from '../../test/support/postgres-server.ts'
import { consumeForKey } from './keyed-consume.ts'
import { openPostgresStore } from './postgres.ts'
import type { Account, CountFor, KeyedConsume, NewKey, Store } from './types.ts'

const mode = postgresAvailability(process.env)
const now = new Date('2026-11-22T01:00:00.000Z')

let seq = 0
function newKey(): NewKey {
  seq += 1
  return { id: `key_pk_${seq}`, hash: `hash_pk_${seq}_`.padEnd(64, '0'), prefix: 'of_live_pk' }
}

/** As the server counts a keyed call: the account's burst per minute and monthly quota (defaults 60 / 1,000). */
function countFor(minute: string, amount = 1): CountFor {
  return (account: Account) => ({
    subject: `acct:${account.id}`,
    windows: [{ window: minute, limit: account.burst_per_minute ?? 60 }, { window: 'M:2026-11', limit: account.monthly_quota ?? 1000 }],
    amount,
  })
}

/** What a call came to, without the ids that differ between accounts. */
function verdict(r: KeyedConsume | null): unknown {
  return r && { plan: r.found.account.plan, burst: r.found.account.burst_per_minute, monthly: r.found.account.monthly_quota, result: r.result }
}

async function account(store: Store, name: string, limits: { burst: number; monthly: number }): Promise<NewKey> {
  const key = newKey()
  const created = await store.createAccount({ account_id: `acct_${name}`, email: `${name}@example.org`, plan: 'developer', key, now })
  expect(created).not.toBe('email_taken')
  await store.setPlan({ email: `${name}@example.org`, plan: 'developer', monthly_quota: limits.monthly, burst_per_minute: limits.burst })
  return key
}

describe.skipIf(mode === 'skip')('postgres consumeForKey', () => {
  let server: TestPostgres
  const open: Store[] = []
  const store = async (): Promise<Store> => {
    const s = openPostgresStore(server.url)
    open.push(s)
    await s.migrate()
    return s
  }
  beforeAll(async () => { server = await startPostgres() })
  afterEach(async () => {
    vi.restoreAllMocks()
    await Promise.all(open.splice(0).map((s) => s.close()))
  })
  afterAll(() => server?.stop())

  it('gives the verdicts of the key lookup then count, through burst, quota, a plan change, a batch and a rotation', async () => {
    const native = await store()
    expect(native.consumeForKey).toBeTypeOf('function')
    const { consumeForKey: _own, ...twoTrips } = native
    const script = async (s: Store, name: string): Promise<unknown[]> => {
      let key = await account(s, name, { burst: 3, monthly: 5 })
      const out: unknown[] = []
      const call = async (minute: string, amount = 1) => { out.push(verdict(await consumeForKey(s, key.hash, countFor(minute, amount)))) }
      for (let i = 0; i < 4; i++) await call('m:2026-11-22T01:00')
      await call('m:2026-11-22T01:01', 2)
      await call('m:2026-11-22T01:01')
      await s.setPlan({ email: `${name}@example.org`, plan: 'business', monthly_quota: 10, burst_per_minute: 4 })
      await call('m:2026-11-22T01:01', 2)
      await call('m:2026-11-22T01:01')
      out.push(verdict(await consumeForKey(s, 'unknown'.padEnd(64, '0'), countFor('m:2026-11-22T01:01'))))
      const old = await s.findActiveKey(key.hash)
      const next = newKey()
      await s.rotateKey({ old_key_id: old!.key.id, key: next, now })
      await call('m:2026-11-22T01:02')
      key = next
      await call('m:2026-11-22T01:02')
      out.push(await s.peek(`acct:acct_${name}`, ['m:2026-11-22T01:00', 'm:2026-11-22T01:01', 'm:2026-11-22T01:02', 'M:2026-11']))
      return out
    }
    const one = await script(native, 'verdict_one')
    const two = await script(twoTrips, 'verdict_two')
    expect(one).toEqual(two)
    const developer = { plan: 'developer', burst: 3, monthly: 5 }
    const business = { plan: 'business', burst: 4, monthly: 10 }
    expect(one).toEqual([
      { ...developer, result: { ok: true, counts: [1, 1] } },
      { ...developer, result: { ok: true, counts: [2, 2] } },
      { ...developer, result: { ok: true, counts: [3, 3] } },
      { ...developer, result: { ok: false, blocked: 0, counts: [3] } },
      { ...developer, result: { ok: true, counts: [2, 5] } },
      { ...developer, result: { ok: false, blocked: 1, counts: [2, 5] } },
      // The plan changed in the database: counted against the new limits at once.
      { ...business, result: { ok: true, counts: [4, 7] } },
      { ...business, result: { ok: false, blocked: 0, counts: [4] } },
      null, // unknown key
      null, // the rotated key
      { ...business, result: { ok: true, counts: [1, 8] } },
      [3, 4, 1, 8],
    ])
  })

  it('counts a call in one statement once the key is known; a plan change costs one more', async () => {
    const s = await store()
    const key = await account(s, 'trips', { burst: 100, monthly: 100 })
    await consumeForKey(s, key.hash, countFor('m:2026-11-22T01:00'))
    const sent = vi.spyOn(pg.Client.prototype, 'query')
    for (let i = 0; i < 10; i++) expect((await consumeForKey(s, key.hash, countFor('m:2026-11-22T01:00')))?.result.ok).toBe(true)
    expect(sent).toHaveBeenCalledTimes(10)
    await s.setPlan({ email: 'trips@example.org', plan: 'developer', monthly_quota: 12, burst_per_minute: 100 })
    sent.mockClear()
    const after = await consumeForKey(s, key.hash, countFor('m:2026-11-22T01:00'))
    expect(after?.result).toEqual({ ok: true, counts: [12, 12] })
    expect(sent).toHaveBeenCalledTimes(2) // the remembered account was stale: not counted, then counted
  })

  it('counts the calls of one event-loop turn in one statement, each decided in turn', async () => {
    const s = await store()
    const key = await account(s, 'turn', { burst: 15, monthly: 100 })
    await consumeForKey(s, key.hash, countFor('m:2026-11-22T01:00'))
    const sent = vi.spyOn(pg.Client.prototype, 'query')
    const results = await Promise.all(Array.from({ length: 20 }, () => consumeForKey(s, key.hash, countFor('m:2026-11-22T01:00'))))
    expect(sent).toHaveBeenCalledTimes(1)
    expect(results.map((r) => r?.result)).toEqual(Array.from({ length: 20 }, (_, i) =>
      i < 14 ? { ok: true, counts: [i + 2, i + 2] } : { ok: false, blocked: 0, counts: [15] }))
    // A minute boundary inside one turn: the calls with the next minute's windows go in a statement of their own.
    sent.mockClear()
    const mixed = await Promise.all(['01:01', '01:02', '01:01', '01:02'].map((m) => consumeForKey(s, key.hash, countFor(`m:2026-11-22T${m}`))))
    expect(sent).toHaveBeenCalledTimes(2)
    expect(mixed.map((r) => r?.result.counts)).toEqual([[1, 16], [1, 18], [2, 17], [2, 19]])
  })

  it('counts the calls of one key in one turn together, each told the counts after it, as if counted one by one', async () => {
    const s = await store()
    const [k1, k2] = [await account(s, 'sum1', { burst: 50, monthly: 100 }), await account(s, 'sum2', { burst: 50, monthly: 100 })]
    await consumeForKey(s, k1.hash, countFor('m:2026-11-22T01:00'))
    await consumeForKey(s, k2.hash, countFor('m:2026-11-22T01:00'))
    const sent = vi.spyOn(pg.Client.prototype, 'query')
    // Interleaved keys and amounts: each key's calls are summed in the statement, in arrival order.
    const plan: Array<[NewKey, number]> = [[k1, 1], [k2, 3], [k1, 2], [k1, 1], [k2, 1], [k1, 4]]
    const results = await Promise.all(plan.map(([k, amount]) => consumeForKey(s, k.hash, countFor('m:2026-11-22T01:00', amount))))
    expect(sent).toHaveBeenCalledTimes(1)
    expect(results.map((r) => r?.result)).toEqual([
      { ok: true, counts: [2, 2] }, { ok: true, counts: [4, 4] }, { ok: true, counts: [4, 4] },
      { ok: true, counts: [5, 5] }, { ok: true, counts: [5, 5] }, { ok: true, counts: [9, 9] },
    ])
    expect(await s.peek('acct:acct_sum1', ['m:2026-11-22T01:00', 'M:2026-11'])).toEqual([9, 9])
    expect(await s.peek('acct:acct_sum2', ['m:2026-11-22T01:00', 'M:2026-11'])).toEqual([5, 5])
    // Summed, the next turn would pass the burst of 50 for sum1: nothing is counted together, each call in turn.
    sent.mockClear()
    const over = await Promise.all([30, 5, 10, 1].map((amount) => consumeForKey(s, k1.hash, countFor('m:2026-11-22T01:00', amount))))
    expect(sent).toHaveBeenCalledTimes(1)
    expect(over.map((r) => r?.result)).toEqual([
      { ok: true, counts: [39, 39] }, { ok: true, counts: [44, 44] }, { ok: false, blocked: 0, counts: [44] }, { ok: true, counts: [45, 45] },
    ])
  })

  it('never deadlocks and stays exact with many accounts, two instances, two minutes and plain consume calls at once', async () => {
    const [a, b] = [await store(), await store()]
    const keys = await Promise.all(Array.from({ length: 6 }, (_, i) => account(a, `mesh${i}`, { burst: 100_000, monthly: 100_000 })))
    const minutes = ['m:2026-11-22T01:00', 'm:2026-11-22T01:01']
    const calls: Array<Promise<unknown>> = []
    // Both instances know every key, so all the calls below are counted in statements of many calls.
    for (const s of [a, b]) for (const key of keys) calls.push(consumeForKey(s, key.hash, countFor(minutes[0]!)))
    await Promise.all(calls)
    for (let wave = 0; wave < 30; wave++) {
      for (const [side, s] of [a, b].entries()) {
        // Each instance walks the accounts in its own order, alternating the minute.
        const order = side === 0 ? keys : [...keys].reverse()
        order.forEach((key, i) => {
          calls.push(consumeForKey(s, key.hash, countFor(minutes[(i + wave) % 2]!)))
          if (i % 3 === 0) calls.push(s.consume(`acct:acct_mesh${keys.indexOf(key)}`, [{ window: minutes[(i + wave + 1) % 2]!, limit: 100_000 }, { window: 'M:2026-11', limit: 100_000 }]))
        })
      }
    }
    const settled = await Promise.allSettled(calls)
    expect(settled.filter((r) => r.status === 'rejected')).toEqual([])
    let total = 0
    for (let i = 0; i < keys.length; i++) {
      const [m0 = 0, m1 = 0, month = 0] = await a.peek(`acct:acct_mesh${i}`, [...minutes, 'M:2026-11'])
      expect(m0 + m1).toBe(month)
      total += month
    }
    expect(total).toBe(calls.length)
  })

  it('keeps the quota exact when two instances race on one key, and refuses a key revoked by the other', async () => {
    const [a, b] = [await store(), await store()]
    const key = await account(a, 'race', { burst: 100_000, monthly: 150 })
    const calls = (s: Store) => Array.from({ length: 120 }, () => consumeForKey(s, key.hash, countFor('m:2026-11-22T01:00')))
    const results = await Promise.all([...calls(a), ...calls(b)])
    const ok = results.filter((r) => r?.result.ok)
    expect(ok).toHaveLength(150)
    expect(new Set(ok.map((r) => r?.result.counts[1])).size).toBe(150) // each count given out once
    expect(results.filter((r) => r && !r.result.ok).every((r) => r?.result.ok === false && r.result.blocked === 1)).toBe(true)
    expect(await a.peek('acct:acct_race', ['m:2026-11-22T01:00', 'M:2026-11'])).toEqual([150, 150])

    const found = await b.findActiveKey(key.hash)
    await b.rotateKey({ old_key_id: found!.key.id, key: newKey(), now })
    // `a` still remembers the key's account: the calls reach the statement (one of three calls), which finds no active key.
    const sent = vi.spyOn(pg.Client.prototype, 'query')
    expect(await Promise.all([1, 2, 3].map(() => consumeForKey(a, key.hash, countFor('m:2026-11-22T01:01'))))).toEqual([null, null, null])
    expect(sent).toHaveBeenCalledTimes(1)
    expect(await consumeForKey(a, key.hash, countFor('m:2026-11-22T01:01'))).toBeNull()
    expect(await a.peek('acct:acct_race', ['m:2026-11-22T01:01'])).toEqual([0])
  })
})
