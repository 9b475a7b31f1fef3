/**
 * Resolve: free text -> ranked factor keys with confidence and geo_match (decisions §3).
 *
 * Rank = text relevance (minisearch score relative to the best, times the share of the
 * concepts written that the factor covers) x geography x unit agreement x source preference.
 * See docs/resolve.md for the scale.
 */
import { z } from 'zod'
import { AsOfSchema, intParam, optionalText } from '../find/params.ts'
import { FIELD_BOOST, indexHasTerm } from '../find/search-index.ts'
import type { Scope } from '../release/schema.ts'
import type { LoadedRelease } from '../release/loaded.ts'
import type { SourceRef } from '../release/view.ts'
import { sourceOf } from '../release/view.ts'
import type { GeoMatch } from './geo.ts'
import { geoVerdict } from './geo.ts'
import type { ParsedDescription } from './parse.ts'
import { parseDescription } from './parse.ts'
import { buildQuery } from './query.ts'
import { askedVariants, variantWeight } from './variants.ts'
import { placeFromHint } from './vocab/places.ts'
import type { UnitInfo } from './vocab/units.ts'
import { activityUnitOf, findUnitInText, unitAgreement } from './vocab/units.ts'

export const RESOLVE_LIMIT_MAX = 50

export const ResolveRequestSchema = z.object({
  description: z.string().trim().min(1, 'must not be empty').max(500, 'must be at most 500 characters'),
  limit: intParam(5, 1, RESOLVE_LIMIT_MAX),
  /** Country hint: ISO2/ISO3 code or name; wins over places in the text. */
  country: optionalText,
  /** Unit hint: the activity unit wanted (`litre`, `kWh`, `tonne.km`, `USD`). */
  unit: optionalText,
  as_of: AsOfSchema,
})
export type ResolveRequest = z.input<typeof ResolveRequestSchema>
export type ParsedResolveRequest = z.output<typeof ResolveRequestSchema>

export interface ResolveMatch {
  key: string
  name: string
  value: number
  unit: string
  confidence: number
  geo_match: GeoMatch
  section: string
  source: SourceRef
  scope: Scope | null
  country: string
  region: string | null
}

export interface ResolveResponse {
  matches: ResolveMatch[]
  count: number
  data_version: string
}

export const ResolveResponseSchema = z.object({
  matches: z.array(z.custom<ResolveMatch>()),
  count: z.number().int(),
  data_version: z.string(),
})

interface Scored {
  position: number
  score: number
  geo: GeoMatch
  coverage: number
  unitFit: number
}

function hintUnit(unit: string | undefined): UnitInfo | null {
  if (!unit) return null
  return activityUnitOf(`x per ${unit}`) ?? findUnitInText(unit.toLowerCase())?.unit ?? null
}

function applyHints(parsed: ParsedDescription, req: ParsedResolveRequest): ParsedDescription {
  const place = req.country ? placeFromHint(req.country) : null
  const unit = hintUnit(req.unit) ?? parsed.unit
  return { ...parsed, places: place ? [place] : parsed.places, unit }
}

function sourceWeight(release: LoadedRelease, position: number, gases: readonly string[]): number {
  const facts = release.facts[position]
  if (!facts) return 1
  let w = facts.secondary ? 0.8 : facts.derived ? 0.9 : 1
  // Where nothing narrower is asked, the source's own average is the common answer.
  if (facts.average) w *= 1.08
  if (gases.length === 0) w *= facts.perGas ? 0.35 : 1
  else w *= facts.perGas && gases.includes(facts.perGas) ? 1.15 : facts.perGas ? 0.5 : 0.85
  return w
}

export function rank(release: LoadedRelease, parsed: ParsedDescription, asked = 0): Scored[] {
  const { tree, conceptOfTerm, conceptCount } = buildQuery(parsed, (t) => indexHasTerm(release.index, t))
  if (tree.queries.length === 0) return []
  const totals = release.index.search(tree, { boost: FIELD_BOOST })
  // Per-gas rows only when the description names a gas.
  const hits = parsed.gases.length === 0 ? totals : [...totals, ...release.gasIndex().search(tree, { boost: FIELD_BOOST })].sort((a, b) => b.score - a.score)
  const top = hits[0]?.score ?? 0
  if (top <= 0) return []
  const scored: Scored[] = []
  for (const hit of hits) {
    const position = hit.id as number
    const row = release.rows[position]
    const facts = release.facts[position]
    if (!row || !facts) continue
    const covered = new Set<number>()
    for (const t of hit.queryTerms) {
      const c = conceptOfTerm.get(t)
      if (c !== undefined) covered.add(c)
    }
    const coverage = conceptCount === 0 ? 1 : covered.size / conceptCount
    // A factor that only shares the place words is not an answer.
    if (coverage === 0) continue
    // Coverage of the concepts asked for dominates; BM25 differences between factors that
    // cover the same concepts are mostly name length, so they are compressed.
    const text = (0.7 + 0.3 * (hit.score / top)) * (0.2 + 0.8 * coverage * coverage)
    const geo = geoVerdict(row, parsed.places, facts.domain)
    const unitFit = parsed.unit ? unitAgreement(parsed.unit, facts.unit) : 1
    const unitWeight = parsed.unit ? 0.2 + 0.8 * unitFit : 1
    const score = text * geo.weight * unitWeight * sourceWeight(release, position, parsed.gases) * variantWeight(facts.variants, asked)
    scored.push({ position, score, geo: geo.match, coverage, unitFit })
  }
  scored.sort((a, b) => b.score - a.score || a.position - b.position)
  return scored
}

/** Confidence of the top match: 1 only for a clear winner that covers what was asked. */
function topConfidence(best: Scored, second: Scored | undefined): number {
  const margin = second ? (best.score - second.score) / best.score : 1
  const decisiveness = Math.min(1, 0.55 + 1.8 * margin)
  const geoQuality = best.geo === 'exact' || best.geo === 'unspecified' ? 1 : best.geo === 'region' ? 0.9 : best.geo === 'global' ? 0.85 : 0.6
  const unitQuality = 0.6 + 0.4 * best.unitFit
  return decisiveness * best.coverage * geoQuality * unitQuality
}

function round3(x: number): number {
  return Math.max(0.001, Math.round(x * 1000) / 1000)
}

export function resolveRelease(release: LoadedRelease, req: ParsedResolveRequest): ResolveResponse {
  const parsed = applyHints(parseDescription(req.description), req)
  const scored = rank(release, parsed, askedVariants(req.description))
  const best = scored[0]
  const picked = scored.slice(0, req.limit)
  const c1 = best ? topConfidence(best, scored[1]) : 0
  const matches = picked.map((s): ResolveMatch => {
    const row = release.rows[s.position]
    if (!row) throw new Error('ranked position outside the release')
    return {
      key: row.key,
      name: row.name,
      value: row.value,
      unit: row.unit,
      confidence: round3(best ? c1 * (s.score / best.score) : 0),
      geo_match: s.geo,
      section: row.section,
      source: sourceOf(row, release.editionOf(row), release.mb_version),
      scope: row.scope,
      country: row.country,
      region: row.region ?? null,
    }
  })
  return { matches, count: matches.length, data_version: release.mb_version }
}
