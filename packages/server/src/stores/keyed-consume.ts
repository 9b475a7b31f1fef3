/**
 * `consumeForKey` for any store: the store's own version when it has one (SQLite: in the counting
 * transaction; PostgreSQL: one statement, postgres-keyed.ts), else the key lookup then the count
 * (two round trips; a key revoked between them is counted once).
 */
import type { CountFor, KeyedConsume, Store } from './types.ts'

export function consumeForKey(store: Store, hash: string, countFor: CountFor): Promise<KeyedConsume | null> {
  // Not async: the store's own promise is passed on as it is (one lookup, one promise: the throughput profile).
  return store.consumeForKey ? store.consumeForKey(hash, countFor) : lookupThenCount(store, hash, countFor)
}

async function lookupThenCount(store: Store, hash: string, countFor: CountFor): Promise<KeyedConsume | null> {
  const found = await store.findActiveKey(hash)
  if (!found) return null
  const { subject, windows, amount } = countFor(found.account)
  return { found, result: await store.consume(subject, windows, amount) }
}
