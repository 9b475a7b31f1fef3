/**
 * Read a free-text description the way a person wrote it: the unit named, the places named,
 * the gases named, and the remaining concepts with their synonyms.
 */
import { foldText, isStopWord, processTerm } from '../text/normalise.ts'
import type { Place } from '../text/vocab/places.ts'
import { readAirportPairs } from '../text/vocab/airports.ts'
import { EU_MEMBERS, findPlaces } from '../text/vocab/places.ts'
import { GAS_NAME_WORDS, findGases, findSynonyms } from '../text/vocab/synonyms.ts'
import type { UnitInfo } from '../text/units.ts'
import { findUnitInText } from '../text/units.ts'

/** One thing the user asked about: the words written plus equivalent phrases. */
export interface Concept {
  /** Phrase as written (folded). */
  phrase: string
  alternatives: string[]
  /** Key domains the concept points at (from the synonym table), if any. */
  domains?: string[]
}

export const MAX_CONCEPTS = 24

export interface ParsedDescription {
  concepts: Concept[]
  places: Place[]
  /** Places the text named in another country than the `country` hint, which the hint replaced (resolve/adjust.ts). */
  overruled?: Place[]
  /** Words of the places as written (they may also appear in factor names). */
  placeWords: string[]
  unit: UnitInfo | null
  /** The unit is the request's `unit` hint (a ledger's column), not a word of the text (resolve/adjust.ts). */
  unitHinted?: boolean
  gases: string[]
  /** Words read by the end of a compound whose first part nobody knows ("hopfenpellets": pellets of what?), with that end (resolve/adjust.ts). */
  unknownKinds?: { word: string; tail: string }[]
}

/** Accents removed, case kept (upper-case codes like "DE" or "TX" stay recognisable). */
function deaccent(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss')
}

/**
 * Standalone numbers ("50", "2.5") are quantities, not words; so are dates and document numbers written
 * with slashes ("15/03/24", "4711/2024"); "c30/37", "r410a" and a fraction ("1-1/2 IN") stay.
 */
function dropQuantities(text: string): string {
  // A number right after a class code ("CEM II 42.5") or a grade number ("Fuel oil No. 2", "#2 heating
  // oil") is part of a name; keep it.
  return text.replace(/(^|[^\p{L}\p{N}.,#])(?:\d+\/\d+\/\d+|\d+\/\d{3,}|\d{3,}\/\d+)(?:\/\d+)*(?![\p{L}\p{N}])/gu, '$1 ').replace(/(^|[^\p{L}\p{N}/.,#])(?<!\b[IVX]{1,4} )(?<!\b[Nn][Oo]\.? )\d+(?:[.,]\d+)*(?![\p{L}\p{N}/])/gu, '$1 ')
}

/**
 * A measure right after a number goes with it: "2 X 8 IN" is inches and "16 OZ" ounces, not India
 * and Australia ("12 GA" gauge, "6 CT" count, "10 MM", "3 FT", "5 LB", "4 PK", "8 PC" pieces, not a
 * computer).
 */
function dropMeasures(text: string): string {
  return text.replace(/(\d)\s*(?:in|oz|ga|ct|pk|pc|pce|mm|ft|lb)\b\.?/gi, '$1')
}

/** Words for a goods vehicle, whose weight class is written beside them. */
const VEHICLE = String.raw`(?:rigid|rigids|artic|artics|articulated|hgv|hgvs|lgv|van|vans|truck|trucks|lorry|lorries|tipper|tippers|trailer|rcv|rcvs)`
/** Words between a weight class and its vehicle ("3.5t delivery vans", "26t refuse RCVs"). */
const QUALIFIER = String.raw`(?:delivery|panel|box|luton|flatbed|dropside|curtainside|curtainsider|refrigerated|reefer|refuse|crew|cab|diesel|petrol|electric)`
const WEIGHT = String.raw`\d+(?:[.,]\d+)?(?:\s*-\s*\d+(?:[.,]\d+)?)?\s*t(?:onnes?)?\b`
/** "18T RIGID", "3.5t delivery vans", "vans 3.5t", "HGV over 33t", "rigid 7.5-17 tonnes": a vehicle's weight class, not the quantity's unit. */
const WEIGHT_CLASS = new RegExp(String.raw`\b${WEIGHT}(?=\s*(?:gvw\s+)?(?:${QUALIFIER}\s+)?${VEHICLE}\b)|\b${VEHICLE}\s+(?:(?:over|under|up to|above|below)\s+|[<>]\s*)?${WEIGHT}`, 'g')

/**
 * The unit written, read past vehicles' weight classes: "DRAY 18T RIGID DIESEL 42,300KM" is kilometres driven,
 * not diesel by the tonne (accepted at 0.93 before), "Dotcom vans 3.5t diesel 880,000 miles" miles. The classes
 * stay in the text as words.
 */
function unitOutsideWeightClasses(lowered: string): ReturnType<typeof findUnitInText> {
  const classes: string[] = []
  const hidden = lowered.replace(WEIGHT_CLASS, (m) => `\uE000${classes.push(m) - 1}\uE000`)
  const found = findUnitInText(hidden)
  if (!found || classes.length === 0) return found
  return { ...found, rest: found.rest.replace(/\uE000(\d+)\uE000/g, (_m, i: string) => classes[Number(i)] ?? ' ') }
}

export function parseDescription(description: string): ParsedDescription {
  // "R-32", "HFC-125": a hyphen inside a product code; joined, the number is not taken for a quantity.
  // "DC-ASH1", "LON-DC2": a site's code, not the District of Columbia; joined, its letters are no place.
  // "LHR-JFK J class": a flight between the airports' places (text/vocab/airports.ts).
  // "Bus." with more words after it abbreviates business ("British Gas Bus. gas" accepted the local bus).
  const text = readAirportPairs(deaccent(description))
    .replace(/\bbus\.(?=\s+\S)/gi, 'business')
    .replace(/\b([A-Za-z]{1,4})-(\d{2,4}[A-Za-z]?)\b/g, '$1$2')
    .replace(/\b([A-Z]{2,4})-([A-Z]{1,6}\d{1,3}[A-Z]?)\b/g, '$1$2')
  const unitMention = unitOutsideWeightClasses(text.toLowerCase())
  // Blank the unit words in the cased text at the same positions (lower-casing keeps offsets).
  const rest = unitMention ? maskLike(text, unitMention.rest) : text
  const originalWords = dropQuantities(dropMeasures(rest)).split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  const words = originalWords.map((w) => foldText(w))

  const placeMentions = findPlaces(words, originalWords)
  const used = new Array<boolean>(words.length).fill(false)
  const placeWords: string[] = []
  for (const m of placeMentions) {
    for (let i = m.start; i < m.end; i++) {
      used[i] = true
      placeWords.push(words[i] ?? '')
    }
  }
  const gases = findGases(words)
  // Gas names say which per-gas factor is wanted; they are not words of the activity. "it" written
  // in lower case is the pronoun or a name's ending ("Shred-it confidential paper" accepted IT
  // equipment), "IT" in capitals information technology.
  const remaining = words.map((w, i) => (used[i] || GAS_NAME_WORDS.has(w) || originalWords[i] === 'it' ? '' : w))

  const concepts: Concept[] = []
  for (const run of runs(remaining)) {
    const mentions = findSynonyms(run)
    const covered = new Array<boolean>(run.length).fill(false)
    for (const m of mentions) {
      for (let i = m.start; i < m.end; i++) covered[i] = true
      concepts.push({ phrase: m.phrase, alternatives: m.alternatives, domains: m.domains })
    }
    run.forEach((w, i) => {
      if (covered[i] || isStopWord(w) || processTerm(w) === null) return
      // Product codes are written "R-410A", "R410A", "HFC 134a": offer the other spelling too.
      const next = run[i + 1]
      if (/^[a-z]{1,4}$/.test(w) && next !== undefined && !covered[i + 1] && /^\d{2,4}[a-z]?$/.test(next)) {
        covered[i + 1] = true
        concepts.push({ phrase: `${w} ${next}`, alternatives: [`${w}${next}`, ...codeEquivalents(w, next)] })
        return
      }
      // The articles and joining words of Spanish, French, Italian and Dutch lines ("emisiones de
      // proceso", "El Ejido") name nothing: alone they matched a factor by a place's article ("El
      // Ejido" accepted El Hierro's grid at 1.00). (Single letters too was tried: out of fold a little
      // worse, docs/resolve.md.)
      if (FUNCTION_WORDS.has(w)) return
      const code = /^([a-z]{1,4})(\d{2,4}[a-z]?)$/.exec(w)
      concepts.push({ phrase: w, alternatives: code ? [`${code[1]} ${code[2]}`, ...codeEquivalents(code[1] ?? '', code[2] ?? '')] : [] })
    })
  }
  const haul = flightHaul(concepts, placeMentions.map((m) => m.place))
  if (haul) concepts.push(haul)
  return {
    // Ranking tracks covered concepts in a 32-bit mask; 24 is far more than any description needs.
    concepts: dedupe(withoutPurpose(concepts)).slice(0, MAX_CONCEPTS),
    places: placeMentions.map((m) => m.place),
    placeWords,
    unit: unitMention?.unit ?? null,
    gases,
  }
}

/**
 * Who travels and why ("employee commuting", "business travel", "staff") say nothing of how, once a
 * way of travelling is named: US EPA names its car and light truck "business travel and employee
 * commuting", so "employee commuting subway" in miles accepted the car (0.89) over the subway it names.
 * With a mode named they are dropped; alone ("employee commuting") they are the words to match.
 */
const PURPOSE_WORDS = new Set(['business', 'employee', 'employees', 'staff', 'commute', 'commuting', 'travel', 'travelling', 'traveling'])

function withoutPurpose(concepts: readonly Concept[]): Concept[] {
  const mode = concepts.some((c) => !PURPOSE_WORDS.has(c.phrase) && (c.domains?.includes('transport') ?? false))
  return mode ? concepts.filter((c) => !PURPOSE_WORDS.has(c.phrase)) : [...concepts]
}

/**
 * A single-component HFC has one number under two names: ASHRAE "R-32" is "HFC-32", "R-134a" is
 * "HFC-134a". Blends (R-4xx, R-5xx) have no HFC name, and other prefixes have no twin.
 */
function codeEquivalents(prefix: string, number: string): string[] {
  if (/^[4-7]\d\d/.test(number)) return []
  if (prefix === 'r') return [`hfc ${number}`]
  if (prefix === 'hfc') return [`r ${number}`, `r${number}`]
  return []
}

/** Articles and joining words of Spanish, French, Italian and Dutch ledger lines (German's are stop words of the index); not "al" or "di", which purchase lines write for aluminium and ductile iron. */
const FUNCTION_WORDS = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'le', 'les', 'du', 'des', 'et', 'il', 'della', 'het', 'een', 'och'])

const EUROPE = new Set([...EU_MEMBERS, 'gb', 'ch', 'no', 'is', 'eu'])
const HAUL_WORDS = /^(long haul|short haul|domestic|international)$/

/**
 * "flew London to NYC": a flight between two named places implies its haul the way the
 * sources band flights: same country = domestic, within Europe = short-haul, else long-haul.
 * The band is by distance in ADEME's and UBA's tables too, for any flight, so a flight between two
 * countries other than the UK keeps it (read as DESNZ's "International, to/from non-UK" instead, in
 * 0.39.0's development, "flight Paris to Berlin" lost ADEME's short-haul flight: docs/resolve.md).
 */
function flightHaul(concepts: readonly Concept[], places: readonly Place[]): Concept | null {
  const isFlight = concepts.some((c) => c.phrase === 'flight' || c.alternatives.includes('flight'))
  if (!isFlight || places.length < 2) return null
  if (concepts.some((c) => HAUL_WORDS.test(c.phrase) || c.alternatives.some((a) => HAUL_WORDS.test(a)))) return null
  const [a, b] = places as [Place, Place]
  if (a.country === b.country) return { phrase: 'domestic', alternatives: [] }
  if (EUROPE.has(a.country) && EUROPE.has(b.country)) return { phrase: 'short haul', alternatives: [] }
  return { phrase: 'long haul', alternatives: [] }
}

/** Keep the characters of `text` where `masked` (same length, lower case) was not blanked. */
function maskLike(text: string, masked: string): string {
  if (masked.length !== text.length) return masked
  let out = ''
  for (let i = 0; i < text.length; i++) out += masked[i] === ' ' && text[i] !== ' ' ? ' ' : (text[i] ?? '')
  return out
}

/** Consecutive non-empty words (place words split phrases). */
function runs(words: string[]): string[][] {
  const out: string[][] = []
  let current: string[] = []
  for (const w of words) {
    if (w === '') {
      if (current.length) out.push(current)
      current = []
    } else current.push(w)
  }
  if (current.length) out.push(current)
  return out
}

function dedupe(concepts: Concept[]): Concept[] {
  const seen = new Set<string>()
  return concepts.filter((c) => (seen.has(c.phrase) ? false : (seen.add(c.phrase), true)))
}
