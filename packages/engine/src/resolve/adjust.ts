/**
 * Adjustments to a parsed description before ranking: the request's hints (which win over the
 * text, and are an error when unreadable) and typo repair against the release's index.
 */
import { engineError } from '../errors.ts'
import { correctTerm, indexHasTerm } from '../index/search-index.ts'
import { processTerm } from '../text/normalise.ts'
import type { LoadedRelease } from '../index/loaded.ts'
import type { Concept, ParsedDescription } from './parse.ts'
import { MAX_CONCEPTS } from './parse.ts'
import type { ParsedResolveRequest } from './schema.ts'
import { placeFromHint, regionCodeIn, type Place } from '../text/vocab/places.ts'
import { findSynonyms } from '../text/vocab/synonyms.ts'
import type { UnitInfo } from '../text/units.ts'
import { activityUnitOf, findUnitInText } from '../text/units.ts'
import { foldText } from '../text/normalise.ts'

function hintUnit(unit: string | undefined): UnitInfo | null {
  if (!unit) return null
  return activityUnitOf(`x per ${unit}`) ?? findUnitInText(foldText(unit))?.unit ?? null
}

/**
 * The states, grids and regions the text names inside a hinted country: they only narrow it ("Texas"
 * with `US`: the state's factor is the exact one, geo.ts narrowestPlaces), while places elsewhere lose
 * to the hint; a code read as a place elsewhere may be a region of the hinted country ("WA" with `AU`).
 */
function regionsWithin(parsed: ParsedDescription, country: string): Place[] {
  const within = parsed.places.filter((p) => p.country === country && p.regions.length > 0)
  for (const word of parsed.placeWords) {
    const region = regionCodeIn(country, word)
    if (region && !within.includes(region)) within.push(region)
  }
  return within
}

/** An ISO 3166-2 code: a country's alpha-2 code, a hyphen, its subdivision (`US-TX`, `AU-NSW`, `GB-SCT`). */
const SUBDIVISION = /^([A-Za-z]{2})-([A-Za-z0-9]{1,3})$/

/** Any ISO 3166-1 alpha-2 code is taken as given, even one the place table does not name. */
function anyAlpha2(code: string): Place | null {
  return /^[A-Za-z]{2}$/.test(code) ? { country: code.toLowerCase(), regions: [], label: code } : null
}

/**
 * The places a country hint names. An ISO 3166-2 code (as ledgers and ERP exports write a site's
 * location) is its country, narrowed to the state or region where the place table knows its code
 * ("US-TX" reads as Texas in the US; "AU-WA" Western Australia); a subdivision with no factors of its
 * own ("FR-IDF") reads as its country, and the explanation names the place read.
 */
function placesFromHint(hint: string, parsed: ParsedDescription): Place[] | null {
  const subdivision = SUBDIVISION.exec(hint.trim())
  const code = subdivision?.[1] ?? hint
  const named = placeFromHint(code)
  // "PA" alone may be read as Pennsylvania; before a hyphen it is a country's code (Panama).
  const place = subdivision && named && named.regions.length > 0 ? anyAlpha2(code) : (named ?? anyAlpha2(code))
  if (!place) return null
  const region = subdivision ? regionCodeIn(place.country, subdivision[2] ?? '') : null
  if (region) return [place, region]
  return [place, ...(place.regions.length === 0 ? regionsWithin(parsed, place.country) : [])]
}

/** Hints win over the text; a hint that cannot be read is an error, never silently dropped. */
export function applyHints(parsed: ParsedDescription, req: ParsedResolveRequest): ParsedDescription {
  let places = parsed.places
  let overruled: Place[] = []
  if (req.country) {
    const hinted = placesFromHint(req.country, parsed)
    if (!hinted) {
      throw engineError('invalid_request', `Unknown country hint "${req.country}".`, {
        issues: [{ path: 'country', message: 'must be an ISO 3166-1 alpha-2/alpha-3 code, an ISO 3166-2 code (US-TX) or a country name' }],
      })
    }
    const country = hinted[0]?.country
    // None where a place word is a code the hint reads as one of its own regions ("WA" with AU is
    // Western Australia, not Washington state; "SA" South Australia, not Saudi Arabia).
    const reread = country !== undefined && parsed.placeWords.some((w) => regionCodeIn(country, w) !== null)
    // Nor where the text also names a place in the hinted country: the others are names or ends of a
    // journey ("Hôtel Le Bristol Paris" with FR is in Paris, not Bristol).
    const agrees = country !== undefined && parsed.places.some((p) => p.country === country)
    overruled = country === undefined || reread || agrees ? [] : parsed.places.filter((p) => p.country !== country && p.country !== 'eu' && p.country !== 'glo')
    places = hinted
  }
  let unit = parsed.unit
  if (req.unit) {
    unit = hintUnit(req.unit)
    if (!unit) {
      throw engineError('invalid_request', `Unknown unit hint "${req.unit}".`, {
        issues: [{ path: 'unit', message: 'must be an activity unit such as litre, kWh, m3, kg, tonne, km, mile, passenger.km, tonne.km, room per night, or money in USD, GBP, EUR or AUD (other currencies: convert first)' }],
      })
    }
  }
  return { ...parsed, places, unit, ...(req.unit ? { unitHinted: true } : {}), ...(overruled.length > 0 ? { overruled } : {}) }
}

/** A word the synonym table knows (3+ letters: "bus"), or the index (4+ letters: short index terms are codes). */
function knownWord(release: LoadedRelease, word: string): boolean {
  if (word.length >= 3 && findSynonyms([word]).length > 0) return true
  return word.length >= 4 && indexHasTerm(release.index, processTerm(word) ?? word)
}

/**
 * German compounds ("Reisebus", "Stromverbrauch", "Firmenwagen"): the last part names the thing,
 * the first qualifies it. Split an unknown word where its tail is known,
 * longest tail first; keep the head too when it is known (after a linking "s", "n" or "en").
 * Where the head is unknown the word stays as written beside its tail, a word the factor must still
 * match ("Hopfenpellets" are pellets of hops: wood pellets had been accepted at 0.96; decision.ts
 * unknownKind), and a tail of four letters or fewer must be a word of the synonym table ("Linienbus"):
 * other short tails after an unknown head were chance endings in every ledger line read ("residuos"
 * -> "duos", "Fuhrpark" -> "park", "Kumamoto" -> "moto").
 */
export function splitCompound(release: LoadedRelease, word: string): string[] | null {
  if (word.length < 8 || !/^[a-z]+$/.test(word)) return null
  for (let at = 3; at <= word.length - 3; at++) {
    const tail = word.slice(at)
    const generic = GENERIC_TAILS.has(tail)
    if (!generic && !knownWord(release, tail)) continue
    const head = word.slice(0, at)
    const heads = [head, head.replace(/(en|n|s)$/, '')].filter((h) => h.length >= 3)
    const knownHead = heads.find((h) => knownWord(release, h))
    // "Stromverbrauch", "Bahnfahrt", "Flugreise": the tail says nothing, the head is the thing.
    if (generic) return knownHead ? [knownHead] : null
    if (knownHead) return [knownHead, tail]
    if (tail.length >= MIN_TAIL_AFTER_UNKNOWN || findSynonyms([tail]).length > 0) return [word, tail]
  }
  return null
}

/** Letters of a tail read after a head nobody knows, unless the synonym table has it. */
const MIN_TAIL_AFTER_UNKNOWN = 5

/** Tails of German compounds that name no factor: consumption, costs, trip, journey, quantity, purchase, supply, delivery. */
const GENERIC_TAILS = new Set(['verbrauch', 'verbrauchs', 'kosten', 'fahrt', 'fahrten', 'reise', 'reisen', 'menge', 'mengen', 'einkauf', 'bezug', 'lieferung'])

function conceptOf(word: string, fallback: Concept): Concept {
  const [synonym] = findSynonyms([word])
  return synonym ? { phrase: word, alternatives: synonym.alternatives, domains: synonym.domains } : { ...fallback, phrase: word, alternatives: [] }
}

/**
 * Misspelt words the index does not know are corrected to the nearest index term (a swap of
 * two letters is one edit), then read again for synonyms: "electrcity" becomes "electricity".
 * A word with no near term is tried as a German compound ("Reisebus" -> bus).
 */
export function repairTypos(parsed: ParsedDescription, release: LoadedRelease, knows: (term: string) => boolean = () => false): ParsedDescription {
  let changed = false
  const unknownKinds: { word: string; tail: string }[] = []
  const concepts = parsed.concepts.flatMap((c): Concept[] => {
    const term = processTerm(c.phrase) ?? c.phrase
    if (c.alternatives.length > 0 || c.phrase.includes(' ') || indexHasTerm(release.index, term) || knows(term)) return [c]
    const fixed = correctTerm(release.index, processTerm(c.phrase) ?? c.phrase)
    if (fixed !== null) {
      changed = true
      return [conceptOf(fixed, c)]
    }
    const parts = splitCompound(release, c.phrase)
    if (parts === null) return [c]
    changed = true
    if (parts[0] === c.phrase && parts[1] !== undefined) unknownKinds.push({ word: c.phrase, tail: parts[1] })
    return parts.map((p) => conceptOf(p, c))
  })
  if (!changed) return parsed
  return { ...parsed, concepts: concepts.slice(0, MAX_CONCEPTS), ...(unknownKinds.length > 0 ? { unknownKinds } : {}) }
}
