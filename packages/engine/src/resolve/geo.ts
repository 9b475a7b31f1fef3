/** How a factor's geography relates to the places named (docs/decisions.md §3 `geo_match`). */
import type { FactorRow } from '../release/schema.ts'
import type { Place } from '../text/vocab/places.ts'
import { EU_MEMBERS } from '../text/vocab/places.ts'

export type GeoMatch = 'exact' | 'region' | 'global' | 'mismatch' | 'unspecified'

/** What a verdict reads of a row (a row, or resolve's copy of these, row-facts.ts). */
export type GeoOf = Pick<FactorRow, 'country' | 'region'>

const RANK: Record<GeoMatch, number> = { exact: 4, region: 3, global: 2, mismatch: 1, unspecified: 0 }

export interface GeoVerdict {
  match: GeoMatch
  /** Ranking weight in (0, 1]. */
  weight: number
}

// The verdicts, made once: resolve asks for one per candidate and place, thousands per description.
const EXACT: Readonly<GeoVerdict> = { match: 'exact', weight: 1 }
const EXACT_SUBNATIONAL: Readonly<GeoVerdict> = { match: 'exact', weight: 0.8 }
const REGION: Readonly<GeoVerdict> = { match: 'region', weight: 0.85 }
const OTHER_REGION: Readonly<GeoVerdict> = { match: 'mismatch', weight: 0.5 }
const GLOBAL: Readonly<GeoVerdict> = { match: 'global', weight: 0.75 }
const MISMATCH: Readonly<GeoVerdict> = { match: 'mismatch', weight: 0.45 }

function against(row: GeoOf, place: Place): Readonly<GeoVerdict> {
  const region = row.region ?? null
  if (row.country === place.country) {
    if (place.regions.length === 0) return region === null ? EXACT : EXACT_SUBNATIONAL
    if (region !== null && place.regions.includes(region)) return EXACT
    if (region === null) return REGION
    return OTHER_REGION
  }
  if (row.country === 'eu' && EU_MEMBERS.has(place.country)) return REGION
  if (row.country === 'glo') return GLOBAL
  return MISMATCH
}

/**
 * Without a place, prefer the most general factors: global and UK (the broadest primary
 * source), then US and EU; sub-national factors last. Materials are not country-bound.
 */
function unspecifiedWeight(row: GeoOf, domain: string): number {
  if (domain === 'materials') return 1
  const base = row.country === 'gb' || row.country === 'glo' ? 1 : row.country === 'us' ? 0.92 : row.country === 'eu' ? 0.88 : 0.8
  return row.region ? base * 0.85 : base
}

/**
 * The places that say where: a country named with one of its states or grids ("Victoria,
 * Australia", a hint `US` and "Texas") only qualifies the state, so the national factor is not
 * exact for it; the state is what was asked.
 */
export function narrowestPlaces(places: readonly Place[]): readonly Place[] {
  const withRegion = new Set(places.filter((p) => p.regions.length > 0).map((p) => p.country))
  if (withRegion.size === 0) return places
  return places.filter((p) => p.regions.length > 0 || !withRegion.has(p.country))
}

export function geoVerdict(row: GeoOf, places: readonly Place[], domain: string): Readonly<GeoVerdict> {
  if (places.length === 0) return { match: 'unspecified', weight: unspecifiedWeight(row, domain) }
  let best: Readonly<GeoVerdict> | null = null
  for (const p of places) {
    const v = against(row, p)
    if (!best || RANK[v.match] > RANK[best.match] || (v.match === best.match && v.weight > best.weight)) best = v
  }
  return best as Readonly<GeoVerdict>
}
