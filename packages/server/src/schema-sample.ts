/**
 * A sample value for a JSON Schema (as `z.toJSONSchema` writes it): the first enum value or const,
 * a schema's own `examples`/`default`, one item per array, every property of an object. `/docs`
 * shows it as the response example of each endpoint, so the example follows the zod schema.
 */
type Json = Record<string, unknown>

export function schemaSample(schema: unknown, root: unknown = schema, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || depth > 12) return null
  const s = schema as Json
  if (typeof s['$ref'] === 'string') {
    const path = (s['$ref'] as string).replace(/^#\//, '').split('/')
    let target: unknown = root
    for (const p of path) target = typeof target === 'object' && target !== null ? (target as Json)[p] : undefined
    return schemaSample(target, root, depth + 1)
  }
  if ('const' in s) return s['const']
  if (Array.isArray(s['examples']) && s['examples'].length > 0) return s['examples'][0]
  if ('default' in s) return s['default']
  if (Array.isArray(s['enum'])) return s['enum'][0]
  for (const k of ['anyOf', 'oneOf', 'allOf']) {
    const options = s[k]
    if (Array.isArray(options)) {
      const first = options.find((o) => (o as Json)['type'] !== 'null') ?? options[0]
      return schemaSample(first, root, depth + 1)
    }
  }
  const type = Array.isArray(s['type']) ? (s['type'] as string[]).find((t) => t !== 'null') : s['type']
  switch (type) {
    case 'object': {
      const props = (s['properties'] ?? {}) as Record<string, unknown>
      const out: Json = {}
      for (const [name, p] of Object.entries(props)) out[name] = schemaSample(p, root, depth + 1)
      return out
    }
    case 'array':
      return s['items'] ? [schemaSample(s['items'], root, depth + 1)] : []
    case 'string':
      return s['format'] === 'date-time' ? '2026-11-22T10:00:00.000Z' : s['format'] === 'date' ? '2026-11-22' : 'string'
    case 'number':
      return typeof s['minimum'] === 'number' ? s['minimum'] : 0
    case 'integer':
      return typeof s['minimum'] === 'number' ? s['minimum'] : 0
    case 'boolean':
      return true
    default:
      return null
  }
}
