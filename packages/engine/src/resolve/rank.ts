/**
 * Rank the factors for a parsed description (docs/resolve.md): candidates from one minisearch
 * query over the emission-factor CO2e totals (and per-gas rows where a gas is named, CO2 rows
 * where a place or unit is), plus spend factors found by the words of their industry; each
 * candidate becomes a feature vector (features.ts) and is scored by the fitted weights.
 */
import type { SearchResult } from 'minisearch'
import type { LoadedRelease } from '../index/loaded.ts'
import { FIELD_BOOST, indexHasTerm } from '../index/search-index.ts'
import { terms } from '../text/normalise.ts'
import type { ExcludedTerms } from './excluded-terms.ts'
import { excludedTermsOf } from './excluded-terms.ts'
import { emptyFeatures, featureIndex, linearScore, VARIANT_OFFSET } from './features.ts'
import type { BaseFeature } from './features.ts'
import type { GeoMatch } from './geo.ts'
import { geoVerdict } from './geo.ts'
import { searchIndustry } from './industry.ts'
import type { ResolveModel } from './model.ts'
import type { ParsedDescription } from './parse.ts'
import { buildQuery } from './query.ts'
import type { UnitMatch } from './weights.ts'
import { conceptWeight, isGeneralRow, ownNameTerms, placeTermsInName, unitFitOf, unitMatchOf } from './weights.ts'

export interface Scored {
  position: number
  /** Linear score of the fitted model. */
  score: number
  x: Float64Array
  geo: GeoMatch
  coverage: number
  unitMatch: UnitMatch
  /** Terms of the description this factor matched. */
  matched: string[]
}

/**
 * Whether query term `t` really matched: some matched word of the factor starting with it is
 * not a zone-code fragment or an "except" word. A term with no such word matched by typo
 * tolerance, which the exclusions do not concern.
 */
function realMatch(t: string, docTerms: readonly string[], ex: ExcludedTerms): boolean {
  let any = false
  for (const d of docTerms) {
    if (!d.startsWith(t)) continue
    any = true
    if (!ex.zone.has(d) && !ex.except.has(d)) return true
  }
  return !any
}

interface Coverage {
  mask: number
  /** A concept matched only inside the factor's "except" clause. */
  excepted: boolean
}

function coverageOf(queryTerms: readonly string[], docTerms: readonly string[], conceptOfTerm: ReadonlyMap<string, number>, ex: ExcludedTerms | null): Coverage {
  let mask = 0
  // A concept with a word matched only in a zone code or an "except" clause is not covered,
  // even when its other words match ("office paper" vs "Office Supplies (except Paper)").
  let blocked = 0
  let excepted = false
  for (const t of queryTerms) {
    const c = conceptOfTerm.get(t)
    if (c === undefined) continue
    if (ex && !realMatch(t, docTerms, ex)) {
      if (docTerms.some((d) => d.startsWith(t) && ex.except.has(d))) excepted = true
      blocked |= 1 << c
      continue
    }
    mask |= 1 << c
  }
  return { mask: mask & ~blocked, excepted }
}

/** Resolve leaves out the key's words: they repeat the name's words for almost every factor. */
const RESOLVE_SEARCH = { boost: FIELD_BOOST, fields: ['name', 'name_original', 'tags', 'section'] }
/** Spend factors taken from the industry index (on top of those the main query finds). */
const INDUSTRY_CANDIDATES = 40

/** Terms of a factor unit: "(US)" in "CO2 per gallon (US)" names the gallon, not a place. */
const unitTermCache = new Map<string, ReadonlySet<string>>()
function unitTerms(unit: string): ReadonlySet<string> {
  let set = unitTermCache.get(unit)
  if (!set) {
    set = new Set(terms(unit))
    unitTermCache.set(unit, set)
  }
  return set
}

const F = (name: BaseFeature) => featureIndex(name)
const FIELD_FEATURE: Record<string, number> = { name: F('in_name'), section: F('in_section'), tags: F('in_tags'), name_original: F('in_original'), industry: F('in_industry'), learned: F('in_learned') }

/** The share of written terms matched in each field of a hit (`in_*` features). */
function fieldShares(x: Float64Array, match: SearchResult['match'], written: number): void {
  const counts: Record<string, number> = {}
  for (const fields of Object.values(match)) for (const f of fields) counts[f] = (counts[f] ?? 0) + 1
  for (const [field, n] of Object.entries(counts)) {
    const i = FIELD_FEATURE[field]
    if (i !== undefined) x[i] = Math.max(x[i] ?? 0, Math.min(1, n / written))
  }
}

const UPPER = /[A-Z]/g
const LOWER = /[a-z]/g

/** Every candidate with its features and fitted score, unsorted. */
export function scoreCandidates(release: LoadedRelease, parsed: ParsedDescription, asked: number, model: ResolveModel, description: string): Scored[] {
  const { tree, conceptOfTerm, conceptCount } = buildQuery(parsed, (t) => indexHasTerm(release.index, t))
  if (tree.queries.length === 0) return []
  const totals = release.index.search(tree, RESOLVE_SEARCH)
  const hits = parsed.gases.length === 0 ? totals : [...totals, ...parsed.gases.flatMap((gas) => release.gasIndex(gas).search(tree, RESOLVE_SEARCH))]
  let top = 0
  for (const h of hits) if (h.score > top) top = h.score
  // Industries are matched by every word written (a unit or place read from a terse purchase
  // line may be a product word: "IN", "LB") and the synonyms of the concepts read.
  const industryTerms = new Set([...terms(description).filter((t) => !/\d/.test(t)), ...conceptOfTerm.keys()])
  const industry = searchIndustry(release, model, [...industryTerms]).slice(0, INDUSTRY_CANDIDATES)
  const industryTop = industry[0]?.score ?? 0
  const industryHit = new Map<number, SearchResult>(industry.map((h) => [h.id as number, h]))

  const domains = new Set(parsed.concepts.flatMap((c) => c.domains ?? []))
  const conceptWeights = parsed.concepts.map((c) => conceptWeight(c.phrase))
  const totalConceptWeight = conceptWeights.reduce((a, b) => a + b, 0) || 1
  const placeTerms = new Set(terms(parsed.placeWords.join(' ')))
  const written = Math.max(1, new Set(parsed.concepts.flatMap((c) => terms(c.phrase))).size)
  const letters = description.replace(/[^A-Za-z]/g, '')
  const upper = letters.length >= 4 && (description.match(UPPER)?.length ?? 0) > 3 * (description.match(LOWER)?.length ?? 0)
  const money = parsed.unit?.dimension === 'currency'

  const out: Scored[] = []
  const seen = new Set<number>()
  const score = (position: number, hit: SearchResult | undefined): void => {
    if (seen.has(position)) return
    seen.add(position)
    const row = release.rows[position]
    if (!row) return
    const facts = release.facts(position)
    const ind = industryHit.get(position)
    const queryTerms = [...(hit?.queryTerms ?? []), ...(ind?.queryTerms ?? [])]
    const docTerms = [...(hit?.terms ?? []), ...(ind?.terms ?? [])]
    const covered = coverageOf(queryTerms, docTerms, conceptOfTerm, excludedTermsOf(release, position))
    let coveredWeight = 0
    let uncovered = 0
    for (let c = 0; c < conceptWeights.length; c++) {
      if (covered.mask & (1 << c)) coveredWeight += conceptWeights[c] ?? 0
      else uncovered++
    }
    const coverage = conceptCount === 0 ? 0.5 : coveredWeight / totalConceptWeight
    // A factor that only shares the place words is not an answer, nor one that excludes what was asked.
    if (coverage === 0 && (!ind || covered.excepted)) return
    const x = emptyFeatures()
    const set = (name: BaseFeature, v: number) => {
      x[F(name)] = v
    }
    if (hit) {
      set('text_rel', top > 0 ? hit.score / top : 0)
      set('text_log', Math.log1p(hit.score))
      fieldShares(x, hit.match, written)
    }
    if (ind) {
      set('industry_rel', industryTop > 0 ? ind.score / industryTop : 0)
      set('industry_log', Math.log1p(ind.score))
      fieldShares(x, ind.match, written)
    }
    set('coverage', coverage)
    set('coverage_full', coverage >= 0.999 ? 1 : 0)
    set('uncovered', uncovered)
    const namePlaces = placeTermsInName(release, position)
    let matchedPlaceTerms = 0
    if (namePlaces > 0) for (const t of docTerms) if (placeTerms.has(t)) matchedPlaceTerms++
    set('extra_terms', Math.log1p(Math.max(0, ownNameTerms(release, position) - (hit?.terms.length ?? 0) - Math.max(0, namePlaces - matchedPlaceTerms))))
    const geo = geoVerdict(row, parsed.places, facts.domain)
    if (geo.match === 'exact') set(row.region ? 'geo_exact_region' : 'geo_exact', 1)
    else if (geo.match === 'region') set('geo_region', 1)
    else if (geo.match === 'global') set('geo_global', 1)
    else if (geo.match === 'mismatch') set('geo_mismatch', 1)
    else if (facts.domain === 'materials') set('unplaced_material', 1)
    else {
      if (row.country === 'gb' || row.country === 'glo') set('unplaced_gb_glo', 1)
      else if (row.country === 'us') set('unplaced_us', 1)
      else if (row.country === 'eu') set('unplaced_eu', 1)
      if (row.region) set('unplaced_regional', 1)
    }
    const unitFit = parsed.unit ? unitFitOf(parsed.unit, facts) : 1
    const unitMatch = unitMatchOf(parsed.unit, unitFit)
    if (unitMatch === 'exact') set('unit_exact', 1)
    else if (unitMatch === 'convertible') set('unit_convertible', unitFit)
    else if (unitMatch === 'mismatch') set('unit_mismatch', 1)
    if (facts.secondary) set('secondary', 1)
    if (facts.derived) set('derived', 1)
    if (facts.average) set('average', 1)
    if (isGeneralRow(release, position)) set('catch_all', 1)
    if (facts.perGas !== null && !parsed.gases.includes(facts.perGas)) set('per_gas_unasked', 1)
    if (facts.perGas !== null && parsed.gases.includes(facts.perGas)) set('per_gas_named', 1)
    if (facts.perGas === null && parsed.gases.length > 0) set('total_gas_named', 1)
    let unasked = facts.variants & ~asked
    for (let v = 0; unasked !== 0; v++, unasked >>>= 1) if (unasked & 1) x[VARIANT_OFFSET + v] = 1
    if (facts.variants & asked) set('variant_asked', 1)
    if (domains.size > 0) set(domains.has(facts.domain) ? 'domain_in' : 'domain_out', 1)
    if (facts.domain === 'spend') {
      set('spend_row', 1)
      if (money) set('spend_money_named', 1)
      else if (parsed.unit !== null) set('spend_other_unit', 1)
      if (upper) set('spend_upper_case', 1)
      set('spend_many_concepts', Math.min(1, conceptCount / 5))
    }
    if (covered.excepted) set('excepted', 1)
    if (placeTerms.size > 0 && queryTerms.some((t) => placeTerms.has(t) && !unitTerms(row.unit).has(t))) set('place_in_name', 1)
    out.push({ position, score: linearScore(model.weights, x), x, geo: geo.match, coverage, unitMatch, matched: [...new Set(queryTerms)] })
  }
  for (const hit of hits) score(hit.id as number, hit)
  for (const ind of industry) score(ind.id as number, undefined)
  // Some sources publish a place's factors per gas only (US EPA fuels, per gallon): where no CO2e
  // total covering every concept is for the place and in the unit named, the CO2 rows are candidates.
  const wantsMore = parsed.gases.length === 0 && (parsed.places.length > 0 || parsed.unit !== null) && release.gases().includes('co2')
  if (wantsMore && !out.some((s) => s.coverage >= 0.999 && (parsed.places.length === 0 || s.geo === 'exact') && (parsed.unit === null || s.unitMatch === 'exact'))) {
    const co2 = release.gasIndex('co2').search(tree, RESOLVE_SEARCH)
    for (const h of co2) if (h.score > top) top = h.score
    for (const hit of co2) score(hit.id as number, hit)
  }
  return out
}

/** Best first (ties: row order). */
export function byScore(a: Scored, b: Scored): number {
  return b.score - a.score || a.position - b.position
}
