/**
 * Canonical JSON for receipts: object keys sorted by UTF-16 code unit order, no whitespace,
 * numbers in JavaScript's shortest round-trip form (what JSON.stringify writes; -0 as 0),
 * `undefined` object members dropped and `undefined` array items written as null, as
 * JSON.stringify does. Non-finite numbers cannot be hashed reproducibly, so they are refused.
 *
 * Fast path: native JSON.stringify with a replacer that re-creates each object with sorted
 * keys. Objects with integer-like keys ("0", "12") take the slow path, because JS objects
 * always enumerate such keys first in numeric order, which would break the sort.
 */
const INTEGER_KEY = /^(0|[1-9]\d*)$/

function sortedReplacer(this: unknown, _key: string, value: unknown): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('canonicalJson: non-finite number')
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  const record = value as Record<string, unknown>
  const keys = Object.keys(record)
  if (keys.some((k) => INTEGER_KEY.test(k))) throw new IntegerKeys()
  keys.sort()
  // No prototype: a member named "__proto__" (JSON.parse makes one) must stay a member, where on a
  // plain object the assignment would set the prototype and the member would vanish from the hash.
  const sorted = Object.create(null) as Record<string, unknown>
  for (const k of keys) sorted[k] = record[k]
  return sorted
}

class IntegerKeys extends Error {}

export function canonicalJson(value: unknown): string {
  try {
    const text = JSON.stringify(value, sortedReplacer)
    if (text === undefined) throw new TypeError(`canonicalJson: cannot encode ${typeof value}`)
    return text
  } catch (error) {
    if (error instanceof IntegerKeys) return write(value, '$')
    throw error
  }
}

/** The reference writer, used when an object has integer-like keys. */
function write(value: unknown, path: string): string {
  if (value === null) return 'null'
  switch (typeof value) {
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: non-finite number at ${path}`)
      return JSON.stringify(value)
    case 'string':
    case 'boolean':
      return JSON.stringify(value)
    case 'object': {
      if (Array.isArray(value)) {
        return `[${value.map((item, i) => (item === undefined || typeof item === 'function' ? 'null' : write(item, `${path}[${i}]`))).join(',')}]`
      }
      const record = value as Record<string, unknown>
      const keys = Object.keys(record).filter((k) => record[k] !== undefined && typeof record[k] !== 'function').sort()
      return `{${keys.map((k) => `${JSON.stringify(k)}:${write(record[k], `${path}.${k}`)}`).join(',')}}`
    }
    default:
      throw new TypeError(`canonicalJson: cannot encode ${typeof value} at ${path}`)
  }
}
