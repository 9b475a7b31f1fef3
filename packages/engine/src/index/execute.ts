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
 * Works on any minisearch index (the release's, the industry index): it applies the index's own
 * tokenizer, term processing and fields to the query. It reads minisearch 7's index structures (not public API, guarded): where they are missing,
 * or a query has more than 31 words, it falls back to `index.search`.
 */
import type MiniSearch from 'minisearch'
import type { SearchOptions } from 'minisearch'
import { ownEntry } from '../own.ts'

/** A hit: what resolve and search read of a minisearch result. */
export interface Hit {
  /** Row position. */
  id: number
  score: number
  /** Query terms matched (minisearch's `queryTerms`), in query order; shared between hits, never changed. */
  readonly queryTerms: readonly string[]
  /** Index terms matched (minisearch's `terms`), read on first use. */
  readonly terms: readonly string[]
  /** How many index terms matched (`terms.length` without building `terms`). */
  readonly termCount: number
  /** Index term -> fields it matched in, read on first use. */
  readonly match: Readonly<Record<string, readonly string[]>>
  /** Each (index term, field) of `match`, without building it; `term` numbers the index term (0 to `termCount` - 1). */
  forEachField(fn: (field: string, term: number) => void): void
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
  _options?: { fields?: string[]; tokenize?: (text: string) => string[]; processTerm?: (term: string) => string | string[] | null | undefined | false }
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
  /** The index's own text handling and fields (what minisearch applies to a query). */
  tokenize: (text: string) => string[]
  processTerm: (term: string) => string | string[] | null | undefined | false
  fields: readonly string[]
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
  /**
   * The hit objects of the last search, reused by the next one on this index: thousands of hits per
   * resolve, allocated afresh, made V8 tenure them and every young collection slow (docs/benchmarks.md).
   */
  hits: LazyHit[]
  /** The (word, expansion) records of the last search's hits (`Run.flat`), reused by the next one. */
  flat: Int32Array
  /** How many of `hits` the last search handed out (those past it are cleared). */
  hitsUsed: number
  /** Per short id: the last expansion that recorded it (numbers never reused). */
  stamp: Int32Array
  serial: number
  /** Per short id: its last (word, expansion) record in `log`, or -1; records chain to the previous one. */
  head: Int32Array
  log: Log
  /** Short ids with records, to clear after the search. */
  touched: number[]
  /** How many of `touched` this search filled (the array keeps its store between searches). */
  touchedCount: number
}

/** (word, expansion) records of one search, chained per document, in typed arrays (no object per hit). */
interface Log {
  next: Int32Array
  word: Int32Array
  expansion: Int32Array
  /** The fields the expansion matched the document in, as bits of the word's field positions. */
  fields: Int32Array
  length: number
}

function newLog(capacity: number): Log {
  return { next: new Int32Array(capacity), word: new Int32Array(capacity), expansion: new Int32Array(capacity), fields: new Int32Array(capacity), length: 0 }
}

/** Append a record, growing the arrays when full; returns its number. */
function record(log: Log, next: number, word: number, expansion: number, fields: number): number {
  if (log.length === log.next.length) {
    const bigger = newLog(log.length * 2)
    bigger.next.set(log.next)
    bigger.word.set(log.word)
    bigger.expansion.set(log.expansion)
    bigger.fields.set(log.fields)
    log.next = bigger.next
    log.word = bigger.word
    log.expansion = bigger.expansion
    log.fields = bigger.fields
  }
  const k = log.length++
  log.next[k] = next
  log.word[k] = word
  log.expansion[k] = expansion
  log.fields[k] = fields
  return k
}

interface Accumulator {
  score: Float64Array
  mask: Uint32Array
  /** The short ids with a score, in the first `n` places (the array keeps its store between searches). */
  docs: number[]
  n: number
}

const prepared = new WeakMap<object, Prepared | null>()

function prepare(index: object): Prepared | null {
  const known = prepared.get(index)
  if (known !== undefined) return known
  const s = index as unknown as Internals
  let out: Prepared | null = null
  const map = s._index
  const o = s._options
  if (map && o?.tokenize && o.processTerm && o.fields && s._documentIds instanceof Map && s._fieldLength instanceof Map && Array.isArray(s._avgFieldLength)) {
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
    if (numeric && size === s._documentIds.size) out = { map, tokenize: o.tokenize, processTerm: o.processTerm, fields: o.fields, size, documentCount: s._documentCount, ids, fieldIds: s._fieldIds, lengths, avg: s._avgFieldLength, prefixes: new Map(), pool: [], hits: [], flat: new Int32Array(0), hitsUsed: 0, stamp: new Int32Array(size), serial: 0, head: new Int32Array(size).fill(-1), log: newLog(1 << 14), touched: [], touchedCount: 0 }
  }
  prepared.set(index, out)
  return out
}

function acquire(p: Prepared): Accumulator {
  return p.pool.pop() ?? { score: new Float64Array(p.size), mask: new Uint32Array(p.size), docs: [], n: 0 }
}

function release(p: Prepared, a: Accumulator): void {
  for (let i = 0; i < a.n; i++) {
    const d = a.docs[i] ?? 0
    a.score[d] = 0
    a.mask[d] = 0
  }
  a.n = 0
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
  /** Number of each expansion's term in the search (the same term from two words: one number). */
  termIds: number[]
}

type Options = SearchOptions & { combineWith?: string }

interface Node {
  combineWith: string
  /** Children: nodes or words (by number). */
  children: Array<Node | number>
}

/** Flatten the tree as minisearch's executeQuery walks it (options inherited down the tree). */
function compile(p: Prepared, query: QueryTree | string, options: Options, words: Word[]): Node {
  if (typeof query !== 'string') {
    const inner: Options = { ...options, ...query }
    return { combineWith: (inner.combineWith ?? 'OR').toUpperCase(), children: query.queries.map((q) => compile(p, q, inner, words)) }
  }
  const terms = p
    .tokenize(query)
    .flatMap((t) => p.processTerm(t))
    .filter((t): t is string => !!t)
  const children = terms.map((term, i) => {
    const fuzzy = typeof options.fuzzy === 'function' ? options.fuzzy(term, i, terms) : (options.fuzzy ?? false)
    const prefix = typeof options.prefix === 'function' ? options.prefix(term, i, terms) : options.prefix === true
    const termBoost = typeof options.boostTerm === 'function' ? options.boostTerm(term, i, terms) : 1
    const fields = options.fields ?? p.fields
    const boost: Record<string, number> = {}
    for (const f of fields) boost[f] = (options.boost ? ownEntry(options.boost, f) : undefined) || 1
    words.push({ source: term, fuzzy, prefix, termBoost, fields, boost, expansions: [], termIds: [] })
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
  const { stamp, head, touched } = p
  const bit = 1 << wordIndex
  for (let e = 0; e < w.expansions.length; e++) {
    const [, data, weight] = w.expansions[e] as [string, FieldTermData, number]
    if (p.serial >= 0x7fffffff) {
      p.stamp.fill(0)
      p.serial = 0
    }
    const expansionSerial = ++p.serial
    for (let f = 0; f < w.fields.length; f++) {
      const field = w.fields[f] as string
      const fieldId = p.fieldIds[field]
      if (fieldId === undefined) continue
      const postings = data.get(fieldId)
      if (!postings) continue
      const fieldBit = 1 << f
      const fieldBoost = w.boost[field] ?? 1
      const lengths = p.lengths[fieldId] as Float64Array
      const avg = p.avg[fieldId] ?? 0
      const matching = postings.size
      const idf = Math.log(1 + (p.documentCount - matching + 0.5) / (matching + 0.5))
      // forEach: no [doc, tf] array per posting.
      postings.forEach((tf, doc) => {
        const raw = idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * (lengths[doc] ?? 0)) / avg)))
        const weighted = weight * w.termBoost * fieldBoost * raw
        if (mask[doc] === 0) {
          mask[doc] = bit
          score[doc] = weighted
          docs[into.n++] = doc
        } else score[doc] = (score[doc] ?? 0) + weighted
        if (stamp[doc] !== expansionSerial) {
          stamp[doc] = expansionSerial
          const last = head[doc] ?? -1
          if (last === -1) touched[p.touchedCount++] = doc
          head[doc] = record(p.log, last, wordIndex, e, fieldBit)
        } else {
          // This expansion's record is the document's latest: add the field.
          const k = head[doc] ?? 0
          p.log.fields[k] = (p.log.fields[k] ?? 0) | fieldBit
        }
      })
    }
  }
}

interface Run {
  p: Prepared
  words: Word[]
  /** Index terms of the search by number. */
  termNames: string[]
  /**
   * Per hit, from `start`, FLAT_STRIDE numbers per distinct index term it matched (latest word
   * first): the word, the expansion, and the fields it matched in (bits of the word's fields).
   */
  flat: Int32Array
}

const FLAT_STRIDE = 3

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
      // Kept in place, in order.
      let kept = 0
      for (let i = 0; i < acc.n; i++) {
        const d = acc.docs[i] ?? 0
        if (part.mask[d] !== 0) {
          acc.score[d] = (acc.score[d] ?? 0) + (part.score[d] ?? 0)
          acc.mask[d] = (acc.mask[d] ?? 0) | (part.mask[d] ?? 0)
          acc.docs[kept++] = d
        } else {
          acc.score[d] = 0
          acc.mask[d] = 0
        }
      }
      acc.n = kept
    } else {
      for (let i = 0; i < part.n; i++) {
        const d = part.docs[i] ?? 0
        if (acc.mask[d] === 0) {
          acc.docs[acc.n++] = d
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

const NO_QUERY_TERMS: readonly string[] = []

class LazyHit implements Hit {
  private names: string[] = []
  private named = false
  private fields: Record<string, string[]> | null = null
  id = 0
  score = 0
  queryTerms: readonly string[] = []
  termCount = 0
  private start = 0
  private doc = 0
  private run: Run | null = null

  /** Point this object at a new hit (the hits of a search are reused by the next one). */
  set(id: number, score: number, queryTerms: readonly string[], termCount: number, start: number, doc: number, run: Run): this {
    this.id = id
    this.score = score
    this.queryTerms = queryTerms
    this.termCount = termCount
    this.start = start
    this.doc = doc
    this.run = run
    this.named = false
    this.fields = null
    return this
  }

  /** Drop what this object points at while it is not handed out. */
  clear(): void {
    this.queryTerms = NO_QUERY_TERMS
    this.run = null
    this.fields = null
    this.named = false
  }

  get terms(): string[] {
    if (!this.run) return []
    if (!this.named) {
      // A fresh array once, then refilled in place (`length = 0` would free its store): a caller
      // never keeps it past the search (see `hits`).
      for (let k = 0; k < this.termCount; k++) {
        const at = this.start + FLAT_STRIDE * k
        const word = this.run.words[this.run.flat[at] ?? 0] as Word
        this.names[k] = (word.expansions[this.run.flat[at + 1] ?? 0] as [string, FieldTermData, number])[0]
      }
      this.names.length = this.termCount
      this.named = true
    }
    return this.names
  }

  /** The fields of each term, as the last word that matched it found them (minisearch merges so). */
  get match(): Record<string, string[]> {
    if (this.fields) return this.fields
    const out: Record<string, string[]> = {}
    for (let k = 0; k < this.termCount; k++) {
      const list: string[] = []
      out[this.fieldsOf(k, (field) => list.push(field))] = list
    }
    this.fields = out
    return out
  }

  forEachField(fn: (field: string, term: number) => void): void {
    for (let k = 0; k < this.termCount; k++) this.fieldsOf(k, fn)
  }

  /** Calls `fn` with each field the k-th term matched in (and k); returns the term. */
  private fieldsOf(k: number, fn: (field: string, term: number) => void): string {
    const run = this.run as Run
    const at = this.start + FLAT_STRIDE * k
    const word = run.words[run.flat[at] ?? 0] as Word
    const term = (word.expansions[run.flat[at + 1] ?? 0] as [string, FieldTermData, number])[0]
    // The fields the search found the term in for this document (scoreWord), in the word's order.
    const fields = run.flat[at + 2] ?? 0
    for (let f = 0; f < word.fields.length; f++) if (fields & (1 << f)) fn(word.fields[f] as string, k)
    return term
  }
}

/**
 * The hits of `query` on `index`, unsorted: what `index.search(query, options)` returns (same
 * ids, scores, query terms, terms and fields matched), without the stored fields. The hit objects
 * are the index's own and are reused by its next search: read them before searching it again.
 */
export function searchHits<T>(index: MiniSearch<T>, query: QueryTree | string, options: SearchOptions = {}, filter?: (id: number) => boolean): Hit[] {
  const p = prepare(index)
  const words: Word[] = []
  const root = p ? compile(p, query, { combineWith: 'OR', ...options }, words) : null
  if (!p || !root || words.length > MAX_WORDS) return fallback(index, query, options, filter)
  const termNames: string[] = []
  const termIndex = new Map<string, number>()
  for (const w of words) {
    expand(p, w)
    for (const [term] of w.expansions) {
      let id = termIndex.get(term)
      if (id === undefined) {
        id = termNames.length
        termNames.push(term)
        termIndex.set(term, id)
      }
      w.termIds.push(id)
    }
  }
  const run: Run = { p, words, termNames, flat: new Int32Array(0) }
  const acc = evaluate(run, root)
  const out: Hit[] = []
  // Query terms by word mask: hits matching the same words share one array.
  const byMask = new Map<number, readonly string[]>()
  const seen = new Int32Array(termNames.length).fill(-1)
  // The previous search's records are no longer read (its hits are being reused): kept.
  let flat = p.flat.length >= 2 * FLAT_STRIDE * acc.n ? p.flat : new Int32Array(Math.max(16, 2 * FLAT_STRIDE * acc.n))
  let used = 0
  const { head, log } = p
  for (let i = 0; i < acc.n; i++) {
    const doc = acc.docs[i] ?? 0
    const id = p.ids[doc] ?? -1
    if (filter && !filter(id)) continue
    const mask = acc.mask[doc] ?? 0
    let queryTerms = byMask.get(mask)
    if (!queryTerms) {
      const list: string[] = []
      for (let i = 0; i < words.length; i++) {
        if (!(mask & (1 << i))) continue
        const source = (words[i] as Word).source
        if (!list.includes(source)) list.push(source)
      }
      byMask.set(mask, list)
      queryTerms = list
    }
    // Latest record first: the first time a term is met is the last word that matched it.
    const start = used
    let count = 0
    for (let k = head[doc] ?? -1; k !== -1; k = log.next[k] ?? -1) {
      const wi = log.word[k] ?? 0
      if (!(mask & (1 << wi))) continue
      const e = log.expansion[k] ?? 0
      const tid = (words[wi] as Word).termIds[e] ?? 0
      if (seen[tid] === out.length) continue
      seen[tid] = out.length
      if (used + FLAT_STRIDE > flat.length) {
        const bigger = new Int32Array(flat.length * 2)
        bigger.set(flat)
        flat = bigger
      }
      flat[used++] = wi
      flat[used++] = e
      flat[used++] = log.fields[k] ?? 0
      count++
    }
    const hit = p.hits[out.length] ?? new LazyHit()
    p.hits[out.length] = hit
    out.push(hit.set(id, (acc.score[doc] ?? 0) * (queryTerms.length || 1), queryTerms, count, start, doc, run))
  }
  run.flat = flat
  p.flat = flat
  // Pooled hits past this search's last still point at an older search's run (its words and
  // term records, tens of KB): cleared, or V8 promotes that run to the old space as garbage.
  for (let i = out.length; i < p.hitsUsed; i++) p.hits[i]?.clear()
  p.hitsUsed = out.length
  release(p, acc)
  for (let i = 0; i < p.touchedCount; i++) head[p.touched[i] ?? 0] = -1
  p.touchedCount = 0
  log.length = 0
  return out
}

function fallback<T>(index: MiniSearch<T>, query: QueryTree | string, options: SearchOptions, filter?: (id: number) => boolean): Hit[] {
  return index.search(query, { ...options, ...(filter ? { filter: (r) => filter(r.id as number) } : {}) }).map((r) => ({
    id: r.id as number,
    score: r.score,
    queryTerms: r.queryTerms,
    terms: r.terms,
    termCount: r.terms.length,
    match: r.match,
    forEachField: (fn: (field: string, term: number) => void) => {
      r.terms.forEach((term, k) => {
        for (const field of r.match[term] ?? []) fn(field, k)
      })
    },
  }))
}
