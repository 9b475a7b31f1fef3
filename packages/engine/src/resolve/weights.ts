/** The ranking weights of resolve that depend on one factor: concept, unit and source weights. */
import type { LoadedRelease, RowFacts } from '../index/loaded.ts'
import { terms } from '../text/normalise.ts'
import { isPlaceTerm } from '../text/vocab/places.ts'
import type { UnitInfo } from '../text/units.ts'
import { unitAgreement } from '../text/units.ts'

/**
 * Generic activity words ("combustion", "vehicles", "travel") say little about which factor:
 * they count a third in coverage, so a factor is not ranked down for lacking them. So do the words of
 * who travels and why ("business travel", "employee commuting", "staff"): US EPA names every mode of
 * its travel table with them, so the car covered them as well as the flights asked for.
 */
const WEAK_WORDS = new Set(['combustion', 'burning', 'burnt', 'burned', 'vehicle', 'vehicles', 'travel', 'journey', 'journeys', 'trip', 'trips', 'transport', 'commute', 'commuting', 'business', 'employee', 'employees', 'staff', 'use', 'heating', 'emissions', 'emission', 'fuel', 'fuels', 'energy', 'ride', 'rides', 'deliveries', 'delivery', 'hours', 'hour', 'service', 'services'])

export function conceptWeight(phrase: string): number {
  return WEAK_WORDS.has(phrase) ? 0.35 : 1
}

/** Unit agreement, counting a material's own conversion data (density, area mass) as a match. */
export function unitFitOf(named: UnitInfo, facts: RowFacts): number {
  const direct = unitAgreement(named, facts.unit)
  if (direct > 0 || !facts.convertible) return direct
  return facts.convertible.has(named.dimension) ? 0.9 : 0
}

/** A plain distance named (km, miles) for a factor per passenger distance: one traveller's distance. */
export function perTraveller(named: UnitInfo | null, factor: UnitInfo | null): boolean {
  return named?.dimension === 'distance' && factor?.dimension === 'passenger_distance'
}

/** How a factor's unit relates to the unit named (`unit_match` in the response). */
export type UnitMatch = 'exact' | 'convertible' | 'mismatch' | 'unspecified'

/**
 * `exact`: the unit named; `convertible`: the same kind (litre/gallon, kWh/GJ, kg/tonne), a
 * material's own density or area mass, or km for passenger.km (one traveller); `mismatch`:
 * no conversion; `unspecified`: no unit was named.
 */
export function unitMatchOf(named: UnitInfo | null, fit: number): UnitMatch {
  if (named === null) return 'unspecified'
  return fit >= 1 ? 'exact' : fit > 0 ? 'convertible' : 'mismatch'
}

/**
 * The source's own catch-all row among its siblings: "Average car, Unknown" (fuel not known),
 * "WEEE - mixed" (a category label, not "mixed food and garden waste"), and a sum of the siblings
 * ("Homeworking (office equipment + heating)"). Read from the name once
 * per row and release.
 */
const GENERAL_ROW = /(^|[^a-z])unknown([^a-z]|$)|[-:] mixed(,|$)|\w \+ \w/i
const generalFlags = new WeakMap<LoadedRelease, Int8Array>()
export function isGeneralRow(release: LoadedRelease, position: number): boolean {
  let flags = generalFlags.get(release)
  if (!flags) {
    flags = new Int8Array(release.rows.length)
    generalFlags.set(release, flags)
  }
  if (flags[position] === 0) flags[position] = GENERAL_ROW.test(release.rows[position]?.name ?? '') ? 1 : -1
  return flags[position] === 1
}

type TermCache = WeakMap<LoadedRelease, Int16Array>

/** Rows of one source sharing a key's method from which the method is a column of the source's table. */
const COLUMN_ROWS = 20
const methodCounts = new WeakMap<LoadedRelease, Map<string, number>>()
/**
 * Whether a key's method is one of its source's columns ("primary_material_production" in every UK
 * material-use row, "litres", "closed_loop") rather than what the row is (ÖKOBAUDAT's methods name
 * the product): a column's words in the name say nothing of how specific the row is.
 */
function isTableColumn(release: LoadedRelease, source: string, method: string): boolean {
  let counts = methodCounts.get(release)
  if (!counts) {
    counts = new Map()
    for (const r of release.rows) {
      const k = `${r.source_id} ${r.key.slice(r.key.lastIndexOf('.') + 1)}`
      counts.set(k, (counts.get(k) ?? 0) + 1)
    }
    methodCounts.set(release, counts)
  }
  return (counts.get(`${source} ${method}`) ?? 0) >= COLUMN_ROWS
}

/**
 * How many distinct terms of a row's name pass `keep` and are not in its section path's parents
 * or its unit. Computed once per row and release (the cache holds -1 for "not yet").
 */
function countOwnNameTerms(release: LoadedRelease, position: number, cache: TermCache, keep: (term: string) => boolean): number {
  let counts = cache.get(release)
  if (!counts) {
    counts = new Int16Array(release.rows.length).fill(-1)
    cache.set(release, counts)
  }
  const known = counts[position] ?? 0
  if (known >= 0) return known
  const row = release.rows[position]
  let n = 0
  if (row) {
    const steps = row.section.split(' > ')
    const method = row.key.slice(row.key.lastIndexOf('.') + 1)
    const column = isTableColumn(release, row.source_id, method) ? method.replace(/_/g, ' ') : ''
    const context = new Set(terms(`${steps.slice(0, -1).join(' ')} ${row.unit} ${column}`))
    for (const t of new Set(terms(row.name))) if (keep(t) && !context.has(t)) n++
  }
  counts[position] = n
  return n
}

/**
 * Terms of a factor's name that are not in its section path's parents or its unit. The UK
 * sources repeat the whole path in the name ("Fuels: Liquid fuels, Processed fuel oils -
 * distillate oil") and the path's last step is the factor itself, so only the parents say
 * nothing about how specific it is.
 */
const ownTermCounts: TermCache = new WeakMap()
export function ownNameTerms(release: LoadedRelease, position: number): number {
  return countOwnNameTerms(release, position, ownTermCounts, () => true)
}

/**
 * Place words of a factor's own name that are not already in its section or unit
 * ("New South Wales and Australian Capital Territory: scope 2 …"). They say where, not how
 * specific the factor is, so brevity does not count them.
 */
const namePlaceCounts: TermCache = new WeakMap()
export function placeTermsInName(release: LoadedRelease, position: number): number {
  return countOwnNameTerms(release, position, namePlaceCounts, isPlaceTerm)
}
