/**
 * A table's own entry for a key that came from a request. A plain object's `table[key]` also finds
 * what every object inherits ("constructor" is a function), which a unit or word table must never
 * answer: a ledger line in "constructor" crashed the unit reader with a TypeError.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined
}
