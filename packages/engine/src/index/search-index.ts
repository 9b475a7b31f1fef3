/**
 * The minisearch index of one release. Documents are row positions; the fields are what
 * people search by: names (English and original language), section path, tags and the words
 * of the key. Geography is matched on the row's own fields, not through the index.
 */
import MiniSearch from 'minisearch'
import type { AsPlainObject, Options } from 'minisearch'
import type { FactorRow } from '../release/schema.ts'
import { processTerm } from '../text/normalise.ts'

export const INDEX_FIELDS = ['name', 'name_original', 'section', 'tags', 'keywords'] as const
export type IndexField = (typeof INDEX_FIELDS)[number]

/** Field weights for queries: a hit in the name counts most. */
export const FIELD_BOOST: Record<IndexField, number> = { name: 3, name_original: 2.5, tags: 2, keywords: 1.2, section: 1 }

interface IndexDoc {
  id: number
  row: FactorRow
}

function extractField(doc: IndexDoc, field: string): string | number {
  const row = doc.row
  switch (field) {
    case 'id':
      // Numeric ids keep search hits comparable with row positions.
      return doc.id
    case 'name':
      return row.name
    case 'name_original':
      return row.name_original ?? ''
    case 'section':
      return row.section
    case 'tags':
      return row.tags?.join(' ') ?? ''
    case 'keywords':
      return row.key
    default:
      return ''
  }
}

// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included, is the point
const ASCII = /^[\x00-\x7f]*$/

function tokenize(text: string): string[] {
  // Most text is ASCII; the Unicode-aware split is several times slower.
  return ASCII.test(text) ? text.split(/[^A-Za-z0-9]+/) : text.split(/[^\p{L}\p{N}]+/u)
}

/** Options shared by building and restoring (minisearch needs the same ones for loadJS). */
export const INDEX_OPTIONS: Options<IndexDoc> = {
  fields: [...INDEX_FIELDS],
  idField: 'id',
  extractField: extractField as Options<IndexDoc>['extractField'],
  tokenize,
  processTerm: (term) => processTerm(term) ?? null,
}

export type SearchIndex = MiniSearch<IndexDoc>

/**
 * The per-gas index leaves out the section path: for the supply-chain rows it is the same
 * "... > By gas" on 40k rows, so the word "gas" would match all of them.
 */
export const GAS_INDEX_OPTIONS: Options<IndexDoc> = { ...INDEX_OPTIONS, fields: INDEX_FIELDS.filter((f) => f !== 'section') }

/** Index the rows at `positions` (all rows when omitted); document ids are row positions. */
export function buildSearchIndex(rows: readonly FactorRow[], positions?: readonly number[], options: Options<IndexDoc> = INDEX_OPTIONS): SearchIndex {
  const index = new MiniSearch<IndexDoc>(options)
  const ids = positions ?? rows.map((_row, i) => i)
  const docs: IndexDoc[] = ids.map((id) => ({ id, row: rows[id] as FactorRow }))
  index.addAll(docs)
  return memoiseFuzzy(index)
}

export function restoreSearchIndex(plain: AsPlainObject, options: Options<IndexDoc> = INDEX_OPTIONS): SearchIndex {
  return memoiseFuzzy(MiniSearch.loadJS<IndexDoc>(plain, options))
}

const FUZZY_MEMO_MAX = 5_000

/**
 * A fuzzy walk of the term tree costs milliseconds on a long word; an index is never changed
 * once built, so the words near a term are the same every time: remember them (bounded: the memo
 * starts afresh when full). minisearch deletes entries from the map it gets, so each call gets a copy.
 */
function memoiseFuzzy(index: SearchIndex): SearchIndex {
  const map = (index as unknown as WithTermMap)._index
  if (!map) return index
  const walk = map.fuzzyGet.bind(map)
  const memo = new Map<string, ReturnType<typeof walk>>()
  map.fuzzyGet = (term, maxDistance) => {
    const key = `${maxDistance} ${term}`
    let near = memo.get(key)
    if (!near) {
      if (memo.size >= FUZZY_MEMO_MAX) memo.clear()
      near = walk(term, maxDistance)
      memo.set(key, near)
    }
    return new Map(near)
  }
  return index
}

/** minisearch 7 keeps its terms in a SearchableMap at `_index`; not public API, so guarded. */
interface WithTermMap {
  _index?: {
    has(term: string): boolean
    fuzzyGet(term: string, maxDistance: number): Map<string, [Map<number, Map<number, number>>, number]>
  }
}

/**
 * Whether the index holds this exact (processed) term. Used to skip fuzzy matching for words
 * that exist: fuzzy distance 2 on a long word costs ~10x an exact lookup.
 */
export function indexHasTerm(index: SearchIndex, term: string): boolean {
  const map = (index as unknown as WithTermMap)._index
  return map ? map.has(term) : false
}

/** Damerau-Levenshtein (optimal string alignment): a swap of two letters is one edit. */
export function typoDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i])
  for (let j = 0; j <= b.length; j++) (d[0] as number[])[j] = j
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] as number[]
    const prev = d[i - 1] as number[]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let v = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, ((d[i - 2] as number[])[j - 2] ?? 0) + 1)
      row[j] = v
    }
  }
  return (d[a.length] as number[])[b.length] ?? 0
}

/**
 * The index term a misspelt word most likely meant ("desiel" -> "diesel", not "design"):
 * fewest edits counting a swap as one, then the term in more documents. Null when none is
 * within two edits (two only for long words or swapped letters, LONG_WORD; one in a short word only for a
 * letter left out, SHORT_WORD). The first letter is kept (or swapped with the second): people seldom
 * mistype it, and dropping it made "Dünger" (fertiliser) the word "under" of a roofing
 * membrane, accepted at 0.998.
 */
export function correctTerm(index: SearchIndex, term: string): string | null {
  const map = (index as unknown as WithTermMap)._index
  if (!map || term.length < 4) return null
  // A fuzzy walk of the whole term tree costs milliseconds; a release's index never changes, so
  // each word is corrected once per index (bounded: the memo starts afresh when full).
  let memo = corrections.get(index)
  if (!memo || memo.size >= CORRECTIONS_MAX) {
    memo = new Map()
    corrections.set(index, memo)
  }
  const known = memo.get(term)
  if (known !== undefined) return known
  const fixed = nearestTerm(map, term)
  memo.set(term, fixed)
  return fixed
}

const CORRECTIONS_MAX = 20_000
const corrections = new WeakMap<SearchIndex, Map<string, string | null>>()

/**
 * Below this length a word two edits from a term is another word more often than a typo of it
 * ("Baustelle", a building site, was read as "Baustahl", structural steel, and accepted at 0.999;
 * "Pancras" as "Panama", "Ausgrid" as "Austria", "mooring" as "moving"), unless the two have the
 * same letters ("desiel" for "diesel": letters swapped).
 */
const LONG_WORD = 10
// Below it, too, one letter replaced by another makes another word more often than a typo: "Messung"
// (a measurement) became "Messing" (brass, accepted at 0.92), "starch" "search", "trunking"
// "trucking", "filler" "filled". Letters left out, doubled or swapped are still mended ("natual",
// "watter", "desiel"); no development case has a typo of a replaced letter.
/**
 * A word of five letters or fewer is corrected only by a letter left out ("petrl"): one other letter
 * in it makes another word ("fert", an abbreviation of fertiliser, became "fest"; "NaOH" the German
 * "nach"), and ledgers abbreviate more than they mistype.
 */
const SHORT_WORD = 5

function sameLetters(a: string, b: string): boolean {
  return a.length === b.length && [...a].sort().join('') === [...b].sort().join('')
}

/** Same first letter, or the first two swapped ("idesel" for "diesel"). */
function sameStart(a: string, b: string): boolean {
  return a[0] === b[0] || (a[0] === b[1] && a[1] === b[0])
}

function nearestTerm(map: NonNullable<WithTermMap['_index']>, term: string): string | null {
  const near = map.fuzzyGet(term, term.length >= 6 ? 2 : 1)
  let best: { term: string; distance: number; docs: number } | null = null
  for (const [candidate, [fields]] of near) {
    if (!sameStart(term, candidate)) continue
    const distance = typoDistance(term, candidate)
    if (distance === 2 && term.length < LONG_WORD && !sameLetters(term, candidate)) continue
    if (term.length <= SHORT_WORD && !(distance === 1 && candidate.length === term.length + 1)) continue
    if (term.length < LONG_WORD && candidate.length === term.length && !sameLetters(term, candidate)) continue
    let docs = 0
    for (const perField of fields.values()) docs += perField.size
    if (!best || distance < best.distance || (distance === best.distance && docs > best.docs)) best = { term: candidate, distance, docs }
  }
  return best && best.distance <= 2 ? best.term : null
}
