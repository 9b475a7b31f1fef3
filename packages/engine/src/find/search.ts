/**
 * Search (docs/decisions.md §3): full text over the release with filters, or a filtered listing in
 * key order when there is no search text.
 */
import { z } from 'zod'
import type { FactorRow } from '../release/schema.ts'
import type { LoadedRelease } from '../index/loaded.ts'
import { activityUnitOf } from '../text/units.ts'
import { AsOfSchema, intParam, optionalText } from '../params.ts'
import { FIELD_BOOST } from '../index/search-index.ts'
import { bestOf } from '../index/best-of.ts'
import { searchHits } from '../index/execute.ts'
import { FactorKindSchema, kindOf } from '../release/schema.ts'
import { boundedQuery } from '../text/cost.ts'
import type { Factor } from './shapes.ts'
import { toSearchFactor } from './shapes.ts'
import { askedVariants, variantWeight } from '../text/variants.ts'
import { findGases } from '../text/vocab/synonyms.ts'
import type { SearchIndex } from '../index/search-index.ts'
import { foldText, splitWords } from '../text/normalise.ts'

export const SEARCH_LIMIT_MAX = 100

export const SearchRequestSchema = z.object({
  search: optionalText,
  limit: intParam(20, 1, SEARCH_LIMIT_MAX),
  offset: intParam(0, 0, 1_000_000),
  /** First key segment, e.g. `fuels`, `electricity`, `materials`. */
  domain: optionalText,
  /** ISO 3166-1 alpha-2 (`gb`), `eu` or `glo`; case-insensitive. */
  country: optionalText,
  /** Edition id (`uk-desnz-ghg-cf-2025`) or dataset slug (`uk-desnz-ghg-conversion-factors`). */
  source: optionalText,
  /** The full unit (`kg CO2e per litre`) or the activity unit (`litre`, `kWh`). */
  unit: optionalText,
  as_of: AsOfSchema,
  /**
   * Which kind of row to list (issue 17): `emission_factor` by default; `component`,
   * `not_for_inventory`, `property`, or `all`.
   */
  kind: z.enum([...FactorKindSchema.options, 'all']).default('emission_factor'),
})
export type SearchRequest = z.input<typeof SearchRequestSchema>
export type ParsedSearchRequest = z.output<typeof SearchRequestSchema>

export { SearchResponseSchema } from './response-schemas.ts'
export interface SearchResponse {
  factors: Factor[]
  count: number
  total: number
  data_version: string
}

type RowFilter = (row: FactorRow, position: number) => boolean

/**
 * The rows' filter, or null when every row passes. `kindKnown`: the rows searched are all of the
 * kind asked (the emission-factor and per-gas indexes hold only emission factors), so the kind
 * needs no test per hit.
 */
function filterOf(req: ParsedSearchRequest, release: LoadedRelease, kindKnown = false): RowFilter | null {
  const tests: RowFilter[] = []
  if (req.kind !== 'all' && !kindKnown) {
    const kind = req.kind
    tests.push((row) => kindOf(row) === kind)
  }
  if (req.domain) {
    const domain = req.domain.toLowerCase()
    tests.push((_row, i) => release.facts(i).domain === domain)
  }
  if (req.country) {
    const country = req.country.toLowerCase()
    tests.push((row) => row.country === country)
  }
  if (req.source) {
    const source = req.source.toLowerCase()
    tests.push((row) => row.source_id === source || release.edition(row.source_id)?.dataset === source)
  }
  if (req.unit) {
    const full = foldText(req.unit)
    if (full.includes(' per ')) {
      // A full unit (`kg CO2e per kWh`) filters exactly.
      tests.push((row) => foldText(row.unit) === full)
    } else {
      // An activity unit (`kWh`, `litres`) matches every spelling of it (`kWh (Gross CV)`).
      const activity = activityUnitOf(`x per ${req.unit}`)
      tests.push((row, i) => (activity === null ? foldText(row.unit).endsWith(` per ${full}`) : release.facts(i).unit?.id === activity.id))
    }
  }
  if (tests.length === 0) return null
  return (row, i) => tests.every((t) => t(row, i))
}

/**
 * How many rows match, and the ids of the first `offset + limit` of them: best first (text) or
 * in key order (listing; there every id).
 */
function matchingPositions(release: LoadedRelease, req: ParsedSearchRequest): { total: number; ids: number[] } {
  const rows = release.rows
  const filter = filterOf(req, release)
  if (!req.search) {
    const out: number[] = []
    for (let i = 0; i < rows.length; i++) if (!filter || filter(rows[i] as FactorRow, i)) out.push(i)
    return { total: out.length, ids: out }
  }
  const keep = req.offset + req.limit
  const options = {
    boost: FIELD_BOOST,
    prefix: (term: string) => term.length >= 3,
    fuzzy: (term: string) => (term.length >= 5 ? 0.2 : false),
  }
  const byPosition = (f: RowFilter | null) => (f ? (id: number) => f(rows[id] as FactorRow, id) : undefined)
  // The emission-factor indexes need no kind test per hit; the index of the other kinds does.
  const emissionFilter = byPosition(filterOf(req, release, true))
  const otherFilter = byPosition(filter)
  const run = (index: SearchIndex, f: typeof otherFilter) => {
    const and = searchHits(index, text, { ...options, combineWith: 'AND' }, f)
    return and.length > 0 ? and : searchHits(index, text, { ...options, combineWith: 'OR' }, f)
  }
  const text = boundedQuery(req.search)
  // Rows that are not emission factors sit in their own index (search offers them only when asked).
  const others = req.kind === 'emission_factor' ? [] : run(release.otherKindsIndex(), otherFilter)
  if (req.kind !== 'emission_factor' && req.kind !== 'all') return rankHits(release, text, others, keep)
  const totals = [...run(release.index, emissionFilter), ...others]
  // Per-gas rows are searched when the text names a gas (that gas only), or when no total matches.
  const named = findGases(splitWords(text))
  const hits = named.length === 0 && totals.length > 0 ? totals : [...totals, ...(named.length > 0 ? named : release.gases()).flatMap((gas) => run(release.gasIndex(gas), emissionFilter))]
  return rankHits(release, text, hits, keep)
}

/**
 * Text relevance first, with resolve's source and variant preferences as a light prior, so
 * "diesel" lists the primary fuel factor before republished or narrower ones.
 */
function rankHits(release: LoadedRelease, text: string, hits: ReadonlyArray<{ id: number; score: number }>, keep: number): { total: number; ids: number[] } {
  const asked = askedVariants(text)
  const scored = hits.map((h) => ({ position: h.id, score: h.score * prior(release, h.id, asked) }))
  // Only the requested page is ordered (ties in row order), not every hit.
  return { total: scored.length, ids: bestOf(scored, keep).map((h) => h.position) }
}

function prior(release: LoadedRelease, position: number, asked: number): number {
  const facts = release.facts(position)
  const source = facts.secondary ? 0.65 : facts.derived ? 0.72 : 1
  return source * variantWeight(facts.variants, asked) * (facts.average ? 1.08 : 1)
}

export function searchRelease(release: LoadedRelease, req: ParsedSearchRequest): SearchResponse {
  const { total, ids } = matchingPositions(release, req)
  const page = ids.slice(req.offset, req.offset + req.limit)
  const factors = page.map((i) => {
    const row = release.rows[i] as FactorRow
    return toSearchFactor(row, release.editionOf(row), release.mb_version)
  })
  return { factors, count: factors.length, total, data_version: release.mb_version }
}
