/**
 * Quota leases: a busy key's counted calls taken from the store in blocks. When one key calls an
 * instance often (at least `hotCalls` in the last lease time), the store call that counts its next
 * call also reserves up to `maxLease` more units in the same statement, under the same limits; the
 * key's following calls on this instance are counted against that reservation in memory, with no
 * store round trip. What a lease did not use is given back (`returnUnused`) when it ends: after
 * `leaseMs`, at the end of its minute window, or when the store closes.
 *
 * Why exact across instances still holds:
 * - never past a limit: every unit served was counted in the store under its limits first;
 * - never refused early: a refusal may be caused by units another instance holds but will not use,
 *   so a refused call waits until every lease taken before it has ended (two lease times) and asks
 *   once more; only that second answer is final. Leases are only taken with room to spare (at most a
 *   quarter of what a window has left), so near a limit every call is counted one by one;
 * - nothing lost: units are counted before they are served; a lease's unused units come back when it
 *   ends. An instance that dies holding one loses at most its unused units, counted as used (a
 *   client refused a little early, never served past its quota).
 * What a client sees: RateLimit-* of a call served from a lease give the counts as they were after
 * it, as if the lease's units were taken one by one; calls of other instances meanwhile are not in
 * them. A key rotated through any instance gives 401 everywhere once the rotation has answered: it
 * waits until every lease taken before it has ended. A plan changed (admin CLI) is seen by the key's
 * next store call, at most `leaseMs` later.
 */
import type { CountFor, FoundKeyRecord, KeyedConsume, Store, WindowLimit } from './types.ts'

export interface LeaseOptions {
  /** How long a lease lives, ms; 0 turns leasing off. */
  leaseMs: number
  /** Most units one lease reserves beyond the call that takes it. */
  maxLease: number
  /** Calls of one key in the last lease time that make it busy enough to lease. */
  hotCalls: number
}

export const DEFAULT_LEASE: LeaseOptions = { leaseMs: 50, maxLease: 1024, hotCalls: 16 }

interface Lease {
  found: FoundKeyRecord
  subject: string
  windows: WindowLimit[]
  /** Units reserved beyond the call that took the lease, and how many of them were served. */
  size: number
  used: number
  /** Counts of each window after the lease was taken (its whole reservation included). */
  countsAtEnd: number[]
  expires: number
}

interface KeyState {
  lease?: Lease
  /** A store call taking or renewing this key's lease: later calls wait for it, then look again. */
  taking?: Promise<KeyedConsume | null>
  /** Calls in the current and the last lease time: how busy the key is. */
  bucketStart: number
  calls: number
  lastCalls: number
  /** Counts the store last reported for this key, and their windows and limits: room for the next lease. */
  lastCounts?: number[]
  lastWindows?: WindowLimit[]
}

/** Past this many keys the one seen first is forgotten, its lease ended (it costs nothing but a first exact call). */
const MAX_KEYS = 10_000

const sameWindows = (a: WindowLimit[], b: WindowLimit[]): boolean =>
  a.length === b.length && a.every((w, i) => w.window === b[i]?.window && w.limit === b[i]?.limit)

/** The store with `consumeForKey` taking leases; every other method passed through. */
export function leaseQuotas(store: Store, options: LeaseOptions = DEFAULT_LEASE, now: () => number = Date.now): Store {
  const inner = store.consumeForKey?.bind(store)
  const giveBack = store.returnUnused?.bind(store)
  if (options.leaseMs <= 0 || !inner || !giveBack) return store
  const keys = new Map<string, KeyState>()
  const ending = new Set<Promise<void>>()

  const stateOf = (hash: string, t: number): KeyState => {
    let st = keys.get(hash)
    if (!st) {
      if (keys.size >= MAX_KEYS) {
        const oldest = keys.keys().next()
        if (!oldest.done) {
          endLease(keys.get(oldest.value))
          keys.delete(oldest.value)
        }
      }
      st = { bucketStart: t, calls: 0, lastCalls: 0 }
      keys.set(hash, st)
    }
    if (t - st.bucketStart >= options.leaseMs) {
      st.lastCalls = t - st.bucketStart >= 2 * options.leaseMs ? 0 : st.calls
      st.calls = 0
      st.bucketStart = t
    }
    return st
  }

  // Unused units go back to every window they were counted in. A failed return leaves them counted:
  // the client is refused a little early, never served past its quota.
  function endLease(st: KeyState | undefined): void {
    const lease = st?.lease
    if (!st || !lease) return
    st.lease = undefined
    const unused = lease.size - lease.used
    if (unused <= 0) return
    const done = giveBack!(lease.subject, lease.windows.map((w) => w.window), unused).then(() => undefined, () => undefined)
    ending.add(done)
    void done.finally(() => ending.delete(done))
  }

  const fromLease = (st: KeyState, countFor: CountFor, t: number): KeyedConsume | undefined => {
    const lease = st.lease
    if (!lease) return undefined
    if (t >= lease.expires) {
      endLease(st)
      return undefined
    }
    const { subject, windows, amount } = countFor(lease.found.account)
    if (subject !== lease.subject || !sameWindows(windows, lease.windows)) {
      endLease(st)
      return undefined
    }
    if (lease.used + amount > lease.size) return undefined
    lease.used += amount
    const unused = lease.size - lease.used
    return { found: lease.found, result: { ok: true, counts: lease.countsAtEnd.map((c) => c - unused) } }
  }

  /**
   * How many units to reserve beyond a call, decided before the store call from what the store last
   * said of this key: what it used in the last lease time, within a quarter of the room each window
   * had left. 0 for a quiet key, a key not counted yet, or near a limit.
   */
  const plannedReserve = (st: KeyState): number => {
    if (st.lastCalls < options.hotCalls || !st.lastCounts || !st.lastWindows) return 0
    let extra = Math.min(options.maxLease, st.lastCalls)
    st.lastWindows.forEach((w, i) => {
      extra = Math.min(extra, Math.floor((w.limit - (st.lastCounts?.[i] ?? w.limit)) / 4) - 1)
    })
    return Math.max(0, extra)
  }

  const ask = (hash: string, countFor: CountFor, st: KeyState, retried: boolean): Promise<KeyedConsume | null> => {
    const planned = retried ? 0 : plannedReserve(st)
    let extra = 0
    let asked: { subject: string; windows: WindowLimit[]; amount: number } | undefined
    const countWithLease: CountFor = (account) => {
      const plan = countFor(account)
      asked = plan
      // The room was judged on these windows and limits; a new minute or plan is counted exactly first.
      extra = planned > 0 && st.lastWindows && sameWindows(plan.windows, st.lastWindows) ? planned - (plan.amount - 1) : 0
      if (extra < 0) extra = 0
      return extra > 0 ? { ...plan, amount: plan.amount + extra } : plan
    }
    const answer = inner(hash, countWithLease).then((done): KeyedConsume | null | Promise<KeyedConsume | null> => {
      if (!done || !asked) {
        endLease(st)
        return done
      }
      const { result } = done
      st.lastWindows = asked.windows
      if (result.ok) {
        st.lastCounts = result.counts
        if (extra === 0) return done
        endLease(st)
        const lease: Lease = { found: done.found, subject: asked.subject, windows: asked.windows, size: extra, used: 0, countsAtEnd: result.counts, expires: now() + options.leaseMs }
        st.lease = lease
        // This lease ends when its time is up, whatever the clock's rounding: a refused call elsewhere waits for it.
        const timer = setTimeout(() => { if (st.lease === lease) endLease(st) }, options.leaseMs)
        timer.unref?.()
        return { found: done.found, result: { ok: true, counts: result.counts.map((c) => c - extra) } }
      }
      // Refused with a reservation: ask again for this call alone. Refused alone: units may be held by
      // leases of this or other instances that will not use them; once every lease taken before now
      // has ended (returned), the second answer is final.
      st.lastCounts = undefined
      if (extra > 0) return ask(hash, countFor, st, retried)
      if (retried) return done
      return new Promise<KeyedConsume | null>((resolve, reject) => {
        setTimeout(() => { ask(hash, countFor, st, true).then(resolve, reject) }, 2 * options.leaseMs)
      })
    })
    // Only a call that may bring a lease holds the key's next calls back (a refused call's wait does not).
    if (planned > 0) {
      st.taking = answer
      const clear = (): void => { if (st.taking === answer) st.taking = undefined }
      answer.then(clear, clear)
    }
    return answer
  }

  /** `counted`: false for a call that already waited for a lease (it was counted as busy then). */
  const serve = (hash: string, countFor: CountFor, counted: boolean): Promise<KeyedConsume | null> => {
    const t = now()
    const st = stateOf(hash, t)
    if (counted) st.calls++
    const served = fromLease(st, countFor, t)
    if (served) return Promise.resolve(served)
    // A lease being taken for this key: wait for it (its units may cover this call), then look again.
    const taking = st.taking
    if (taking) {
      const next = (): Promise<KeyedConsume | null> => serve(hash, countFor, false)
      return taking.then(next, next)
    }
    return ask(hash, countFor, st, false)
  }

  return {
    ...store,
    consumeForKey: (hash, countFor) => serve(hash, countFor, true),
    // A rotated key gives 401 at once (the contract): this instance drops its leases of the old key now, and
    // the rotation answers only once every lease another instance took before it has ended (two lease times).
    async rotateKey(input) {
      const rotated = await store.rotateKey(input)
      for (const st of keys.values()) if (st.lease?.found.key.id === input.old_key_id) endLease(st)
      if (rotated) await new Promise((r) => setTimeout(r, 2 * options.leaseMs))
      return rotated
    },
    async close() {
      for (const st of keys.values()) endLease(st)
      keys.clear()
      await Promise.all([...ending])
      await store.close()
    },
  }
}
