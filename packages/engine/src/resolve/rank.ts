/**
 * Rank the factors for a parsed description (docs/resolve.md): candidates from one minisearch
 * query over the emission-factor CO2e totals (and per-gas rows where a gas is named, CO2 rows
 * where a place or unit is), plus spend factors found by the words of their industry; each
 * candidate becomes a feature vector (features.ts) and is scored by the fitted weights.
 */
import type { LoadedRelease } from '../index/loaded.ts'
import type { Hit } from '../index/execute.ts'
import { searchHits } from '../index/execute.ts'
import { correctTerm, FIELD_BOOST, indexHasTerm } from '../index/search-index.ts'
import { terms } from '../text/normalise.ts'
import { isPlacePrefix, isPlaceTerm } from '../text/vocab/places.ts'
import { kthLargest } from '../index/best-of.ts'
import { VARIANT_NAMES } from '../text/variants.ts'
import type { ExcludedTerms } from './excluded-terms.ts'
import { BASE_FEATURES, emptyFeatures, featureIndex, FEATURES, linearScore, VARIANT_OFFSET } from './features.ts'
import type { BaseFeature } from './features.ts'
import type { GeoMatch } from './geo.ts'
import { geoVerdict, narrowestPlaces } from './geo.ts'
import { searchIndustry, spendRowsOf } from './industry.ts'
import { lineVotes, industryKnows, lineCountsOf } from './lines.ts'
import { classify } from './classifier.ts'
import { semanticIndustries } from './semantic.ts'
import { spendExcluded } from './unsold.ts'
import type { ResolveModel } from './model.ts'
import type { ParsedDescription } from './parse.ts'
import { buildQuery } from './query.ts'
import type { UnitMatch } from './weights.ts'
import { rankRowFacts, type RankRowFacts } from './row-facts.ts'
import { conceptWeight, perTraveller, unitFitOf, unitMatchOf } from './weights.ts'

/** A kept candidate. The objects (and their vectors) are reused by the next scoreCandidates call: read or copy them before it. */
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
 * Whether query term `t` really matched: some matched word of the factor (in `a` or `b`) starting
 * with it is not a zone-code fragment or an "except" word. A term with no such word matched by
 * typo tolerance, which the exclusions do not concern.
 */
function realMatch(t: string, a: readonly string[], b: readonly string[], ex: ExcludedTerms): boolean {
  const inA = realMatchIn(t, a, ex)
  if (inA === 1) return true
  const inB = realMatchIn(t, b, ex)
  if (inB === 1) return true
  return inA === 0 && inB === 0
}

/** 1: a word starting with `t` that is not excluded; -1: only excluded ones; 0: none. */
function realMatchIn(t: string, docTerms: readonly string[], ex: ExcludedTerms): number {
  let any = false
  for (const d of docTerms) {
    if (!d.startsWith(t)) continue
    any = true
    if (!ex.zone.has(d) && !ex.except.has(d)) return 1
  }
  return any ? -1 : 0
}

function exceptMatch(t: string, a: readonly string[], b: readonly string[], ex: ExcludedTerms): boolean {
  for (const d of a) if (d.startsWith(t) && ex.except.has(d)) return true
  for (const d of b) if (d.startsWith(t) && ex.except.has(d)) return true
  return false
}

/**
 * The concepts a factor covers, as a bit mask, read from the query terms its hits matched (those
 * of the main hit, `qa`, then of the industry hit, `qb`) and the factor's matched words (`da`,
 * `db`); written into one object per call, as this runs for thousands of candidates.
 */
const coverage = { mask: 0, excepted: false }
function coverageOf(qa: readonly string[], qb: readonly string[], da: readonly string[], db: readonly string[], conceptOfTerm: ReadonlyMap<string, number>, ex: ExcludedTerms | null, placePrefixes: ReadonlySet<string>): void {
  coverage.mask = 0
  coverage.excepted = false
  blocked = 0
  coverTerms(qa, da, db, conceptOfTerm, ex, placePrefixes)
  coverTerms(qb, da, db, conceptOfTerm, ex, placePrefixes)
  coverage.mask &= ~blocked
}

// A concept with a word matched only in a zone code or an "except" clause is not covered,
// even when its other words match ("office paper" vs "Office Supplies (except Paper)"); nor one
// whose word matched only as the beginning of a place's name ("main" in "Maine").
let blocked = 0
function coverTerms(queryTerms: readonly string[], da: readonly string[], db: readonly string[], conceptOfTerm: ReadonlyMap<string, number>, ex: ExcludedTerms | null, placePrefixes: ReadonlySet<string>): void {
  for (const t of queryTerms) {
    const c = conceptOfTerm.get(t)
    if (c === undefined) continue
    if (placePrefixes.has(t) && onlyPlacePrefix(t, da, db)) {
      blocked |= 1 << c
      continue
    }
    if (ex && !realMatch(t, da, db, ex)) {
      if (exceptMatch(t, da, db, ex)) coverage.excepted = true
      blocked |= 1 << c
      continue
    }
    coverage.mask |= 1 << c
  }
}

/**
 * Whether every matched word of the factor (in `a` or `b`) starting with `t` is a longer place term:
 * the word was read as no place, and reached the factor only by the beginning of a place's name.
 * False when `t` matched none by prefix (typo tolerance).
 */
function onlyPlacePrefix(t: string, a: readonly string[], b: readonly string[]): boolean {
  let any = false
  for (const d of a) {
    if (!d.startsWith(t)) continue
    if (d === t || !isPlaceTerm(d)) return false
    any = true
  }
  for (const d of b) {
    if (!d.startsWith(t)) continue
    if (d === t || !isPlaceTerm(d)) return false
    any = true
  }
  return any
}

/** Whether any term of `q` is in `set`. */
function hasAnyOf(q: readonly string[], set: ReadonlySet<string>): boolean {
  for (const t of q) if (set.has(t)) return true
  return false
}

/** Whether `a` or `b` holds `t`. */
function eitherHas(a: readonly string[], b: readonly string[], t: string): boolean {
  return a.includes(t) || b.includes(t)
}

const NO_TERMS: readonly string[] = []
/** No place named: every row's geography is unspecified (its weight is not a feature). */
const UNSPECIFIED = { match: 'unspecified' } as const

/** Resolve leaves out the key's words: they repeat the name's words for almost every factor. */
const RESOLVE_SEARCH = { boost: FIELD_BOOST, fields: ['name', 'name_original', 'tags', 'section'] }
/** Spend factors taken from the industry index (on top of those the main query finds). */
const INDUSTRY_CANDIDATES = 40
/** Industries of the classifier of labelled lines whose spend factors are candidates, most probable first. */
const CLASSIFIER_CANDIDATES = 10
/** Industries the description's words mean (word vectors) whose spend factors are candidates (in the first design, docs/resolve.md, none: the right industry among the candidates for 579 of 696 training lines out of fold instead of 604). */
const SEMANTIC_CANDIDATES = 10

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

/** The variant bit of a waste route (text/variants.ts). */
const WASTE_ROUTE = 1 << VARIANT_NAMES.indexOf('waste_route')

/**
 * Which feature an exact unit is: a material's declared unit, an unasked waste route's tonne and a
 * refrigerant's kg (every refrigerant is per kg) say less of which factor is meant than other units.
 */
function exactUnitFeature(rf: RankRowFacts, asked: number): number {
  if (rf.material) return I.material_unit_exact
  if (rf.variants & ~asked & WASTE_ROUTE) return I.unasked_waste_unit_exact
  return rf.domain === 'refrigerants' ? I.refrigerant_unit_exact : I.unit_exact
}

/** Feature positions by name, read once. */
const I = Object.fromEntries(BASE_FEATURES.map((n) => [n, featureIndex(n)])) as Record<BaseFeature, number>
const FIELD_FEATURE: Record<string, number> = { name: I.in_name, section: I.in_section, tags: I.only_in_tags, name_original: I.in_original, industry: I.in_industry, learned: I.in_learned }
/** Candidates kept with their features, best first. */
const PRE_KEEP = 120

const co2Rows = new WeakMap<LoadedRelease, boolean>()
export function hasCo2Rows(release: LoadedRelease): boolean {
  let has = co2Rows.get(release)
  if (has === undefined) {
    has = release.gases().includes('co2')
    co2Rows.set(release, has)
  }
  return has
}

/** Fields of a hit that have an `in_*` feature, and that feature's position. */
const FIELDS = Object.keys(FIELD_FEATURE)
const FIELD_SLOT = new Map<string, number>(FIELDS.map((f, i) => [f, i]))
const FIELD_INDEX = FIELDS.map((f) => FIELD_FEATURE[f] ?? 0)
const fieldCounts = new Float64Array(FIELDS.length)
/** Fields each index can match in: the main index's and the industry index's. */
const MAIN_FIELD_SLOTS = ['name', 'section', 'tags', 'name_original'].map((f) => FIELD_SLOT.get(f) ?? 0)
const INDUSTRY_FIELD_SLOTS = ['name', 'industry', 'learned'].map((f) => FIELD_SLOT.get(f) ?? 0)

const TAGS_SLOT = FIELD_SLOT.get('tags') ?? 0
/** Per index term of the current hit, the fields it matched in (a bit per slot). */
let termFields = new Int32Array(64)
const countField = (f: string, term: number): void => {
  const slot = FIELD_SLOT.get(f)
  if (slot === undefined) return
  fieldCounts[slot] = (fieldCounts[slot] ?? 0) + 1
  termFields[term] = (termFields[term] ?? 0) | (1 << slot)
}

/**
 * The share of written terms matched in each field of a hit (`in_*` features). Tags count only the
 * terms matched in no other field: a factor whose name says "brick" is not less likely for also
 * being tagged "fired brick"; a factor found through its tags alone is (they are broad words).
 */
function fieldShares(x: Float64Array, hit: Hit, written: number): void {
  fieldCounts.fill(0)
  if (termFields.length < hit.termCount) termFields = new Int32Array(hit.termCount * 2)
  termFields.fill(0, 0, hit.termCount)
  hit.forEachField(countField)
  let tagsOnly = 0
  for (let k = 0; k < hit.termCount; k++) if (termFields[k] === 1 << TAGS_SLOT) tagsOnly++
  fieldCounts[TAGS_SLOT] = tagsOnly
  for (let slot = 0; slot < FIELDS.length; slot++) {
    const count = fieldCounts[slot] ?? 0
    const i = FIELD_INDEX[slot] ?? 0
    if (count > 0) x[i] = Math.max(x[i] ?? 0, Math.min(1, count / written))
  }
}

/** What the `in_*` features add to a score (fieldShares, without a whole feature vector). */
const fieldScratch = new Float64Array(FEATURES.length)
function fieldScore(weights: readonly number[], hit: Hit | undefined, ind: Hit | undefined, written: number): number {
  for (const i of FIELD_INDEX) fieldScratch[i] = 0
  if (hit) fieldShares(fieldScratch, hit, written)
  if (ind) fieldShares(fieldScratch, ind, written)
  let s = 0
  for (const i of FIELD_INDEX) s += (fieldScratch[i] ?? 0) * (weights[i] ?? 0)
  return s
}

/**
 * Bounds of what the `in_*` features can add to a score: each is a share in [0, min(1, terms
 * matched / terms written)], in the fields its index has. `bounds[0]` the least, `[1]` the most.
 */
function fieldBounds(weights: readonly number[], hit: Hit | undefined, ind: Hit | undefined, written: number, bounds: Float64Array): void {
  const shareMain = hit ? Math.min(1, hit.termCount / written) : 0
  const shareIndustry = ind ? Math.min(1, ind.termCount / written) : 0
  fieldCounts.fill(0)
  if (hit) for (const slot of MAIN_FIELD_SLOTS) fieldCounts[slot] = shareMain
  if (ind) for (const slot of INDUSTRY_FIELD_SLOTS) fieldCounts[slot] = Math.max(fieldCounts[slot] ?? 0, shareIndustry)
  let lo = 0
  let hi = 0
  for (let slot = 0; slot < FIELDS.length; slot++) {
    const v = (weights[FIELD_INDEX[slot] ?? 0] ?? 0) * (fieldCounts[slot] ?? 0)
    if (v < 0) lo += v
    else hi += v
  }
  bounds[0] = lo
  bounds[1] = hi
}

/**
 * The features fill() set (non-zero) in the vector it filled last, in the order set: the first
 * pass scores and clears only those (a vector has ~100 features, a candidate sets ~15). Each
 * feature is set at most once per fill; the words-per-field features (`full`) are not tracked.
 */
const setIndexes = new Int32Array(FEATURES.length)
let setCount = 0
let setIn: Float64Array | null = null
let setAll = false

function put(x: Float64Array, i: number, v: number): void {
  x[i] = v
  if (v !== 0) setIndexes[setCount++] = i
}

/** Zero `x` before a fill: only what the last fill set, where it was this vector and not `full`. */
function clearSet(x: Float64Array, full: boolean): void {
  if (x === setIn && !setAll) for (let j = 0; j < setCount; j++) x[setIndexes[j] ?? 0] = 0
  else x.fill(0)
  setIn = x
  setAll = full
  setCount = 0
}

let checking = false
/** Tests: compare every first-pass score with the whole vector's (a feature written without `put`). */
export function checkSetScores(on: boolean): void {
  checking = on
}

/** linearScore of the vector just filled without `full`, from the features it set. */
function setScore(weights: readonly number[], x: Float64Array): number {
  let s = 0
  for (let j = 0; j < setCount; j++) {
    const i = setIndexes[j] ?? 0
    s += (x[i] ?? 0) * (weights[i] ?? 0)
  }
  return s
}

/**
 * fieldBounds remembered for one scoreCandidates call (`boundsSerial`): they depend only on how
 * many terms each hit matched, and thousands of candidates share a few such pairs.
 */
const BOUNDS_SIDE = 130
const boundsMemo = new Float64Array(2 * BOUNDS_SIDE * BOUNDS_SIDE)
const boundsStamp = new Int32Array(BOUNDS_SIDE * BOUNDS_SIDE)
let boundsSerial = 0
function boundsOf(weights: readonly number[], hit: Hit | undefined, ind: Hit | undefined, written: number, bounds: Float64Array): void {
  const a = hit ? hit.termCount + 1 : 0
  const b = ind ? ind.termCount + 1 : 0
  if (a >= BOUNDS_SIDE || b >= BOUNDS_SIDE) return fieldBounds(weights, hit, ind, written, bounds)
  const k = a * BOUNDS_SIDE + b
  if (boundsStamp[k] !== boundsSerial) {
    fieldBounds(weights, hit, ind, written, bounds)
    boundsMemo[2 * k] = bounds[0] ?? 0
    boundsMemo[2 * k + 1] = bounds[1] ?? 0
    boundsStamp[k] = boundsSerial
    return
  }
  bounds[0] = boundsMemo[2 * k] ?? 0
  bounds[1] = boundsMemo[2 * k + 1] ?? 0
}

/**
 * Each concept's weight times its rarity, ln(1 + rows / (1 + rows it matches)): covering "WEEE" or
 * "photovoltaic" says more about which factor is meant than covering "recycling" or "panels".
 * Hits that matched the same query terms share one `queryTerms` array, read once.
 */
function rarityWeights(hits: readonly Hit[], conceptOfTerm: ReadonlyMap<string, number>, conceptWeights: readonly number[], rows: number): number[] {
  const matched = new Array<number>(conceptWeights.length).fill(0)
  if (conceptWeights.length > 1) {
    const maskOf = new Map<readonly string[], number>()
    for (const h of hits) {
      let mask = maskOf.get(h.queryTerms)
      if (mask === undefined) {
        mask = 0
        for (const t of h.queryTerms) {
          const c = conceptOfTerm.get(t)
          if (c !== undefined) mask |= 1 << c
        }
        maskOf.set(h.queryTerms, mask)
      }
      for (let c = 0; mask >>> c; c++) if (mask & (1 << c)) matched[c] = (matched[c] ?? 0) + 1
    }
  }
  return conceptWeights.map((w, c) => w * Math.log1p(rows / (1 + (matched[c] ?? 0))))
}

const UPPER = /[A-Z]/g
const LOWER = /[a-z]/g

/** Every candidate with its features and fitted score, unsorted. */
export function scoreCandidates(release: LoadedRelease, parsed: ParsedDescription, asked: number, model: ResolveModel, description: string): Scored[] {
  const main = release.index
  const { tree, conceptOfTerm, conceptCount } = buildQuery(parsed, (t) => indexHasTerm(main, t))
  if (tree.queries.length === 0) return []
  // On the main index a word with no term within its fuzzy distance (correctTerm, memoised) is
  // searched without fuzzy matching: the same hits, without walking the term tree again.
  const mainTree = buildQuery(parsed, (t) => indexHasTerm(main, t) || industryKnows(release, model, t) || correctTerm(main, t) === null).tree
  const totals = searchHits(main, mainTree, RESOLVE_SEARCH)
  const hits = parsed.gases.length === 0 ? totals : [...totals, ...parsed.gases.flatMap((gas) => searchHits(release.gasIndex(gas), tree, RESOLVE_SEARCH))]
  let top = 0
  for (const h of hits) if (h.score > top) top = h.score
  // Only things no spend factor's industry sells ("Electricity" in USD), or a quantity hinted: no
  // spend row is an answer, and the industries, labelled lines and word meanings are not read at all.
  const noSpend = spendExcluded(release, parsed)
  // Industries are matched by every word written (a unit or place read from a terse purchase
  // line may be a product word: "IN", "LB") and the synonyms of the concepts read.
  const industryTerms = new Set(noSpend ? [] : [...terms(description).filter((t) => !/\d/.test(t)), ...conceptOfTerm.keys()])
  const industry = searchIndustry(release, model, [...industryTerms], INDUSTRY_CANDIDATES)
  const industryTop = industry[0]?.score ?? 0
  const industryHit = new Map<number, Hit>(industry.map((h) => [h.id as number, h]))
  const votes = lineVotes(model, [...industryTerms])
  // The classifier reads the words as the labelled lines were stored (eval/industry-words.ts).
  const lineWords = noSpend ? [] : terms(description).filter((t) => t.length >= 2 && !/\d/.test(t))
  const classes = classify(model, lineWords)
  const meant = semanticIndustries(release, model, lineWords)
  const head = lineWords[0] ?? null

  // Words written that begin a longer place's name: where a factor matched them only so, they cover nothing.
  const placePrefixes = new Set<string>()
  for (const t of conceptOfTerm.keys()) if (isPlacePrefix(t)) placePrefixes.add(t)
  const domains = new Set(parsed.concepts.flatMap((c) => c.domains ?? []))
  const conceptWeights = parsed.concepts.map((c) => conceptWeight(c.phrase))
  const totalConceptWeight = conceptWeights.reduce((a, b) => a + b, 0) || 1
  const rareWeights = rarityWeights(totals, conceptOfTerm, conceptWeights, release.rows.length)
  const totalRareWeight = rareWeights.reduce((a, b) => a + b, 0) || 1
  const placeTerms = new Set(terms(parsed.placeWords.join(' ')))
  const places = narrowestPlaces(parsed.places)
  /** Whether a query term a hit matched is a place word, not a word of the factor's unit. */
  const namesPlace = (queryTerms: readonly string[], unit: string): boolean => {
    for (const t of queryTerms) if (placeTerms.has(t) && !unitTerms(unit).has(t)) return true
    return false
  }
  const written = Math.max(1, new Set(parsed.concepts.flatMap((c) => terms(c.phrase))).size)
  const letters = description.replace(/[^A-Za-z]/g, '')
  const upper = letters.length >= 4 && (description.match(UPPER)?.length ?? 0) > 3 * (description.match(LOWER)?.length ?? 0)
  const money = parsed.unit?.dimension === 'currency'

  interface Meta {
    coverage: number
    geo: GeoMatch
    unitMatch: UnitMatch
  }
  /**
   * Fill `x` for one candidate (and `meta`); `full` adds the share of the written words matched
   * per field (reading every matched word of the hit). False when the factor is no answer.
   * Every feature is written with `put` (the first pass scores only what `put` recorded;
   * `checkSetScores` in the tests catches a feature written otherwise).
   */
  const meta: Meta = { coverage: 0, geo: 'unspecified', unitMatch: 'unspecified' }
  /** The coverage of the last candidate (`qa`, `qb` when it had no excluded words) and the sums of its `mask`. */
  const memo = { qa: null as readonly string[] | null, qb: null as readonly string[] | null, mask: Number.NaN, coveredWeight: 0, coveredRare: 0, uncovered: 0 }
  const coveredSums = (mask: number): void => {
    let coveredWeight = 0
    let coveredRare = 0
    let uncovered = 0
    for (let c = 0; c < conceptWeights.length; c++) {
      if (mask & (1 << c)) {
        coveredWeight += conceptWeights[c] ?? 0
        coveredRare += rareWeights[c] ?? 0
      } else uncovered++
    }
    memo.mask = mask
    memo.coveredWeight = coveredWeight
    memo.coveredRare = coveredRare
    memo.uncovered = uncovered
  }
  // Fetched once per call, read per candidate.
  const rowFacts = rankRowFacts(release)
  const lineCounts = lineCountsOf(model)
  const fill = (x: Float64Array, position: number, hit: Hit | undefined, ind: Hit | undefined, full: boolean): boolean => {
    // The row's facts and copies of what is read of the row, in one object (row-facts.ts).
    const rf = rowFacts(position)
    if (!rf || (rf.spend && noSpend)) return false
    // The query terms and words matched by the main hit and the industry hit, read in turn.
    const qa = hit?.queryTerms ?? NO_TERMS
    const qb = ind?.queryTerms ?? NO_TERMS
    const excluded = rf.excluded
    const namePlaces = rf.namePlaces
    // The index terms a hit matched are read only where they count (most rows: never).
    const prefixed = placePrefixes.size > 0 && rf.placeWords && (hasAnyOf(qa, placePrefixes) || hasAnyOf(qb, placePrefixes))
    const readTerms = excluded !== null || namePlaces > 0 || prefixed
    const da = readTerms ? (hit?.terms ?? NO_TERMS) : NO_TERMS
    const db = readTerms ? (ind?.terms ?? NO_TERMS) : NO_TERMS
    // Without excluded words the concepts covered depend only on the query terms matched, which
    // hits matching the same words share (one array): read once per run of such candidates.
    if (excluded !== null || prefixed || qa !== memo.qa || qb !== memo.qb) {
      coverageOf(qa, qb, da, db, conceptOfTerm, excluded, placePrefixes)
      if (excluded === null && !prefixed) {
        memo.qa = qa
        memo.qb = qb
      } else memo.qa = memo.qb = null
      if (coverage.mask !== memo.mask) coveredSums(coverage.mask)
    }
    const excepted = excluded !== null && coverage.excepted
    const { coveredWeight, coveredRare, uncovered } = memo
    const covered = conceptCount === 0 ? 0.5 : coveredWeight / totalConceptWeight
    const code = rf.spend ? rf.naics : null
    const vote = code === null ? 0 : (votes.share.get(code) ?? 0)
    const classRank = code === null ? 0 : (classes.rank.get(code) ?? 0)
    const meantRank = code === null ? 0 : (meant.rank.get(code) ?? 0)
    // A factor that only shares the place words is not an answer, nor one that excludes what was
    // asked, unless labelled lines like this one vote for its industry or the classifier or the
    // word vectors rank it high.
    if (covered === 0 && vote === 0 && (classRank === 0 || classRank > CLASSIFIER_CANDIDATES) && (meantRank === 0 || meantRank > SEMANTIC_CANDIDATES) && (!ind || excepted)) return false
    clearSet(x, full)
    if (hit) {
      put(x, I.text_rel, top > 0 ? hit.score / top : 0)
      put(x, I.text_log, Math.log1p(hit.score))
    }
    if (ind) {
      put(x, I.industry_rel, industryTop > 0 ? ind.score / industryTop : 0)
      put(x, I.industry_log, Math.log1p(ind.score))
    }
    put(x, I.coverage, covered)
    put(x, I.coverage_full, covered >= 0.999 ? 1 : 0)
    put(x, I.coverage_rare, conceptCount === 0 ? 0.5 : coveredRare / totalRareWeight)
    put(x, I.uncovered, uncovered)
    const geo = places.length === 0 ? UNSPECIFIED : geoVerdict(rf, places, rf.domain)
    if (geo.match === 'exact') put(x, rf.region ? I.geo_exact_region : rf.material ? I.material_geo_exact : I.geo_exact, 1)
    else if (geo.match === 'region') put(x, I.geo_region, 1)
    else if (geo.match === 'global') put(x, I.geo_global, 1)
    else if (geo.match === 'mismatch') put(x, rf.material ? I.material_geo_mismatch : I.geo_mismatch, 1)
    else if (rf.material) put(x, I.unplaced_material, 1)
    else {
      if (rf.country === 'gb' || rf.country === 'glo') put(x, I.unplaced_gb_glo, 1)
      else if (rf.country === 'us') put(x, I.unplaced_us, 1)
      else if (rf.country === 'eu') put(x, I.unplaced_eu, 1)
      if (rf.region) put(x, I.unplaced_regional, 1)
    }
    const unitFit = parsed.unit ? unitFitOf(parsed.unit, rf.facts) : 1
    const unitMatch = unitMatchOf(parsed.unit, unitFit)
    if (unitMatch === 'exact') put(x, exactUnitFeature(rf, asked), 1)
    else if (unitMatch === 'convertible') {
      if (rf.material) put(x, I.material_unit_convertible, unitFit)
      else if (perTraveller(parsed.unit, rf.facts.unit)) put(x, I.unit_per_traveller, 1)
      else put(x, I.unit_convertible, unitFit)
    }
    else if (unitMatch === 'mismatch') put(x, I.unit_mismatch, 1)
    if (rf.secondary) put(x, I.secondary, 1)
    if (rf.derived) put(x, I.derived, 1)
    if (rf.average) put(x, I.average, 1)
    if (rf.perGas !== null) put(x, parsed.gases.includes(rf.perGas) ? I.per_gas_named : I.per_gas_unasked, 1)
    else if (parsed.gases.length > 0) put(x, I.total_gas_named, 1)
    let unasked = rf.variants & ~asked
    for (let v = 0; unasked !== 0; v++, unasked >>>= 1) if (unasked & 1) put(x, VARIANT_OFFSET + v, 1)
    if (rf.variants & asked) put(x, I.variant_asked, 1)
    if (domains.size > 0) put(x, domains.has(rf.domain) ? I.domain_in : I.domain_out, 1)
    if (excepted) put(x, I.excepted, 1)
    if (rf.spend) {
      put(x, I.spend_row, 1)
      if (money) put(x, I.spend_money_named, 1)
      else if (parsed.unit !== null) put(x, I.spend_other_unit, 1)
      if (upper) put(x, I.spend_upper_case, 1)
      put(x, I.spend_many_concepts, Math.min(1, conceptCount / 5))
      put(x, I.line_share, vote)
      if (code !== null && code === votes.nearest) put(x, I.line_nearest, 1)
      if (code !== null) {
        put(x, I.line_best, votes.best.get(code) ?? 0)
        put(x, I.line_prior, Math.log1p(lineCounts.get(code) ?? 0))
        put(x, I.line_group, votes.group.get(rf.naicsGroup ?? '') ?? 0)
        if (classRank > 0) {
          const p = classes.prob.get(code) ?? 0
          put(x, I.clf_prob, p)
          put(x, I.clf_log, 1 + Math.max(-10, Math.log(p)) / 10)
          put(x, I.clf_rank, 1 / classRank)
        }
        put(x, I.clf_group, classes.group.get(rf.naicsGroup ?? '') ?? 0)
        if (meantRank > 0) {
          const p = meant.prob.get(code) ?? 0
          put(x, I.sem_prob, p)
          put(x, I.sem_log, 1 + Math.max(-10, Math.log(p)) / 10)
          put(x, I.sem_rank, 1 / meantRank)
        }
      }
      if (head !== null && eitherHas(qa, qb, head)) put(x, I.head_matched, 1)
    }
    let matchedPlaceTerms = 0
    if (namePlaces > 0) {
      for (const t of da) if (placeTerms.has(t)) matchedPlaceTerms++
      for (const t of db) if (placeTerms.has(t)) matchedPlaceTerms++
    }
    put(x, I.extra_terms, Math.log1p(Math.max(0, rf.ownTerms - (hit?.termCount ?? 0) - Math.max(0, namePlaces - matchedPlaceTerms))))
    if (rf.general) put(x, I.catch_all, 1)
    if (placeTerms.size > 0 && (namesPlace(qa, rf.row.unit) || namesPlace(qb, rf.row.unit))) put(x, I.place_in_name, 1)
    if (full) {
      if (hit) fieldShares(x, hit, written)
      if (ind) fieldShares(x, ind, written)
    }
    meta.coverage = covered
    meta.geo = geo.match
    meta.unitMatch = unitMatch
    return true
  }

  // Every hit is scored in one scratch vector without the words-per-field features, whose share
  // of the score is bounded (fieldBounds); only hits whose best possible score reaches the
  // PRE_KEEP-th best least possible one are read in full, and only the best PRE_KEEP keep their
  // features. The same PRE_KEEP as scoring every hit in full, at a fraction of the cost.
  const scratch = emptyFeatures()
  if (++boundsSerial >= 0x7fffffff) {
    boundsStamp.fill(0)
    boundsSerial = 1
  }
  kept.reset()
  const bounds = new Float64Array(2)
  const pre = preScratch()
  const seen = seenRows(release)
  const consider = (position: number, hit: Hit | undefined): void => {
    if (seen.stamp[position] === seen.serial) return
    seen.stamp[position] = seen.serial
    const ind = industryHit.get(position)
    if (!fill(scratch, position, hit, ind, false)) return
    const partial = setScore(model.weights, scratch)
    // Summed in the order set, not by index: equal to the last bits (the cut below allows 1e-9).
    if (checking && Math.abs(partial - linearScore(model.weights, scratch)) > 1e-9) throw new Error(`feature written without put() for row ${position}`)
    boundsOf(model.weights, hit, ind, written, bounds)
    pre.add(position, hit, partial, partial + (bounds[0] ?? 0), partial + (bounds[1] ?? 0))
  }
  const out: Scored[] = []
  const finish = (): void => {
    const n = pre.n
    let cut = Number.NEGATIVE_INFINITY
    if (n > PRE_KEEP) {
      const lows = pre.scratch(n)
      lows.set(pre.lo.subarray(0, n))
      // Rounding of the partial sums: a margin far below any real difference of scores.
      cut = kthLargest(lows, PRE_KEEP) - 1e-9
    }
    // Those that can reach the PRE_KEEP best are scored in full; the best PRE_KEEP of them (ties in row order) kept.
    let full = 0
    for (let i = 0; i < n; i++) {
      if ((pre.hi[i] ?? 0) < cut) continue
      pre.score[i] = (pre.score[i] ?? 0) + fieldScore(model.weights, pre.hits[i], industryHit.get(pre.position[i] ?? 0), written)
      pre.order[full++] = i
    }
    for (const i of pre.best(full, PRE_KEEP)) {
      const position = pre.position[i] ?? 0
      const hit = pre.hits[i]
      const ind = industryHit.get(position)
      const s = kept.next()
      if (!fill(s.x, position, hit, ind, true)) {
        kept.unget()
        continue
      }
      s.position = position
      s.score = linearScore(model.weights, s.x)
      s.coverage = meta.coverage
      s.geo = meta.geo
      s.unitMatch = meta.unitMatch
      s.matched.length = 0
      pushDistinct(s.matched, hit?.queryTerms ?? NO_TERMS, ind?.queryTerms ?? NO_TERMS)
      out.push(s)
    }
    pre.clear()
  }
  for (const hit of hits) consider(hit.id, hit)
  for (const ind of industry) consider(ind.id as number, undefined)
  const spendRows = spendRowsOf(release)
  for (const code of votes.share.keys()) for (const position of spendRows.get(code) ?? []) consider(position, undefined)
  for (let r = 0; r < CLASSIFIER_CANDIDATES && r < classes.order.length; r++) for (const position of spendRows.get(classes.order[r] ?? '') ?? []) consider(position, undefined)
  for (let r = 0; r < SEMANTIC_CANDIDATES && r < meant.order.length; r++) for (const position of spendRows.get(meant.order[r] ?? '') ?? []) consider(position, undefined)
  finish()
  // Some sources publish a place's factors per gas only (US EPA fuels, per gallon): where no CO2e
  // total covering every concept is for the place and in the unit named, the CO2 rows are candidates.
  const wantsMore = parsed.gases.length === 0 && (parsed.places.length > 0 || parsed.unit !== null) && hasCo2Rows(release)
  if (wantsMore && !out.some((s) => s.coverage >= 0.999 && (parsed.places.length === 0 || s.geo === 'exact') && (parsed.unit === null || s.unitMatch === 'exact'))) {
    const co2 = searchHits(release.gasIndex('co2'), tree, RESOLVE_SEARCH)
    for (const h of co2) if (h.score > top) top = h.score
    for (const hit of co2) consider(hit.id, hit)
    finish()
  }
  // Spend factors learn how well a factor of another domain answers the description.
  let activityFull = 0
  for (const s of out) if (s.coverage >= 0.999 && s.x[I.spend_row] === 0) activityFull = Math.max(activityFull, s.x[I.text_rel] ?? 0)
  const w = model.weights[I.spend_activity_full] ?? 0
  if (activityFull > 0) {
    for (const s of out) {
      if (s.x[I.spend_row] !== 1) continue
      s.x[I.spend_activity_full] = activityFull
      s.score += w * activityFull
    }
  }
  return out
}

/**
 * The kept candidates (each with its feature vector and matched terms), reused by the next
 * scoreCandidates call: resolve is synchronous and its callers read them before scoring again
 * (train.ts copies the vectors). Fresh objects per candidate were most of what V8 promoted per
 * call, as garbage for the full collector (docs/benchmarks.md).
 */
const kept = {
  pool: [] as Scored[],
  used: 0,
  reset(): void {
    this.used = 0
  },
  next(): Scored {
    let s = this.pool[this.used]
    if (!s) this.pool.push((s = { position: 0, score: 0, x: emptyFeatures(), coverage: 0, geo: 'unspecified', unitMatch: 'unspecified', matched: [] }))
    this.used++
    return s
  },
  /** Give back the last one taken (its factor turned out to be no answer). */
  unget(): void {
    this.used--
  },
}

/** Push to `into` each term of `a` then `b` not in it yet. */
function pushDistinct(into: string[], a: readonly string[], b: readonly string[]): void {
  for (const t of a) if (!into.includes(t)) into.push(t)
  for (const t of b) if (!into.includes(t)) into.push(t)
}

/**
 * The candidates of one scoreCandidates call before their full scoring, as parallel arrays reused by
 * every call (resolve is synchronous): an object per candidate, thousands per description, made V8
 * tenure them and slowed every young collection (docs/benchmarks.md).
 */
interface PreScratch {
  n: number
  position: Int32Array
  score: Float64Array
  lo: Float64Array
  hi: Float64Array
  hits: Array<Hit | undefined>
  /** Indexes of the candidates scored in full (filled by the caller). */
  order: Int32Array
  add(position: number, hit: Hit | undefined, score: number, lo: number, hi: number): void
  /** A scratch array of at least `n` numbers. */
  scratch(n: number): Float64Array
  /** Of the first `count` indexes in `order`, the best `k` by score, best first (ties: row order), as `bestOf` ranks. */
  best(count: number, k: number): number[]
  clear(): void
}

let sharedPre: PreScratch | undefined
function preScratch(): PreScratch {
  if (sharedPre) return sharedPre
  let spare = new Float64Array(1024)
  const pre: PreScratch = {
    n: 0,
    position: new Int32Array(1024),
    score: new Float64Array(1024),
    lo: new Float64Array(1024),
    hi: new Float64Array(1024),
    hits: [],
    order: new Int32Array(1024),
    add(position, hit, score, lo, hi) {
      if (pre.n === pre.position.length) grow(pre.n * 2)
      const i = pre.n++
      pre.position[i] = position
      pre.score[i] = score
      pre.lo[i] = lo
      pre.hi[i] = hi
      pre.hits[i] = hit
    },
    scratch(n) {
      if (spare.length < n) spare = new Float64Array(n)
      return spare.subarray(0, n)
    },
    best(count, k) {
      const byScore = (a: number, b: number): number => (pre.score[b] ?? 0) - (pre.score[a] ?? 0) || (pre.position[a] ?? 0) - (pre.position[b] ?? 0)
      const chosen: number[] = []
      if (count > 2 * k) {
        const scores = pre.scratch(count)
        for (let j = 0; j < count; j++) scores[j] = pre.score[pre.order[j] ?? 0] ?? 0
        const cut = kthLargest(scores, k)
        for (let j = 0; j < count; j++) if ((pre.score[pre.order[j] ?? 0] ?? 0) >= cut) chosen.push(pre.order[j] ?? 0)
      } else for (let j = 0; j < count; j++) chosen.push(pre.order[j] ?? 0)
      return chosen.sort(byScore).slice(0, k)
    },
    clear() {
      // Emptied in place: `length = 0` would free the array's store and every call regrow it.
      pre.hits.fill(undefined, 0, pre.n)
      pre.n = 0
    },
  }
  const grow = (size: number): void => {
    const widen = <A extends Int32Array | Float64Array>(a: A, make: (n: number) => A): A => {
      const b = make(size)
      b.set(a)
      return b
    }
    pre.position = widen(pre.position, (n) => new Int32Array(n))
    pre.score = widen(pre.score, (n) => new Float64Array(n))
    pre.lo = widen(pre.lo, (n) => new Float64Array(n))
    pre.hi = widen(pre.hi, (n) => new Float64Array(n))
    pre.order = widen(pre.order, (n) => new Int32Array(n))
  }
  sharedPre = pre
  return pre
}

/** Rows already considered by the current scoreCandidates call (a stamp per row, no set per call). */
const seenByRelease = new WeakMap<LoadedRelease, { stamp: Int32Array; serial: number }>()
function seenRows(release: LoadedRelease): { stamp: Int32Array; serial: number } {
  let seen = seenByRelease.get(release)
  if (!seen || seen.serial >= 0x7fffffff) {
    seen = { stamp: new Int32Array(release.rows.length), serial: 0 }
    seenByRelease.set(release, seen)
  }
  seen.serial++
  return seen
}

const WASTE_ROUTE_UNASKED = VARIANT_OFFSET + VARIANT_NAMES.indexOf('waste_route')
/** A waste route (landfill, combustion, composting…) the description does not ask for: another activity than the one described. */
export function unaskedWasteRoute(s: Scored): boolean {
  return s.x[WASTE_ROUTE_UNASKED] === 1
}

const LCA_PROCESS_UNASKED = VARIANT_OFFSET + VARIANT_NAMES.indexOf('lca_process')

/**
 * A building-LCA process (ÖKOBAUDAT's energy, services, transport and end of life) nobody asked for:
 * "R134a" in kg for DE accepted ÖKOBAUDAT's production of the refrigerant (0.99) where a leak's GWP
 * was meant, "Erdgas" in kWh its gas for a building's heating.
 */
export function unaskedLcaProcess(s: Scored): boolean {
  return s.x[LCA_PROCESS_UNASKED] === 1
}

/** Best first (ties: row order). */
export function byScore(a: Scored, b: Scored): number {
  return b.score - a.score || a.position - b.position
}
