/**
 * Converting a quantity to a factor's activity unit: same dimension only, exact decimals
 * (ratio of the two units' sizes from ./table.ts, divided by the factor's reference amount).
 */
import { Dec, dec } from '../../decimal.ts'
import type { FactorUnit, ReadUnit } from './parse.ts'
import { CITATIONS, type CiteId, type UnitDef } from './table.ts'

const sizeCache = new Map<string, Dec>()

/** Exact size of a unit in its dimension's base unit (`a*b` products evaluated in Decimal). */
export function sizeOf(unit: UnitDef): Dec {
  const hit = sizeCache.get(unit.id)
  if (hit) return hit
  const size = unit.size.split('*').reduce((acc, part) => acc.times(dec(part)), new Dec(1))
  sizeCache.set(unit.id, size)
  return size
}

export interface Conversion {
  /** factor_quantity = quantity x multiplier (exact). */
  multiplier: Dec
  cites: CiteId[]
}

export type ConversionFailure =
  | { kind: 'dimension'; from: string; to: string }
  | { kind: 'currency'; from: string; to: string }
  | { kind: 'basis'; from: string; to: string }

/** Multiplier from `from` to the factor's activity unit, or why there is none. */
export function conversionTo(from: ReadUnit, to: FactorUnit): Conversion | ConversionFailure {
  const a = from.unit
  const b = to.per.unit
  if (a.dimension !== b.dimension) return { kind: 'dimension', from: a.dimension, to: b.dimension }
  if (a.dimension === 'currency' && a.id !== b.id) return { kind: 'currency', from: a.label, to: b.label }
  if (from.basis !== null && to.per.basis !== null && from.basis !== to.per.basis) {
    return { kind: 'basis', from: from.basis, to: to.per.basis }
  }
  const ratio = a.id === b.id ? new Dec(1) : sizeOf(a).div(sizeOf(b))
  const multiplier = to.reference === '1' ? ratio : ratio.div(dec(to.reference))
  const cites = a.id === b.id ? (['definition'] as CiteId[]) : [...new Set([...a.cite, ...b.cite])]
  return { multiplier, cites }
}

/**
 * A plain quantity taken as one person's, for a factor per person: a distance for a factor per
 * passenger distance ("train travel, 3,200 km" on a ledger is how far the person went) and an hour
 * for a factor per FTE working hour ("home working, 2,000 hours" are hours worked). Resolve reads
 * them so (its `unit_match` is `convertible`, docs/resolve.md). Distance and passenger distance
 * both have the km as base unit; only the hour is a working hour (a day is not 24 of them). Null for
 * any other pair.
 */
export function onePersonConversion(from: ReadUnit, to: FactorUnit): (Conversion & { person: 'traveller' | 'worker' }) | null {
  const a = from.unit
  const b = to.per.unit
  const traveller = a.dimension === 'distance' && b.dimension === 'passenger_distance'
  const worker = a.id === 'h' && b.dimension === 'fte_time'
  if (!traveller && !worker) return null
  const ratio = sizeOf(a).div(sizeOf(b))
  return { multiplier: to.reference === '1' ? ratio : ratio.div(dec(to.reference)), cites: [...new Set([...a.cite, ...b.cite])], person: traveller ? 'traveller' : 'worker' }
}

export function isConversion(c: Conversion | ConversionFailure): c is Conversion {
  return 'multiplier' in c
}

export function citationText(id: CiteId): string {
  return CITATIONS[id]
}
