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

function extractField(doc: IndexDoc, field: string): string {
  const row = doc.row
  switch (field) {
    case 'id':
      return String(doc.id)
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

export function buildSearchIndex(rows: readonly FactorRow[]): SearchIndex {
  const index = new MiniSearch<IndexDoc>(INDEX_OPTIONS)
  const docs: IndexDoc[] = rows.map((row, id) => ({ id, row }))
  index.addAll(docs)
  return index
}

export function restoreSearchIndex(plain: AsPlainObject): SearchIndex {
  return MiniSearch.loadJS<IndexDoc>(plain, INDEX_OPTIONS)
}
