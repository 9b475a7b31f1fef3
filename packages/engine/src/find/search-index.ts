/**
 * The minisearch index of one release. Documents are row positions; the fields are what
 * people search by: names (English and original language), section path, tags, the words
 * of the key and the names of the factor's country.
 */
import MiniSearch from 'minisearch'
import type { AsPlainObject, Options } from 'minisearch'
import type { FactorRow } from '../release/schema.ts'
import { countryNameWords } from '../resolve/vocab/places.ts'
import { processTerm } from './text.ts'

export const INDEX_FIELDS = ['name', 'name_original', 'section', 'tags', 'keywords', 'place'] as const
export type IndexField = (typeof INDEX_FIELDS)[number]

/** Field weights for queries: a hit in the name counts most. */
export const FIELD_BOOST: Record<IndexField, number> = { name: 3, name_original: 2.5, tags: 2, keywords: 1.2, section: 1, place: 0.6 }

interface IndexDoc {
  id: number
  row: FactorRow
}

const placeWordsCache = new Map<string, string>()
function placeWords(row: FactorRow): string {
  const key = `${row.country}|${row.region ?? ''}`
  let words = placeWordsCache.get(key)
  if (words === undefined) {
    words = [...countryNameWords(row.country), row.region ?? ''].join(' ')
    placeWordsCache.set(key, words)
  }
  return words
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
    case 'place':
      return placeWords(row)
    default:
      return ''
  }
}

function tokenize(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u)
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

/** Index the rows at `positions` (all rows when omitted); document ids are row positions. */
export function buildSearchIndex(rows: readonly FactorRow[], positions?: readonly number[]): SearchIndex {
  const index = new MiniSearch<IndexDoc>(INDEX_OPTIONS)
  const ids = positions ?? rows.map((_row, i) => i)
  const docs: IndexDoc[] = ids.map((id) => ({ id, row: rows[id] as FactorRow }))
  index.addAll(docs)
  return index
}

export function restoreSearchIndex(plain: AsPlainObject): SearchIndex {
  return MiniSearch.loadJS<IndexDoc>(plain, INDEX_OPTIONS)
}

/** minisearch 7 keeps its terms in a SearchableMap at `_index`; not public API, so guarded. */
interface WithTermMap {
  _index?: { has(term: string): boolean }
}

/**
 * Whether the index holds this exact (processed) term. Used to skip fuzzy matching for words
 * that exist: fuzzy distance 2 on a long word costs ~10x an exact lookup.
 */
export function indexHasTerm(index: SearchIndex, term: string): boolean {
  const map = (index as unknown as WithTermMap)._index
  return map ? map.has(term) : false
}
