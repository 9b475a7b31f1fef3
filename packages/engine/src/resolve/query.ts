/**
 * Turn a parsed description into a minisearch query tree: each concept is an OR of the
 * words written (full weight, prefix + fuzzy) and their synonyms (lower weight, exact/prefix);
 * place words join at a low weight because sources often put the place in the name.
 */
import type { SearchOptions } from 'minisearch'
import { terms } from '../text/normalise.ts'
import type { ParsedDescription } from './parse.ts'

export const SYNONYM_WEIGHT = 0.7
export const PLACE_WEIGHT = 0.35

type QueryTree = SearchOptions & { combineWith: 'AND' | 'OR'; queries: Array<QueryTree | string> }

/** Words as written: prefix match, and fuzzy only for words the index does not know (typos). */
function writtenOptions(knows: (term: string) => boolean): SearchOptions {
  return {
    prefix: (t) => t.length >= 4,
    fuzzy: (t) => (knows(t) ? false : t.length >= 6 ? 2 : t.length >= 4 ? 1 : false),
  }
}
const alternative: SearchOptions = { prefix: false, fuzzy: false, boostTerm: () => SYNONYM_WEIGHT }
/** A phrase the synonym table knows is a word, not a typo: prefix match only ("Papier" is paper, not "pavers"). */
const known: SearchOptions = { prefix: (t) => t.length >= 4, fuzzy: false }

function phraseQuery(phrase: string, options: SearchOptions): QueryTree | null {
  const words = terms(phrase)
  if (words.length === 0) return null
  return { ...options, combineWith: 'AND', queries: [words.join(' ')] }
}

export interface BuiltQuery {
  tree: QueryTree
  /** Index term -> concept number, to measure how many concepts a factor covers. */
  conceptOfTerm: Map<string, number>
  conceptCount: number
}

export function buildQuery(parsed: ParsedDescription, knows: (term: string) => boolean = () => false): BuiltQuery {
  const written = writtenOptions(knows)
  const conceptOfTerm = new Map<string, number>()
  const queries: QueryTree[] = []
  // A word as written is its own concept's before it is another's synonym: in "business travel flights"
  // "travel" is written, and not the "air travel" of "flights" (which let a car's "business travel"
  // cover the flights asked). So the words written are mapped first, the synonyms' after all of them.
  parsed.concepts.forEach((concept, n) => {
    for (const t of terms(concept.phrase)) if (!conceptOfTerm.has(t)) conceptOfTerm.set(t, n)
    const parts: QueryTree[] = []
    const own = phraseQuery(concept.phrase, concept.alternatives.length > 0 ? known : written)
    if (own) parts.push(own)
    for (const alt of concept.alternatives) {
      const q = phraseQuery(alt, alternative)
      if (q) parts.push(q)
    }
    if (parts.length) queries.push({ combineWith: 'OR', queries: parts })
  })
  parsed.concepts.forEach((concept, n) => {
    for (const phrase of concept.alternatives) for (const t of terms(phrase)) if (!conceptOfTerm.has(t)) conceptOfTerm.set(t, n)
  })
  const placeTerms = terms(parsed.placeWords.join(' '))
  // Place words only where a name says it ("Hotel stay, Germany"): the key's country segment
  // would match every factor of that country.
  if (placeTerms.length) queries.push({ prefix: false, fuzzy: false, fields: ['name', 'name_original'], boostTerm: () => PLACE_WEIGHT, combineWith: 'OR', queries: [placeTerms.join(' ')] })
  return { tree: { combineWith: 'OR', queries }, conceptOfTerm, conceptCount: parsed.concepts.length }
}
