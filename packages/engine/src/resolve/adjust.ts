/**
 * Adjustments to a parsed description before ranking: the request's hints (which win over the
 * text, and are an error when unreadable) and typo repair against the release's index.
 */
import { engineError } from '../errors.ts'
import { correctTerm, indexHasTerm } from '../find/search-index.ts'
import { processTerm } from '../find/text.ts'
import type { LoadedRelease } from '../release/loaded.ts'
import type { Concept, ParsedDescription } from './parse.ts'
import type { ParsedResolveRequest } from './schema.ts'
import { placeFromHint } from './vocab/places.ts'
import { findSynonyms } from './vocab/synonyms.ts'
import type { UnitInfo } from './vocab/units.ts'
import { activityUnitOf, findUnitInText } from './vocab/units.ts'

function hintUnit(unit: string | undefined): UnitInfo | null {
  if (!unit) return null
  return activityUnitOf(`x per ${unit}`) ?? findUnitInText(unit.toLowerCase())?.unit ?? null
}

/** Hints win over the text; a hint that cannot be read is an error, never silently dropped. */
export function applyHints(parsed: ParsedDescription, req: ParsedResolveRequest): ParsedDescription {
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
 * Misspelt words the index does not know are corrected to the nearest index term (a swap of
 * two letters is one edit), then read again for synonyms: "electrcity" becomes "electricity".
 */
export function repairTypos(parsed: ParsedDescription, release: LoadedRelease): ParsedDescription {
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
