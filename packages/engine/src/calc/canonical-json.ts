/**
 * Canonical JSON for receipts: object keys sorted by UTF-16 code unit order, no whitespace,
 * numbers in JavaScript's shortest round-trip form (what JSON.stringify writes), `undefined`
 * object members dropped as JSON.stringify drops them. Non-finite numbers cannot be hashed
 * reproducibly, so they are refused.
 */
export function canonicalJson(value: unknown): string {
  return write(value, '$')
}

function write(value: unknown, path: string): string {
  if (value === null) return 'null'
  switch (typeof value) {
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: non-finite number at ${path}`)
      return JSON.stringify(Object.is(value, -0) ? 0 : value)
    case 'string':
    case 'boolean':
      return JSON.stringify(value)
    case 'object': {
      if (Array.isArray(value)) {
        return `[${value.map((item, i) => (item === undefined ? 'null' : write(item, `${path}[${i}]`))).join(',')}]`
      }
      const record = value as Record<string, unknown>
      const keys = Object.keys(record).filter((k) => record[k] !== undefined).sort()
      return `{${keys.map((k) => `${JSON.stringify(k)}:${write(record[k], `${path}.${k}`)}`).join(',')}}`
    }
    default:
      throw new TypeError(`canonicalJson: cannot encode ${typeof value} at ${path}`)
  }
}
