/**
 * Places people name: countries (names, demonyms, ISO2/ISO3), major cities, US states,
 * Australian states, Canadian provinces and eGRID subregion acronyms, each mapped to the `country` / `region`
 * codes factors carry. Reference vocabulary, not factor data.
 */
import { terms } from '../normalise.ts'
import { AU_STATES, CA_PROVINCES, CITIES, COUNTRIES, EGRID, EGRID_NAMES, US_STATES } from './place-names.ts'

export interface Place {
  /** ISO 3166-1 alpha-2 lower case (`gb`, `us`), or `eu` / `glo`. */
  country: string
  /** Sub-national codes that count as an exact match (US state + its eGRID subregion, AU state). */
  regions: string[]
  /** What the user wrote, for explanations. */
  label: string
}

/** Two-letter codes read as the country even where a US state has the same code. */
const COUNTRY_CODES_FIRST = new Set(['de', 'ca', 'in', 'id'])

/** Upper-case codes that are words in mixed-case text too: "IT equipment" is information technology, not Italy. */
const CODES_THAT_ARE_WORDS = new Set(['IT'])

/** EU member states, for `region` matches against `eu` factors. */
export const EU_MEMBERS = new Set('at be bg hr cy cz dk ee fi fr de gr hu ie it lv lt lu mt nl pl pt ro sk si es se'.split(' '))

function lines(block: string): string[][] {
  return block.trim().split('\n').map((l) => l.split('|').map((s) => s.trim()))
}

/** Phrases matched anywhere in lower-case text (whole words). */
const PHRASES = new Map<string, Place>()
/** Codes matched only when written in upper case (ISO2, state codes), so "in", "or", "de" stay words. */
const UPPER_CODES = new Map<string, Place>()
/**
 * ISO3 codes, also upper case only: in lower case many are words ("per" Peru, "can" Canada,
 * "are" UAE). Hints take them in any case.
 */
const ISO3_CODES = new Map<string, Place>()

function addPhrase(phrase: string, place: Place): void {
  if (!PHRASES.has(phrase)) PHRASES.set(phrase, place)
}

for (const [iso2, iso3, ...names] of lines(COUNTRIES)) {
  if (!iso2 || !iso3) continue
  const place: Place = { country: iso2, regions: [], label: names[0] ?? iso2 }
  for (const n of names) addPhrase(n, place)
  ISO3_CODES.set(iso3.toUpperCase(), place)
  UPPER_CODES.set(iso2.toUpperCase(), place)
}
// Always-understood lower-case codes.
for (const [code, country] of [['uk', 'gb'], ['us', 'us'], ['usa', 'us'], ['eu', 'eu']] as const) {
  addPhrase(code, { country, regions: [], label: code.toUpperCase() })
}
addPhrase('europe', { country: 'eu', regions: [], label: 'Europe' })
addPhrase('european union', { country: 'eu', regions: [], label: 'EU' })
addPhrase('european', { country: 'eu', regions: [], label: 'Europe' })
for (const g of ['global', 'world', 'worldwide', 'international average', 'world average']) {
  addPhrase(g, { country: 'glo', regions: [], label: 'global' })
}
/** Region codes by country (`au:WA` Western Australia, `us:WA` Washington, `ca:QC` Quebec), read when a country hint says whose code it is. */
const REGION_CODES = new Map<string, Place>()

for (const [code, name, grids] of lines(US_STATES)) {
  if (!code || !name) continue
  const place: Place = { country: 'us', regions: [code, ...(grids ?? '').split(' ').filter(Boolean)], label: name }
  addPhrase(name, place)
  if (name.endsWith(' state')) addPhrase(name.replace(/ state$/, ''), place)
  // An upper-case two-letter code is a US state ("PA", "MD", "CO") unless it is one of the large
  // countries people write that way far more often.
  if (!COUNTRY_CODES_FIRST.has(code)) UPPER_CODES.set(code.toUpperCase(), place)
  if (code.length === 2) REGION_CODES.set(`us:${code.toUpperCase()}`, place)
}
for (const grid of EGRID.split(' ')) addPhrase(grid, { country: 'us', regions: [grid], label: grid.toUpperCase() })
for (const [grid, ...names] of lines(EGRID_NAMES)) {
  if (!grid) continue
  for (const n of names) addPhrase(n, { country: 'us', regions: [grid], label: n })
}
for (const [code, name, shared] of lines(AU_STATES)) {
  if (!code || !name) continue
  const place: Place = { country: 'au', regions: [code, ...(shared ?? '').split(' ').filter(Boolean)], label: name }
  addPhrase(name, place)
  if (code.length > 2) addPhrase(code, place)
  else UPPER_CODES.set(code.toUpperCase(), UPPER_CODES.get(code.toUpperCase()) ?? place)
  if (code.length <= 3) REGION_CODES.set(`au:${code.toUpperCase()}`, place)
}
for (const [code, ...names] of lines(CA_PROVINCES)) {
  if (!code) continue
  const place: Place = { country: 'ca', regions: [code], label: names[0] ?? code }
  for (const n of names) addPhrase(n, place)
  REGION_CODES.set(`ca:${code.toUpperCase()}`, place)
}
for (const [city, country, regions] of lines(CITIES)) {
  if (!city || !country) continue
  addPhrase(city, { country, regions: (regions ?? '').split(' ').filter(Boolean), label: city })
}

const LONGEST_PHRASE = Math.max(...[...PHRASES.keys()].map((p) => p.split(' ').length))

/** Index terms of every place phrase ("new", "south", "wale", "sydney", "uk"). */
const PLACE_TERMS = new Set([...PHRASES.keys()].flatMap((p) => terms(p)))

/** Is this index term part of a place name? */
export function isPlaceTerm(term: string): boolean {
  return PLACE_TERMS.has(term)
}

/** The place terms in code-unit order, for prefix lookups. */
const SORTED_PLACE_TERMS = [...PLACE_TERMS].sort()

/**
 * Is `term` the beginning of a longer place term ("main" of "maine", "ind" of "india")? Such a word,
 * matched by its prefix, reaches a factor by the place in its name ("801 W Main" accepted Maine's grid).
 */
export function isPlacePrefix(term: string): boolean {
  let lo = 0
  let hi = SORTED_PLACE_TERMS.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((SORTED_PLACE_TERMS[mid] ?? '') < term) lo = mid + 1
    else hi = mid
  }
  for (let i = lo; i < SORTED_PLACE_TERMS.length; i++) {
    const p = SORTED_PLACE_TERMS[i] ?? ''
    if (!p.startsWith(term)) return false
    if (p !== term) return true
  }
  return false
}

export interface PlaceMention {
  place: Place
  /** Word positions the place occupied (in the word list given). */
  start: number
  end: number
}

/**
 * Places named in a description. `words` are the folded words; `originalWords` the same words
 * as written (for the upper-case-only codes, read only where the text also has lower case).
 * Longest phrase wins at each position; a place right after "non" is dropped.
 */
export function findPlaces(words: readonly string[], originalWords: readonly string[]): PlaceMention[] {
  const found: PlaceMention[] = []
  // In a line written all in capitals ("SAW HAND NO. D-23", "GLOVE 50 PR/PER BOX"), a capitalised
  // "NO", "IN", "OR" or "PER" is a word, not a code: case says something only in mixed-case text.
  const casesTell = originalWords.some((w) => w !== w.toUpperCase())
  let i = 0
  while (i < words.length) {
    let matched = false
    for (let n = Math.min(LONGEST_PHRASE, words.length - i); n >= 1; n--) {
      const phrase = words.slice(i, i + n).join(' ')
      const place = PHRASES.get(phrase)
      if (place) {
        found.push({ place, start: i, end: i + n })
        i += n
        matched = true
        break
      }
    }
    if (matched) continue
    const original = originalWords[i]
    const isUpper = casesTell && original !== undefined && original === original.toUpperCase() && !CODES_THAT_ARE_WORDS.has(original)
    const upper = !isUpper ? undefined : original.length === 2 ? UPPER_CODES.get(original) : original.length === 3 ? ISO3_CODES.get(original) : undefined
    if (upper) found.push({ place: upper, start: i, end: i + 1 })
    i++
  }
  // "non-UK": the place is what the factor is NOT for.
  return found.filter((m) => words[m.start - 1] !== 'non')
}

/**
 * The region of `country` a code written in the text stands for ("WA" with `AU` is Western Australia,
 * not Washington; "SA" South Australia, not Saudi Arabia), or null.
 */
export function regionCodeIn(country: string, word: string): Place | null {
  return REGION_CODES.get(`${country}:${word.toUpperCase()}`) ?? null
}

/** The place for a country hint (`de`, `DEU`, `Germany`), or null. */
export function placeFromHint(hint: string): Place | null {
  const folded = hint.trim().toLowerCase()
  const upper = UPPER_CODES.get(folded.toUpperCase())
  if (folded.length === 2 && upper && upper.regions.length === 0) return upper
  return PHRASES.get(folded) ?? ISO3_CODES.get(folded.toUpperCase()) ?? upper ?? null
}
