/**
 * Rank the factors for a parsed description: one minisearch query over the CO2e totals (and the
 * per-gas rows of a named gas), then every hit scored as a product of weights (docs/resolve.md).
 */
import { FIELD_BOOST, indexHasTerm } from '../index/search-index.ts'
import { terms } from '../text/normalise.ts'
import type { LoadedRelease } from '../index/loaded.ts'
import type { ExcludedTerms } from './excluded-terms.ts'
import { excludedTermsOf } from './excluded-terms.ts'
import type { GeoMatch } from './geo.ts'
import { geoVerdict } from './geo.ts'
import type { ParsedDescription } from './parse.ts'
import { buildQuery } from './query.ts'
import { variantWeight } from '../text/variants.ts'
import type { UnitMatch } from './weights.ts'
import { conceptWeight, ownNameTerms, placeTermsInName, sourceWeight, unitFitOf, unitMatchOf } from './weights.ts'

export interface Scored {
  position: number
  score: number
  geo: GeoMatch
  coverage: number
  unitFit: number
  unitMatch: UnitMatch
}

function better(score: number, position: number, than: Scored): boolean {
  return score > than.score || (score === than.score && position < than.position)
}

/** Score of a factor that excludes, by name, something the user asked for ("except paper"). */
const EXCEPT_PENALTY = 0.5

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

function coverageOf(hit: { queryTerms: string[]; terms: string[] }, conceptOfTerm: ReadonlyMap<string, number>, ex: ExcludedTerms | null): Coverage {
  let mask = 0
  // A concept with a word matched only in a zone code or an "except" clause is not covered,
  // even when its other words match ("office paper" vs "Office Supplies (except Paper)").
  let blocked = 0
  let excepted = false
  for (const t of hit.queryTerms) {
    const c = conceptOfTerm.get(t)
    if (c === undefined) continue
    if (ex && !realMatch(t, hit.terms, ex)) {
      if (hit.terms.some((d) => d.startsWith(t) && ex.except.has(d))) excepted = true
      blocked |= 1 << c
      continue
    }
    mask |= 1 << c
  }
  return { mask: mask & ~blocked, excepted }
}

/**
 * Resolve leaves out the key's words: they repeat the name's words for almost every factor, so
 * they doubled the scoring work without changing the order.
 */
const RESOLVE_SEARCH = { boost: FIELD_BOOST, fields: ['name', 'name_original', 'tags', 'section'] }

function countIn(words: readonly string[], set: ReadonlySet<string>): number {
  let n = 0
  for (const w of words) if (set.has(w)) n++
  return n
}

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

/** Scored hits best first, keeping only the best `keep` (ties: key order). */
export function rank(release: LoadedRelease, parsed: ParsedDescription, asked = 0, keep = Number.POSITIVE_INFINITY, alsoGas: readonly string[] = []): Scored[] {
  const { tree, conceptOfTerm, conceptCount } = buildQuery(parsed, (t) => indexHasTerm(release.index, t))
  if (tree.queries.length === 0) return []
  const totals = release.index.search(tree, RESOLVE_SEARCH)
  // Per-gas rows only when the description names a gas (or the caller asks for a gas's rows
  // as alternatives; they keep the weight of an unnamed gas).
  const gases = [...parsed.gases, ...alsoGas.filter((g) => !parsed.gases.includes(g))]
  const hits =
    gases.length === 0
      ? totals
      : [...totals, ...gases.flatMap((gas) => release.gasIndex(gas).search(tree, RESOLVE_SEARCH))].sort((a, b) => b.score - a.score)
  const top = hits[0]?.score ?? 0
  if (top <= 0) return []
  const domains = new Set(parsed.concepts.flatMap((c) => c.domains ?? []))
  const conceptWeights = parsed.concepts.map((c) => conceptWeight(c.phrase))
  const totalConceptWeight = conceptWeights.reduce((a, b) => a + b, 0) || 1
  const placeTerms = new Set(terms(parsed.placeWords.join(' ')))
  const scored: Scored[] = []
  // Plain factors in the unit named (and in the domains the words point at), kept apart: they rank
  // first when they cover what the best factor covers (`promoteUnit`).
  const inUnit: Scored[] = []
  for (const hit of hits) {
    const position = hit.id as number
    const row = release.rows[position]
    if (!row) continue
    const facts = release.facts(position)
    const covered = coverageOf(hit, conceptOfTerm, excludedTermsOf(release, position))
    let coveredWeight = 0
    for (let c = 0; c < conceptWeights.length; c++) if (covered.mask & (1 << c)) coveredWeight += conceptWeights[c] ?? 0
    // A description that names only a place asks for nothing in particular: never a clear winner.
    const coverage = conceptCount === 0 ? 0.5 : coveredWeight / totalConceptWeight
    // A factor that only shares the place words is not an answer.
    if (coverage === 0) continue
    // Coverage of the concepts asked for dominates; BM25 differences between factors that
    // cover the same concepts are mostly name length, so they are compressed.
    const text = (0.75 + 0.25 * (hit.score / top)) * (0.2 + 0.8 * coverage * coverage)
    const geo = geoVerdict(row, parsed.places, facts.domain)
    const unitFit = parsed.unit ? unitFitOf(parsed.unit, facts) : 1
    const unitWeight = parsed.unit ? 0.2 + 0.8 * unitFit : 1
    const unitMatch = unitMatchOf(parsed.unit, unitFit)
    // Among equal matches the shorter name is the more general factor.
    // Place words of the name are not detail (matched ones are not counted twice).
    const namePlaces = placeTermsInName(release, position)
    const matchedPlaceTerms = namePlaces === 0 || placeTerms.size === 0 ? 0 : countIn(hit.terms, placeTerms)
    const extraNameTerms = Math.max(0, ownNameTerms(release, position) - hit.terms.length - Math.max(0, namePlaces - matchedPlaceTerms))
    const brevity = 1 / (1 + 0.02 * extraNameTerms)
    const inDomain = domains.size === 0 || domains.has(facts.domain)
    const domainWeight = inDomain ? 1 : 0.7
    const placeInText = placeTerms.size > 0 && hit.queryTerms.some((t) => placeTerms.has(t) && !unitTerms(row.unit).has(t)) ? 1.1 : 1
    const exceptWeight = covered.excepted ? EXCEPT_PENALTY : 1
    const variant = variantWeight(facts.variants, asked)
    const score =
      text * geo.weight * unitWeight * sourceWeight(release, position, parsed.gases) * variant * brevity * domainWeight * placeInText * exceptWeight
    const entry: Scored = { position, score, geo: geo.match, coverage, unitFit, unitMatch }
    keepBest(scored, entry, keep)
    // Not a narrower variant nobody asked for (an LCA process row in kg is not "LPG, kg").
    if (unitMatch === 'exact' && inDomain && variant === 1 && !covered.excepted) keepBest(inUnit, entry, keep)
  }
  return promoteUnit(scored, inUnit, keep)
}

/** Insert `entry` into `list` (best first), keeping at most `keep`; the list is short, so no sort. */
function keepBest(list: Scored[], entry: Scored, keep: number): void {
  if (list.length >= keep) {
    const last = list[list.length - 1] as Scored
    if (!better(entry.score, entry.position, last)) return
    list.pop()
  }
  let at = list.length
  while (at > 0 && better(entry.score, entry.position, list[at - 1] as Scored)) at--
  list.splice(at, 0, entry)
}

/**
 * A unit named is honoured strongly: factors in exactly that unit that cover what the best
 * factor covers rank before every other factor, even one whose unit converts (gallons asked,
 * litres ranked higher) — never silently: each match says its `unit_match`.
 */
function promoteUnit(scored: Scored[], inUnit: readonly Scored[], keep: number): Scored[] {
  const best = scored[0]
  if (!best || best.unitMatch === 'exact' || best.unitMatch === 'unspecified') return scored
  const first = inUnit.filter((s) => s.coverage >= best.coverage - 1e-9)
  if (first.length === 0) return scored
  const promoted = new Set(first.map((s) => s.position))
  return [...first, ...scored.filter((s) => !promoted.has(s.position))].slice(0, keep)
}
