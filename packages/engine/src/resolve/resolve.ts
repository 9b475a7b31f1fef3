/**
 * Resolve: free text -> ranked factor keys with a calibrated confidence, a decision and an
 * explanation (docs/decisions.md §3, docs/resolve.md). Reading the text is parse.ts, hints and typos
 * adjust.ts, candidates and their features rank.ts, the fitted weights model.ts.
 */
import type { LoadedRelease } from '../index/loaded.ts'
import { indexHasTerm } from '../index/search-index.ts'
import { sourceOf } from '../release/view.ts'
import { foldText } from '../text/normalise.ts'
import { askedVariants } from '../text/variants.ts'
import { dropReferences } from '../text/vocab/references.ts'
import { applyHints, repairTypos } from './adjust.ts'
import { anyNarrower, belowAccept, decide, narrowerAnswer, placeOverruled, unknownKind, woodAsFuel } from './decision.ts'
import { industryKnows } from './lines.ts'
import { explain } from './explain.ts'
import type { ResolveModel } from './model.ts'
import { answeredConfidence, confidenceInputs, confidenceScore, spendTop } from './confidence.ts'
import { calibrated, topCalibration } from './model.ts'
import type { ParsedDescription } from './parse.ts'
import { parseDescription } from './parse.ts'
import type { Scored } from './rank.ts'
import { byScore, hasCo2Rows, scoreCandidates, unaskedLcaProcess, unaskedWasteRoute } from './rank.ts'
import type { ParsedResolveRequest, ResolveMatch, ResolveResponse } from './schema.ts'
import { noSpendAnswer, withoutMoneyWords } from './unsold.ts'

export { RESOLVE_LIMIT_MAX, ResolveRequestSchema, ResolveResponseSchema } from './schema.ts'
export type { ParsedResolveRequest, ResolveMatch, ResolveRequest, ResolveResponse } from './schema.ts'

/** 3 places, within 0.001-0.999: finite evidence never makes a match certainly right or wrong. */
export interface Ranked {
  parsed: ParsedDescription
  /** Best first, at most `keep`. */
  top: Scored[]
  /** Ranker probability of each of `top` (softmax over every candidate). */
  probability: number[]
}

/**
 * A word the main index lacks that is still no typo: an industry's word, or a word of the rows
 * published per gas only, which have their own index (US EPA's "Passenger Car, business travel and
 * employee commuting": "commuting" was read as "computing").
 */
function knownTerm(release: LoadedRelease, model: ResolveModel, term: string): boolean {
  return industryKnows(release, model, term) || (hasCo2Rows(release) && indexHasTerm(release.gasIndex('co2'), term))
}

/**
 * A request as resolve reads it: hints applied, money words and typos handled. Read without
 * bookkeeping references ("ref 3-61", "invoice 4411", "PO 12345": a document, not the activity): the
 * answer depends on nothing else of the text (emissions resolves lines that differ only by a
 * reference once, calc/emissions/line.ts).
 */
export function readRequest(release: LoadedRelease, req: ParsedResolveRequest, model: ResolveModel): { parsed: ParsedDescription; description: string } {
  const description = dropReferences(req.description)
  const parsed = repairTypos(withoutMoneyWords(release, applyHints(parseDescription(description), req)), release, (t) => knownTerm(release, model, t))
  return { parsed, description }
}

/** Parse a request and score every candidate (unsorted); the training script reads these too. */
export function candidatesOf(release: LoadedRelease, req: ParsedResolveRequest, model: ResolveModel): { parsed: ParsedDescription; all: Scored[] } {
  const { parsed, description } = readRequest(release, req, model)
  return { parsed, all: scoreCandidates(release, parsed, askedVariants(description), model, description) }
}

/** Parse, score every candidate and keep the best `keep` with their softmax probabilities. */
export function rankRequest(release: LoadedRelease, req: ParsedResolveRequest, keep: number, model: ResolveModel): Ranked {
  const { parsed, all } = candidatesOf(release, req, model)
  if (all.length === 0) return { parsed, top: [], probability: [] }
  let max = Number.NEGATIVE_INFINITY
  for (const s of all) if (s.score > max) max = s.score
  let sum = 0
  for (const s of all) sum += Math.exp(s.score - max)
  const top = keepBest(all, keep)
  return { parsed, top, probability: top.map((s) => Math.exp(s.score - max) / sum) }
}

/** The best `keep` of `all`, best first, without sorting the whole list. */
function keepBest(all: readonly Scored[], keep: number): Scored[] {
  const out: Scored[] = []
  for (const s of all) {
    if (out.length >= keep) {
      const last = out[out.length - 1] as Scored
      if (byScore(s, last) >= 0) continue
      out.pop()
    }
    let at = out.length
    while (at > 0 && byScore(s, out[at - 1] as Scored) < 0) at--
    out.splice(at, 0, s)
  }
  return out
}

export function resolveRelease(release: LoadedRelease, req: ParsedResolveRequest, model: ResolveModel): ResolveResponse {
  const { parsed, top, probability } = rankRequest(release, req, req.limit, model)
  const hints = { country: req.country !== undefined, unit: req.unit !== undefined }
  const inputs = confidenceInputs(top, probability)
  const topRaw = confidenceScore(model.confidenceWeights, inputs)
  const { calibration, acceptAt } = topCalibration(model, spendTop(inputs))
  // Money named for something no spend factor's industry sells ("Electricity" in USD): the why says so.
  const unsold = parsed.unit?.dimension === 'currency' && noSpendAnswer(release, parsed)
  const foldedDescription = foldText(req.description)
  const matches = top.map((s, i): ResolveMatch => {
    const row = release.rows[s.position]
    if (!row) throw new Error('ranked position outside the release')
    // The top match by its own model; the others by their ranker probability, never above the top.
    const estimated = i === 0 ? calibrated(calibration, topRaw) : Math.min(calibrated(calibration, topRaw), calibrated(model.calibrationBelow, probability[i] ?? 0))
    // A place or unit named and not met is always for a person to check, and so is a waste
    // treatment nobody asked for ("beef kg" is not beef burnt as waste) and a site's factor for the
    // hinted country where the text named another ("hotel in Paris" on a GB line), and a thing
    // found by the end of a compound whose first part is unknown ("Hopfenpellets": wood pellets).
    const overruled = placeOverruled(parsed.overruled, row.key, row.country)
    const burnt = woodAsFuel(parsed.concepts, row.key)
    const lca = unaskedLcaProcess(s)
    const narrower = narrowerAnswer(foldedDescription, row.key, foldText(row.name))
    const kindUnread = unknownKind(parsed.unknownKinds, row.name, parsed.concepts)
    const missed = s.geo === 'mismatch' || s.unitMatch === 'mismatch' || unaskedWasteRoute(s) || overruled || burnt || lca || anyNarrower(narrower) || kindUnread !== null
    const confidence = answeredConfidence(missed ? belowAccept(estimated, acceptAt) : estimated)
    return {
      key: row.key,
      name: row.name,
      value: row.value,
      unit: row.unit,
      confidence,
      decision: missed ? 'review' : decide(confidence, acceptAt),
      geo_match: s.geo,
      unit_match: s.unitMatch,
      section: row.section,
      source: sourceOf(row, release.editionOf(row), release.mb_version),
      scope: row.scope,
      country: row.country,
      region: row.region ?? null,
      explanation: explain(s, i + 1, row, parsed, hints, model, top[i + 1], { overruled, unsold, burnt, lca, ...narrower, kindUnread }),
    }
  })
  return { matches, count: matches.length, data_version: release.mb_version }
}
