/**
 * Resolve: free text -> ranked factor keys with confidence and geo_match (decisions §3).
 * Reading the text is parse.ts, hints and typos adjust.ts, ranking rank.ts; this file turns
 * the ranking into the response and its confidence scale (docs/resolve.md).
 */
import type { LoadedRelease } from '../index/loaded.ts'
import { sourceOf } from '../release/view.ts'
import { applyHints, repairTypos } from './adjust.ts'
import { parseDescription } from './parse.ts'
import type { Scored } from './rank.ts'
import { rank } from './rank.ts'
import type { ParsedResolveRequest, ResolveMatch, ResolveResponse } from './schema.ts'
import { askedVariants } from '../text/variants.ts'

export { RESOLVE_LIMIT_MAX, ResolveRequestSchema, ResolveResponseSchema } from './schema.ts'
export type { ParsedResolveRequest, ResolveMatch, ResolveRequest, ResolveResponse } from './schema.ts'
export { rank } from './rank.ts'

/** Confidence of the top match: 1 only for a clear winner that covers what was asked. */
function topConfidence(best: Scored, second: Scored | undefined): number {
  // A second match ranked below the top for its unit may score higher: no margin then.
  const margin = second ? Math.max(0, (best.score - second.score) / best.score) : 1
  const decisiveness = Math.min(1, 0.55 + 1.8 * margin)
  const geoQuality = best.geo === 'exact' || best.geo === 'unspecified' ? 1 : best.geo === 'region' ? 0.9 : best.geo === 'global' ? 0.85 : 0.6
  const unitQuality = 0.6 + 0.4 * best.unitFit
  return decisiveness * best.coverage * geoQuality * unitQuality
}

/**
 * A match's confidence relative to the top one: its share of the top score. When the top was
 * ranked first for being in the unit named (`promoted`), a match that is not in that unit may
 * score higher: its share is capped at 1 and it carries its own unit quality.
 */
function relativeConfidence(match: Scored, best: Scored, promoted: boolean): number {
  const share = Math.min(1, match.score / best.score)
  return promoted && match.unitMatch !== 'exact' ? share * (0.6 + 0.4 * match.unitFit) : share
}

function round3(x: number): number {
  return Math.max(0.001, Math.round(x * 1000) / 1000)
}

export function resolveRelease(release: LoadedRelease, req: ParsedResolveRequest): ResolveResponse {
  const parsed = repairTypos(applyHints(parseDescription(req.description), req), release)
  // The second best is needed for the confidence of the first.
  const asked = askedVariants(req.description)
  let scored = rank(release, parsed, asked, Math.max(2, req.limit))
  // Nothing in the place or the unit named, and no gas named: some sources publish a place's
  // factors per gas only (US EPA fuels, per gallon). Their CO2 rows join as alternatives, ranked
  // as an unnamed gas is; a CO2 row in the unit named ranks first (rank.ts, tier), otherwise a
  // CO2e total from elsewhere (honestly `mismatch`) stays first where it scores higher.
  const top = scored[0]
  const placeMissed = top?.geo === 'mismatch' && parsed.places.length > 0
  const unitMissed = top !== undefined && parsed.unit !== null && top.unitMatch !== 'exact'
  if ((placeMissed || unitMissed) && parsed.gases.length === 0) {
    scored = rank(release, parsed, asked, Math.max(2, req.limit), ['co2'])
  }
  const best = scored[0]
  const picked = scored.slice(0, req.limit)
  const c1 = best ? topConfidence(best, scored[1]) : 0
  const promoted = best !== undefined && scored.some((s) => s.score > best.score)
  const matches = picked.map((s): ResolveMatch => {
    const row = release.rows[s.position]
    if (!row) throw new Error('ranked position outside the release')
    return {
      key: row.key,
      name: row.name,
      value: row.value,
      unit: row.unit,
      confidence: round3(best ? c1 * relativeConfidence(s, best, promoted) : 0),
      geo_match: s.geo,
      unit_match: s.unitMatch,
      section: row.section,
      source: sourceOf(row, release.editionOf(row), release.mb_version),
      scope: row.scope,
      country: row.country,
      region: row.region ?? null,
    }
  })
  return { matches, count: matches.length, data_version: release.mb_version }
}
