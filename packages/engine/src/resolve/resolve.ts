/**
 * Resolve: free text -> ranked factor keys with confidence and geo_match (decisions §3).
 *
 * Rank = text relevance (minisearch score relative to the best, times the share of the
 * concepts written that the factor covers) x geography x unit agreement x source preference.
 * See docs/resolve.md for the scale.
 */
import { z } from 'zod'
import { engineError } from '../errors.ts'
import { AsOfSchema, intParam, optionalText } from '../find/params.ts'
import { correctTerm, FIELD_BOOST, indexHasTerm } from '../find/search-index.ts'
import type { Scope } from '../release/schema.ts'
import type { LoadedRelease, RowFacts } from '../release/loaded.ts'
import { processTerm, terms } from '../find/text.ts'
import type { SourceRef } from '../release/view.ts'
import { sourceOf } from '../release/view.ts'
import type { GeoMatch } from './geo.ts'
import { geoVerdict } from './geo.ts'
import type { Concept, ParsedDescription } from './parse.ts'
import { findSynonyms } from './vocab/synonyms.ts'
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

export { ResolveResponseSchema } from '../find/response-schemas.ts'

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

/** Hints win over the text; a hint that cannot be read is an error, never silently dropped. */
function applyHints(parsed: ParsedDescription, req: ParsedResolveRequest): ParsedDescription {
  let places = parsed.places
  if (req.country) {
    // Any ISO 3166-1 alpha-2 code is taken as given, even one the place table does not name.
    const place = placeFromHint(req.country) ?? (/^[A-Za-z]{2}$/.test(req.country) ? { country: req.country.toLowerCase(), regions: [], label: req.country } : null)
    if (!place) {
      throw engineError('invalid_request', `Unknown country hint "${req.country}".`, {
        issues: [{ path: 'country', message: 'must be an ISO 3166-1 alpha-2/alpha-3 code or a country name' }],
      })
    }
    places = [place]
  }
  let unit = parsed.unit
  if (req.unit) {
    unit = hintUnit(req.unit)
    if (!unit) {
      throw engineError('invalid_request', `Unknown unit hint "${req.unit}".`, {
        issues: [{ path: 'unit', message: 'must be an activity unit such as litre, kWh, m3, kg, tonne, km, mile, passenger.km, tonne.km, room per night or USD' }],
      })
    }
  }
  return { ...parsed, places, unit }
}

/**
 * Generic activity words ("combustion", "vehicles", "travel") say little about which factor:
 * they count a third in coverage, so a factor is not ranked down for lacking them.
 */
const WEAK_WORDS = new Set(['combustion', 'burning', 'burnt', 'burned', 'vehicle', 'vehicles', 'travel', 'journey', 'journeys', 'trip', 'trips', 'transport', 'commute', 'use', 'heating', 'emissions', 'emission', 'fuel', 'fuels', 'energy', 'ride', 'rides', 'deliveries', 'delivery', 'hours', 'hour'])

function conceptWeight(phrase: string): number {
  return WEAK_WORDS.has(phrase) ? 0.35 : 1
}

function better(score: number, position: number, than: Scored): boolean {
  return score > than.score || (score === than.score && position < than.position)
}

/** Unit agreement, counting a material's own conversion data (density, area mass) as a match. */
function unitFitOf(named: UnitInfo, facts: RowFacts): number {
  const direct = unitAgreement(named, facts.unit)
  if (direct > 0 || !facts.convertible) return direct
  return facts.convertible.has(named.dimension) ? 0.9 : 0
}

function sourceWeight(release: LoadedRelease, position: number, gases: readonly string[]): number {
  const facts = release.facts(position)
  let w = facts.secondary ? 0.65 : facts.derived ? 0.72 : 1
  // Where nothing narrower is asked, the source's own average is the common answer.
  if (facts.average) w *= 1.08
  if (gases.length === 0) w *= facts.perGas ? 0.35 : 1
  else w *= facts.perGas && gases.includes(facts.perGas) ? 1.15 : facts.perGas ? 0.5 : 0.85
  return w
}

/**
 * Resolve leaves out the key's words: they repeat the name's words for almost every factor, so
 * they doubled the scoring work without changing the order.
 */
const RESOLVE_SEARCH = { boost: FIELD_BOOST, fields: ['name', 'name_original', 'tags', 'section'] }

/** Scored hits best first, keeping only the best `keep` (ties: key order). */
export function rank(release: LoadedRelease, parsed: ParsedDescription, asked = 0, keep = Number.POSITIVE_INFINITY): Scored[] {
  const { tree, conceptOfTerm, conceptCount } = buildQuery(parsed, (t) => indexHasTerm(release.index, t))
  if (tree.queries.length === 0) return []
  const totals = release.index.search(tree, RESOLVE_SEARCH)
  // Per-gas rows only when the description names a gas.
  const hits =
    parsed.gases.length === 0
      ? totals
      : [...totals, ...parsed.gases.flatMap((gas) => release.gasIndex(gas).search(tree, RESOLVE_SEARCH))].sort((a, b) => b.score - a.score)
  const top = hits[0]?.score ?? 0
  if (top <= 0) return []
  const domains = new Set(parsed.concepts.flatMap((c) => c.domains ?? []))
  const conceptWeights = parsed.concepts.map((c) => conceptWeight(c.phrase))
  const totalConceptWeight = conceptWeights.reduce((a, b) => a + b, 0) || 1
  const placeTerms = new Set(terms(parsed.placeWords.join(' ')))
  const scored: Scored[] = []
  for (const hit of hits) {
    const position = hit.id as number
    const row = release.rows[position]
    if (!row) continue
    const facts = release.facts(position)
    let coveredMask = 0
    for (const t of hit.queryTerms) {
      const c = conceptOfTerm.get(t)
      if (c !== undefined) coveredMask |= 1 << c
    }
    let coveredWeight = 0
    for (let c = 0; c < conceptWeights.length; c++) if (coveredMask & (1 << c)) coveredWeight += conceptWeights[c] ?? 0
    // A description that names only a place asks for nothing in particular: never a clear winner.
    const coverage = conceptCount === 0 ? 0.5 : coveredWeight / totalConceptWeight
    // A factor that only shares the place words is not an answer.
    if (coverage === 0) continue
    // Coverage of the concepts asked for dominates; BM25 differences between factors that
    // cover the same concepts are mostly name length, so they are compressed.
    const text = (0.7 + 0.3 * (hit.score / top)) * (0.2 + 0.8 * coverage * coverage)
    const geo = geoVerdict(row, parsed.places, facts.domain)
    const unitFit = parsed.unit ? unitFitOf(parsed.unit, facts) : 1
    const unitWeight = parsed.unit ? 0.2 + 0.8 * unitFit : 1
    // Among equal matches the shorter name is the more general factor.
    const extraNameTerms = Math.max(0, facts.nameTerms - hit.terms.length)
    const brevity = 1 / (1 + 0.02 * extraNameTerms)
    const domainWeight = domains.size === 0 || domains.has(facts.domain) ? 1 : 0.7
    const placeInText = placeTerms.size > 0 && hit.queryTerms.some((t) => placeTerms.has(t)) ? 1.1 : 1
    const score =
      text * geo.weight * unitWeight * sourceWeight(release, position, parsed.gases) * variantWeight(facts.variants, asked) * brevity * domainWeight * placeInText
    if (scored.length >= keep) {
      const last = scored[scored.length - 1] as Scored
      if (!better(score, position, last)) continue
      scored.pop()
    }
    // Insert in order: the kept list is short (the request's limit), so this beats sorting every hit.
    let at = scored.length
    while (at > 0 && better(score, position, scored[at - 1] as Scored)) at--
    scored.splice(at, 0, { position, score, geo: geo.match, coverage, unitFit })
  }
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

/**
 * Misspelt words the index does not know are corrected to the nearest index term (a swap of
 * two letters is one edit), then read again for synonyms: "electrcity" becomes "electricity".
 */
function repairTypos(parsed: ParsedDescription, release: LoadedRelease): ParsedDescription {
  let changed = false
  const words = parsed.concepts.map((c) => {
    if (c.alternatives.length > 0 || c.phrase.includes(' ') || indexHasTerm(release.index, processTerm(c.phrase) ?? c.phrase)) return c.phrase
    const fixed = correctTerm(release.index, processTerm(c.phrase) ?? c.phrase)
    if (fixed === null) return c.phrase
    changed = true
    return fixed
  })
  if (!changed) return parsed
  const concepts = words.map((w, i) => {
    const [synonym] = findSynonyms([w])
    return synonym ? { phrase: w, alternatives: synonym.alternatives, domains: synonym.domains } : { ...(parsed.concepts[i] as Concept), phrase: w }
  })
  return { ...parsed, concepts }
}

export function resolveRelease(release: LoadedRelease, req: ParsedResolveRequest): ResolveResponse {
  const parsed = repairTypos(applyHints(parseDescription(req.description), req), release)
  // The second best is needed for the confidence of the first.
  const scored = rank(release, parsed, askedVariants(req.description), Math.max(2, req.limit))
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
