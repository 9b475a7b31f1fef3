/**
 * A query tree run against a release index with minisearch's own scoring (BM25+, prefix and
 * fuzzy weights, field and term boosts, AND/OR, the score times the number of query terms
 * matched): the same hits and scores as `index.search`, several times cheaper on queries with
 * thousands of hits. minisearch builds an object per hit per query word, merges them word by
 * word, recomputes each term's IDF per document and sorts every hit; here scores add up in
 * typed arrays (in the same order, so they are equal to the last bit), the words matched are
 * kept as a bit mask per document, the hits are not sorted, and `match` (the fields of each
 * word) is read only for the hits that ask for it.
 *
 * It reads minisearch 7's index structures (not public API, guarded): where they are missing,
 * or a query has more than 31 words, it falls back to `index.search`.
 */
import type { SearchOptions } from 'minisearch'
import type { SearchIndex } from './search-index.ts'
import { INDEX_OPTIONS } from './search-index.ts'

/** A hit: what resolve and search read of a minisearch result. */
export interface Hit {
  /** Row position. */
  id: number
  score: number
  /** Query terms matched (minisearch's `queryTerms`), in query order. */
  queryTerms: string[]
  /** Index terms matched (minisearch's `terms`). */
  terms: string[]
  /** Index term -> fields it matched in. */
  match: Record<string, string[]>
}

export type QueryTree = SearchOptions & { combineWith?: string; queries: Array<QueryTree | string> }

type FieldTermData = Map<number, Map<number, number>>
interface TermMap {
  get(term: string): FieldTermData | undefined
  atPrefix(prefix: string): Iterable<[string, FieldTermData]>
  fuzzyGet(term: string, maxDistance: number): Map<string, [FieldTermData, number]>
}
/** minisearch 7's protected state. */
interface Internals {
  _index?: TermMap
  _documentCount: number
  _documentIds: Map<number, unknown>
  _fieldIds: Record<string, number>
  _fieldLength: Map<number, number[]>
  _avgFieldLength: number[]
}

const BM25 = { k: 1.2, b: 0.7, d: 0.5 }
const PREFIX_WEIGHT = 0.375
const FUZZY_WEIGHT = 0.45
const MAX_FUZZY = 6
const MAX_WORDS = 31
const PREFIX_MEMO_MAX = 5_000

interface Prepared {
  map: TermMap
  /** Documents (short ids run 0..size-1: release indexes never remove one). */
  size: number
  documentCount: number
  /** Short id -> row position. */
  ids: Int32Array
  fieldIds: Record<string, number>
  /** Field id -> length of that field per short id. */
  lengths: Float64Array[]
  avg: number[]
  /** Terms under a prefix (an index never changes once built). */
  prefixes: Map<string, Array<[string, FieldTermData]>>
  /** Scratch, reused by every search: scores and word masks per short id. */
  pool: Accumulator[]
  /** Per short id: the last expansion that recorded it (numbers never reused), and its (word, expansion) pairs. */
  stamp: Int32Array
  serial: number
  pairs: Array<number[] | undefined>
  /** Short ids with pairs, to clear after the search. */
  touched: number[]
}

interface Accumulator {
  score: Float64Array
  mask: Uint32Array
  docs: number[]
}

const prepared = new WeakMap<SearchIndex, Prepared | null>()

function prepare(index: SearchIndex): Prepared | null {
  const known = prepared.get(index)
  if (known !== undefined) return known
  const s = index as unknown as Internals
  let out: Prepared | null = null
  const map = s._index
  if (map && s._documentIds instanceof Map && s._fieldLength instanceof Map && Array.isArray(s._avgFieldLength)) {
    let size = 0
    for (const short of s._documentIds.keys()) size = Math.max(size, short + 1)
    const ids = new Int32Array(size).fill(-1)
    let numeric = true
    for (const [short, id] of s._documentIds) {
      if (typeof id !== 'number') numeric = false
      ids[short] = typeof id === 'number' ? id : -1
    }
    const fieldCount = Object.keys(s._fieldIds).length
    const lengths = Array.from({ length: fieldCount }, () => new Float64Array(size))
    for (const [short, perField] of s._fieldLength) for (let f = 0; f < fieldCount; f++) (lengths[f] as Float64Array)[short] = perField[f] ?? 0
    if (numeric && size === s._documentIds.size) out = { map, size, documentCount: s._documentCount, ids, fieldIds: s._fieldIds, lengths, avg: s._avgFieldLength, prefixes: new Map(), pool: [], stamp: new Int32Array(size), serial: 0, pairs: new Array<number[] | undefined>(size).fill(undefined), touched: [] }
  }
  prepared.set(index, out)
  return out
}

function acquire(p: Prepared): Accumulator {
  return p.pool.pop() ?? { score: new Float64Array(p.size), mask: new Uint32Array(p.size), docs: [] }
}

function release(p: Prepared, a: Accumulator): void {
  for (const d of a.docs) {
    a.score[d] = 0
    a.mask[d] = 0
  }
  a.docs.length = 0
  p.pool.push(a)
}

/** One word of the query with its options, as minisearch's `termToQuerySpec` reads them. */
interface Word {
  source: string
  fuzzy: number | boolean
  prefix: boolean
  termBoost: number
  fields: readonly string[]
  boost: Record<string, number>
  /** Index terms it matches: [term, postings, weight], in minisearch's order (exact, prefix, fuzzy). */
  expansions: Array<[string, FieldTermData, number]>
}

type Options = SearchOptions & { combineWith?: string }

interface Node {
  combineWith: string
  /** Children: nodes or words (by number). */
  children: Array<Node | number>
}

/** Flatten the tree as minisearch's executeQuery walks it (options inherited down the tree). */
function compile(query: QueryTree | string, options: Options, words: Word[], defaultFields: readonly string[]): Node {
  if (typeof query !== 'string') {
    const inner: Options = { ...options, ...query }
    return { combineWith: (inner.combineWith ?? 'OR').toUpperCase(), children: query.queries.map((q) => compile(q, inner, words, defaultFields)) }
  }
  const tokenize = INDEX_OPTIONS.tokenize as (text: string) => string[]
  const processTerm = INDEX_OPTIONS.processTerm as (term: string) => string | null
  const terms = tokenize(query)
    .map((t) => processTerm(t))
    .filter((t): t is string => !!t)
  const children = terms.map((term, i) => {
    const fuzzy = typeof options.fuzzy === 'function' ? options.fuzzy(term, i, terms) : (options.fuzzy ?? false)
    const prefix = typeof options.prefix === 'function' ? options.prefix(term, i, terms) : options.prefix === true
    const termBoost = typeof options.boostTerm === 'function' ? options.boostTerm(term, i, terms) : 1
    const fields = options.fields ?? defaultFields
    const boost: Record<string, number> = {}
    for (const f of fields) boost[f] = (options.boost && Object.hasOwn(options.boost, f) ? options.boost[f] : undefined) || 1
    words.push({ source: term, fuzzy, prefix, termBoost, fields, boost, expansions: [] })
    return words.length - 1
  })
  return { combineWith: (options.combineWith ?? 'OR').toUpperCase(), children }
}

function expand(p: Prepared, w: Word): void {
  const exact = p.map.get(w.source)
  if (exact) w.expansions.push([w.source, exact, 1])
  let fuzzy: Map<string, [FieldTermData, number]> | undefined
  if (w.fuzzy) {
    const f = w.fuzzy === true ? 0.2 : w.fuzzy
    const maxDistance = f < 1 ? Math.min(MAX_FUZZY, Math.round(w.source.length * f)) : f
    if (maxDistance) fuzzy = p.map.fuzzyGet(w.source, maxDistance)
  }
  let prefixed: Set<string> | null = null
  if (w.prefix) {
    let list = p.prefixes.get(w.source)
    if (!list) {
      list = [...p.map.atPrefix(w.source)]
      if (p.prefixes.size >= PREFIX_MEMO_MAX) p.prefixes.clear()
      p.prefixes.set(w.source, list)
    }
    prefixed = new Set()
    for (const [term, data] of list) {
      const distance = term.length - w.source.length
      if (!distance) continue
      prefixed.add(term)
      w.expansions.push([term, data, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance)])
    }
  }
  if (fuzzy) {
    for (const [term, [data, distance]] of fuzzy) {
      if (!distance || prefixed?.has(term)) continue
      w.expansions.push([term, data, (FUZZY_WEIGHT * term.length) / (term.length + distance)])
    }
  }
}

/** Score one word into `into` (fresh), minisearch's termResults over each expansion and field. */
function scoreWord(p: Prepared, w: Word, wordIndex: number, into: Accumulator): void {
  const { score, mask, docs } = into
  const { pairs, stamp, touched } = p
  const bit = 1 << wordIndex
  for (let e = 0; e < w.expansions.length; e++) {
    const [, data, weight] = w.expansions[e] as [string, FieldTermData, number]
    if (p.serial >= 0x7fffffff) {
      p.stamp.fill(0)
      p.serial = 0
    }
    const expansionSerial = ++p.serial
    for (const field of w.fields) {
      const fieldId = p.fieldIds[field]
      if (fieldId === undefined) continue
      const postings = data.get(fieldId)
      if (!postings) continue
      const fieldBoost = w.boost[field] ?? 1
      const lengths = p.lengths[fieldId] as Float64Array
      const avg = p.avg[fieldId] ?? 0
      const matching = postings.size
      const idf = Math.log(1 + (p.documentCount - matching + 0.5) / (matching + 0.5))
      for (const [doc, tf] of postings) {
        const raw = idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * (lengths[doc] ?? 0)) / avg)))
        const weighted = weight * w.termBoost * fieldBoost * raw
        if (mask[doc] === 0) {
          mask[doc] = bit
          score[doc] = weighted
          docs.push(doc)
        } else score[doc] = (score[doc] ?? 0) + weighted
        if (stamp[doc] !== expansionSerial) {
          stamp[doc] = expansionSerial
          let list = pairs[doc]
          if (!list) {
            list = []
            pairs[doc] = list
            touched.push(doc)
          }
          list.push(wordIndex, e)
        }
      }
    }
  }
}

interface Run {
  p: Prepared
  words: Word[]
}

/** Evaluate a node into a fresh accumulator (minisearch's combineResults: a op b, left to right). */
function evaluate(run: Run, node: Node): Accumulator {
  let acc: Accumulator | null = null
  for (const child of node.children) {
    let part: Accumulator
    if (typeof child === 'number') {
      part = acquire(run.p)
      scoreWord(run.p, run.words[child] as Word, child, part)
    } else part = evaluate(run, child)
    if (!acc) {
      acc = part
      continue
    }
    if (node.combineWith === 'AND') {
      const kept: number[] = []
      for (const d of acc.docs) {
        if (part.mask[d] !== 0) {
          acc.score[d] = (acc.score[d] ?? 0) + (part.score[d] ?? 0)
          acc.mask[d] = (acc.mask[d] ?? 0) | (part.mask[d] ?? 0)
          kept.push(d)
        } else {
          acc.score[d] = 0
          acc.mask[d] = 0
        }
      }
      acc.docs = kept
    } else {
      for (const d of part.docs) {
        if (acc.mask[d] === 0) {
          acc.docs.push(d)
          acc.score[d] = part.score[d] ?? 0
          acc.mask[d] = part.mask[d] ?? 0
        } else {
          acc.score[d] = (acc.score[d] ?? 0) + (part.score[d] ?? 0)
          acc.mask[d] = (acc.mask[d] ?? 0) | (part.mask[d] ?? 0)
        }
      }
    }
    release(run.p, part)
  }
  return acc ?? acquire(run.p)
}

class LazyHit implements Hit {
  private fields: Record<string, string[]> | null = null
  constructor(
    readonly id: number,
    readonly score: number,
    readonly queryTerms: string[],
    readonly terms: string[],
    /** Per index term of `terms`: the word whose fields it reports (the last that matched it). */
    private readonly wordOf: number[],
    private readonly doc: number,
    private readonly run: Run,
  ) {}

  get match(): Record<string, string[]> {
    if (this.fields) return this.fields
    const out: Record<string, string[]> = {}
    const { p, words } = this.run
    this.terms.forEach((term, i) => {
      const w = words[this.wordOf[i] ?? 0] as Word
      const data = w.expansions.find((e) => e[0] === term)?.[1]
      const list: string[] = []
      for (const field of w.fields) {
        const fieldId = p.fieldIds[field]
        if (fieldId !== undefined && data?.get(fieldId)?.has(this.doc)) list.push(field)
      }
      out[term] = list
    })
    this.fields = out
    return out
  }
}

/**
 * The hits of `query` on `index`, unsorted: what `index.search(query, options)` returns (same
 * ids, scores, query terms, terms and fields matched), without the stored fields.
 */
export function searchHits(index: SearchIndex, query: QueryTree | string, options: SearchOptions = {}, filter?: (id: number) => boolean): Hit[] {
  const p = prepare(index)
  const words: Word[] = []
  const root = p ? compile(query, { combineWith: 'OR', ...options }, words, (index as unknown as { _options: { fields: string[] } })._options.fields) : null
  if (!p || !root || words.length > MAX_WORDS) return fallback(index, query, options, filter)
  for (const w of words) expand(p, w)
  const run: Run = { p, words }
  const acc = evaluate(run, root)
  const out: Hit[] = []
  for (const doc of acc.docs) {
    const id = p.ids[doc] ?? -1
    if (filter && !filter(id)) continue
    const mask = acc.mask[doc] ?? 0
    const queryTerms: string[] = []
    for (let i = 0; i < words.length; i++) {
      if (!(mask & (1 << i))) continue
      const source = (words[i] as Word).source
      if (!queryTerms.includes(source)) queryTerms.push(source)
    }
    const terms: string[] = []
    const wordOf: number[] = []
    const list = p.pairs[doc] ?? []
    for (let k = 0; k < list.length; k += 2) {
      const wi = list[k] ?? 0
      if (!(mask & (1 << wi))) continue
      const term = ((words[wi] as Word).expansions[list[k + 1] ?? 0] as [string, FieldTermData, number])[0]
      const at = terms.indexOf(term)
      if (at < 0) {
        terms.push(term)
        wordOf.push(wi)
      } else wordOf[at] = wi
    }
    out.push(new LazyHit(id, (acc.score[doc] ?? 0) * (queryTerms.length || 1), queryTerms, terms, wordOf, doc, run))
  }
  release(p, acc)
  for (const doc of p.touched) p.pairs[doc] = undefined
  p.touched.length = 0
  return out
}

function fallback(index: SearchIndex, query: QueryTree | string, options: SearchOptions, filter?: (id: number) => boolean): Hit[] {
  return index.search(query, { ...options, ...(filter ? { filter: (r) => filter(r.id as number) } : {}) }).map((r) => ({ id: r.id as number, score: r.score, queryTerms: r.queryTerms, terms: r.terms, match: r.match }))
}
