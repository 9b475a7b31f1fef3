/**
 * Rank the factors for a parsed description: one minisearch query over the CO2e totals (and the
 * per-gas rows of a named gas), then every hit scored as a product of weights (docs/resolve.md).
 */
import { FIELD_BOOST, indexHasTerm } from '../find/search-index.ts'
import { terms } from '../find/text.ts'
import type { LoadedRelease } from '../release/loaded.ts'
import type { GeoMatch } from './geo.ts'
import { geoVerdict } from './geo.ts'
import type { ParsedDescription } from './parse.ts'
import { buildQuery } from './query.ts'
import { variantWeight } from './variants.ts'
import { conceptWeight, ownNameTerms, placeTermsInName, sourceWeight, unitFitOf } from './weights.ts'

export interface Scored {
  position: number
  score: number
  geo: GeoMatch
  coverage: number
  unitFit: number
}

function better(score: number, position: number, than: Scored): boolean {
  return score > than.score || (score === than.score && position < than.position)
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
    const text = (0.75 + 0.25 * (hit.score / top)) * (0.2 + 0.8 * coverage * coverage)
    const geo = geoVerdict(row, parsed.places, facts.domain)
    const unitFit = parsed.unit ? unitFitOf(parsed.unit, facts) : 1
    const unitWeight = parsed.unit ? 0.2 + 0.8 * unitFit : 1
    // Among equal matches the shorter name is the more general factor.
    // Place words of the name are not detail (matched ones are not counted twice).
    const namePlaces = placeTermsInName(release, position)
    const matchedPlaceTerms = namePlaces === 0 || placeTerms.size === 0 ? 0 : countIn(hit.terms, placeTerms)
    const extraNameTerms = Math.max(0, ownNameTerms(release, position) - hit.terms.length - Math.max(0, namePlaces - matchedPlaceTerms))
    const brevity = 1 / (1 + 0.02 * extraNameTerms)
    const domainWeight = domains.size === 0 || domains.has(facts.domain) ? 1 : 0.7
    const placeInText = placeTerms.size > 0 && hit.queryTerms.some((t) => placeTerms.has(t) && !unitTerms(row.unit).has(t)) ? 1.1 : 1
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
