/**
 * A short memory of keys found in the store (the store's key lookup was the largest cost of a
 * lookup call left after the throughput work, docs/benchmarks.md). Only keys that exist are kept,
 * for `ttlMs` (`OPENFACTORS_KEY_CACHE_MS`; default 0, off, so the contract "a rotated key is 401 at
 * once on every instance" holds). A rotation on this instance forgets the old key at once; a rotation
 * or plan change made elsewhere (another instance, the admin CLI) is seen within `ttlMs`.
 */
import type { Account, KeyRecord } from '../stores/types.ts'

export interface FoundKey {
  key: KeyRecord
  account: Account
  hash: string
}

export interface KeyCache {
  get(hash: string): FoundKey | undefined
  set(hash: string, found: FoundKey): void
  /** Forget every entry of this key id (after a rotation). */
  forgetKey(keyId: string): void
}

const MAX_ENTRIES = 10_000

export function keyCache(ttlMs: number, now: () => number = Date.now): KeyCache {
  const entries = new Map<string, { found: FoundKey; until: number }>()
  return {
    get(hash) {
      if (ttlMs <= 0) return undefined
      const hit = entries.get(hash)
      if (!hit) return undefined
      if (hit.until > now()) return hit.found
      entries.delete(hash)
      return undefined
    },
    set(hash, found) {
      if (ttlMs <= 0) return
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value ?? '')
      entries.set(hash, { found, until: now() + ttlMs })
    },
    forgetKey(keyId) {
      for (const [hash, e] of entries) if (e.found.key.id === keyId) entries.delete(hash)
    },
  }
}
