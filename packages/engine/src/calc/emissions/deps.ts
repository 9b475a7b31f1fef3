/**
 * What the emissions calculation needs from a loaded release besides factors by key: resolve
 * (a description with the quantity's unit as hint) and the rows of a parent key (for sibling rows).
 */
import type { LoadedRelease } from '../../index/loaded.ts'
import type { FactorRow } from '../../release/schema.ts'
import { resolveRelease } from '../../resolve/resolve.ts'
import { ResolveRequestSchema } from '../../resolve/schema.ts'
import type { EmissionsDeps } from './line.ts'

/** Rows of the same `<domain>.<country>.<subject>` as `key`: neighbours in the key-sorted rows. */
function familyOf(release: LoadedRelease, key: string): FactorRow[] {
  const at = release.position(key)
  if (at === undefined) return []
  const parent = key.slice(0, key.lastIndexOf('.') + 1)
  let start = at
  while (start > 0 && release.rows[start - 1]?.key.startsWith(parent)) start--
  const out: FactorRow[] = []
  for (let i = start; i < release.rows.length; i++) {
    const row = release.rows[i]
    if (!row || !row.key.startsWith(parent)) break
    out.push(row)
  }
  return out
}

export function emissionsDeps(release: LoadedRelease): EmissionsDeps {
  return {
    resolve(description, unit, country) {
      const parsed = ResolveRequestSchema.safeParse({ description, unit, country, limit: 5 })
      if (!parsed.success) return []
      return resolveRelease(release, parsed.data).matches
    },
    family: (key) => familyOf(release, key),
  }
}
