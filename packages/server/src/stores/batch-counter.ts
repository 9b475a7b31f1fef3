/**
 * Counting the calls of one batch inside one write transaction (the SQLite group commit): each
 * counter is read once, every call is decided in order in memory against the counts the calls
 * before it left, and each changed counter is written once at the end. Exact as long as the caller
 * holds the store's write lock from the first read to the last write (`BEGIN IMMEDIATE`): no other
 * writer can move a counter in between. A refused call changes nothing, as in `Store.consume`.
 */
import type { ConsumeResult, WindowLimit } from './types.ts'

export interface BatchCounter {
  consume(subject: string, windows: WindowLimit[], amount: number): ConsumeResult
  /** Take `amount` back from each window (never below 0): a quota lease's unused units. */
  giveBack(subject: string, windows: string[], amount: number): void
  /** Write every changed counter (once, in the same transaction as the reads). */
  flush(): void
}

interface Counter { subject: string; window: string; count: number; changed: boolean }

export function batchCounter(read: (subject: string, window: string) => number, write: (subject: string, window: string, count: number) => void): BatchCounter {
  const counters = new Map<string, Counter>()
  const counter = (subject: string, window: string): Counter => {
    const id = `${subject}\u0000${window}`
    let found = counters.get(id)
    if (!found) {
      found = { subject, window, count: read(subject, window), changed: false }
      counters.set(id, found)
    }
    return found
  }
  return {
    consume(subject, windows, amount) {
      const current = windows.map((w) => counter(subject, w.window))
      for (let i = 0; i < windows.length; i++) {
        if ((current[i]?.count ?? 0) + amount > (windows[i]?.limit ?? 0)) {
          return { ok: false, blocked: i, counts: current.slice(0, i + 1).map((c) => c.count) }
        }
      }
      for (const c of current) {
        c.count += amount
        c.changed = true
      }
      return { ok: true, counts: current.map((c) => c.count) }
    },
    giveBack(subject, windows, amount) {
      for (const window of windows) {
        const c = counter(subject, window)
        c.count = Math.max(0, c.count - amount)
        c.changed = true
      }
    },
    flush() {
      for (const c of counters.values()) if (c.changed) write(c.subject, c.window, c.count)
    },
  }
}
