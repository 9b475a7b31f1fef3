/**
 * Nearest labelled purchase lines: a small minisearch index over the words of the training
 * purchase lines (model.learnedWords, one document per distinct line) whose votes say which
 * industry a terse purchase description belongs to. The industry index matches a description
 * against all the words of an industry at once; here a line that shares most of its words with
 * one labelled line ("COUPLING PVC SCH 40 SLIP") counts for that line's industry.
 */
import MiniSearch from 'minisearch'
import type { LoadedRelease } from '../index/loaded.ts'
import { processTerm } from '../text/normalise.ts'
import type { ResolveModel } from './model.ts'

interface LineDoc {
  id: number
  words: string
}

interface LineIndex {
  index: MiniSearch<LineDoc>
  codeOf: string[]
  /** Distinct labelled lines of each code. */
  lines: Map<string, number>
}

/** Lines whose votes count: the nearest few, as a person would look at them. */
const NEIGHBOURS = 10

const cache = new WeakMap<ResolveModel, LineIndex>()

function lineIndex(model: ResolveModel): LineIndex {
  let built = cache.get(model)
  if (built) return built
  const index = new MiniSearch<LineDoc>({ fields: ['words'], tokenize: (text) => text.split(' '), processTerm: (term) => processTerm(term) ?? null })
  const codeOf: string[] = []
  const docs: LineDoc[] = []
  const lines = new Map<string, number>()
  for (const [code, text] of Object.entries(model.learnedWords)) {
    const own = text.split('|')
    lines.set(code, own.length)
    for (const words of own) {
      docs.push({ id: codeOf.length, words })
      codeOf.push(code)
    }
  }
  index.addAll(docs)
  built = { index, codeOf, lines }
  cache.set(model, built)
  return built
}

export interface LineVotes {
  /** NAICS code -> share of the nearest lines' score that is this code's (0-1). */
  share: Map<string, number>
  /** Code of the single nearest line, or null. */
  nearest: string | null
  /** NAICS code -> score of its nearest line relative to the nearest line of all (0-1). */
  best: Map<string, number>
  /** NAICS industry group (first 4 digits) -> share of the nearest lines' score (0-1). */
  group: Map<string, number>
}

/** How many labelled lines each industry has, by NAICS code (absent: none). */
export function lineCountsOf(model: ResolveModel): ReadonlyMap<string, number> {
  return lineIndex(model).lines
}

/** Votes of the nearest labelled lines for the description's terms. */
export function lineVotes(model: ResolveModel, queryTerms: readonly string[]): LineVotes {
  const share = new Map<string, number>()
  const best = new Map<string, number>()
  const group = new Map<string, number>()
  if (queryTerms.length === 0) return { share, nearest: null, best, group }
  const { index, codeOf } = lineIndex(model)
  const hits = index.search(queryTerms.join(' '), { combineWith: 'OR', prefix: (t) => t.length >= 5 }).slice(0, NEIGHBOURS)
  let total = 0
  for (const h of hits) {
    const code = codeOf[h.id as number]
    if (code === undefined) continue
    share.set(code, (share.get(code) ?? 0) + h.score)
    if (!best.has(code)) best.set(code, h.score / (hits[0]?.score ?? h.score))
    group.set(code.slice(0, 4), (group.get(code.slice(0, 4)) ?? 0) + h.score)
    total += h.score
  }
  if (total > 0) {
    for (const [code, v] of share) share.set(code, v / total)
    for (const [g, v] of group) group.set(g, v / total)
  }
  const first = hits[0]
  return { share, nearest: first ? (codeOf[first.id as number] ?? null) : null, best, group }
}

const vocabularies = new WeakMap<LoadedRelease, WeakMap<ResolveModel, ReadonlySet<string>>>()

/**
 * Whether a term is a word of the industry texts (labelled lines or the release's NAICS words) or
 * a word the release's word vectors know: such a word is a product word ("brass", "wrench", "sofa"),
 * not a typo to correct into a factor word ("sofa" was read as "soda", soda ash mining).
 */
export function industryKnows(release: LoadedRelease, model: ResolveModel, term: string): boolean {
  let byModel = vocabularies.get(release)
  if (!byModel) vocabularies.set(release, (byModel = new WeakMap()))
  let vocabulary = byModel.get(model)
  if (!vocabulary) {
    const words = new Set<string>()
    const texts = [...Object.values(model.learnedWords), ...Object.values(release.artifact.industry_words ?? {})]
    for (const text of texts) for (const w of text.split(/[^a-z0-9]+/)) if (w) words.add(w)
    for (const w of (release.artifact.word_vectors?.words ?? '').split(' ')) if (w) words.add(w)
    byModel.set(model, (vocabulary = words))
  }
  return vocabulary.has(term)
}
