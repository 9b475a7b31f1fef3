/**
 * What the emissions calculation needs from a loaded release besides factors by key: resolve
 * (a description with the quantity's unit as hint) and the rows of a parent key (for sibling rows).
 */
import type { LoadedRelease } from '../../index/loaded.ts'
import type { FactorRow } from '../../release/schema.ts'
import { topCalibration, type ResolveModel } from '../../resolve/model.ts'
import { resolveRelease } from '../../resolve/resolve.ts'
import { ResolveRequestSchema } from '../../resolve/schema.ts'
import { isEngineError } from '../../errors.ts'
import type { EmissionsDeps } from './line.ts'
import { readUnit } from './units/parse.ts'
import type { Dimension } from './units/table.ts'

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

/** Hints resolve knows for a unit it may not (`Mcf`, `therm (US)`): the unit's dimension in resolve's words. */
const DIMENSION_HINT: Partial<Record<Dimension, string>> = {
  mass: 'kg', volume: 'litre', gas_volume: 'scf', energy: 'kWh', distance: 'km', passenger_distance: 'passenger.km',
  freight: 'tonne.km', area: 'm2', room_night: 'room per night',
}

/** The unit as typed, then resolve's word for its dimension, then no hint: the unit was read here already. */
function unitHints(unit: string): Array<string | undefined> {
  const read = readUnit(unit)
  const dimension = read.ok ? (read.unit.dimension === 'currency' ? read.unit.label : DIMENSION_HINT[read.unit.dimension]) : undefined
  return [...new Set([unit, dimension, undefined])]
}

function issuePathOf(error: unknown): string | undefined {
  return isEngineError(error) && error.code === 'invalid_request' ? (error.data as { issues: Array<{ path: string }> }).issues[0]?.path : undefined
}

export function emissionsDeps(release: LoadedRelease, model: ResolveModel): EmissionsDeps {
  return {
    acceptAt: model.acceptAt,
    acceptAtSpend: topCalibration(model, true).acceptAt,
    resolve(description, unit, country) {
      for (const hint of unitHints(unit)) {
        const parsed = ResolveRequestSchema.safeParse({ description, limit: 5, ...(country ? { country } : {}), ...(hint ? { unit: hint } : {}) })
        if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'not a resolvable description' }
        try {
          return resolveRelease(release, parsed.data, model).matches
        } catch (error) {
          const path = issuePathOf(error)
          if (path === 'unit') continue
          if (path !== undefined && error instanceof Error) return { error: error.message }
          throw error
        }
      }
      return []
    },
    family: (key) => familyOf(release, key),
  }
}
