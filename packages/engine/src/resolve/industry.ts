/**
 * Spend factors by the words of their industry: a small minisearch index over the US EPA
 * supply-chain CO2e totals (one per NAICS code and price basis), with the factor's name, the
 * words of its 2017 NAICS title and description (the release's `industry_words`), and the words of training
 * purchase lines labelled with that code (model.learnedWords). Built on first use per release and model.
 */
import MiniSearch from 'minisearch'
import type { Hit } from '../index/execute.ts'
import { searchHits } from '../index/execute.ts'
import { bestOf } from '../index/best-of.ts'
import type { LoadedRelease } from '../index/loaded.ts'
import { perGasOf } from '../index/loaded.ts'
import { processTerm } from '../text/normalise.ts'
import type { ResolveModel } from './model.ts'

export const INDUSTRY_FIELDS = ['name', 'industry', 'learned'] as const
const NAICS_KEY = /^spend\.[a-z]+\.naics_(\d{6})_/

interface IndustryDoc {
  id: number
  name: string
  industry: string
  learned: string
}

export type IndustryIndex = MiniSearch<IndustryDoc>

const cache = new WeakMap<LoadedRelease, WeakMap<ResolveModel, IndustryIndex>>()
const rowsByCode = new WeakMap<LoadedRelease, ReadonlyMap<string, readonly number[]>>()

/** Offered US EPA supply-chain CO2e totals of each NAICS code (one per price basis). */
export function spendRowsOf(release: LoadedRelease): ReadonlyMap<string, readonly number[]> {
  let byCode = rowsByCode.get(release)
  if (byCode) return byCode
  const map = new Map<string, number[]>()
  release.rows.forEach((row, id) => {
    const code = naicsOf(row.key)
    if (code === null || !release.isOffered(id) || perGasOf(row) !== null) return
    const list = map.get(code)
    if (list) list.push(id)
    else map.set(code, [id])
  })
  rowsByCode.set(release, (byCode = map))
  return byCode
}

/** The NAICS code of a spend row's key, or null. */
export function naicsOf(key: string): string | null {
  return NAICS_KEY.exec(key)?.[1] ?? null
}

export function industryIndex(release: LoadedRelease, model: ResolveModel): IndustryIndex {
  let byModel = cache.get(release)
  if (!byModel) {
    byModel = new WeakMap()
    cache.set(release, byModel)
  }
  let index = byModel.get(model)
  if (index) return index
  index = new MiniSearch<IndustryDoc>({
    fields: [...INDUSTRY_FIELDS],
    tokenize: (text) => text.split(/[^a-z0-9]+/),
    processTerm: (term) => processTerm(term) ?? null,
  })
  const docs: IndustryDoc[] = []
  for (const [code, ids] of spendRowsOf(release)) {
    for (const id of ids) docs.push({ id, name: release.rows[id]?.name.toLowerCase() ?? '', industry: release.artifact.industry_words?.[code] ?? '', learned: model.learnedWords[code] ?? '' })
  }
  index.addAll(docs)
  byModel.set(model, index)
  return index
}

/** The best `limit` spend rows whose industry words match the description's terms, best first. */
export function searchIndustry(release: LoadedRelease, model: ResolveModel, queryTerms: readonly string[], limit = Number.POSITIVE_INFINITY): Hit[] {
  if (queryTerms.length === 0) return []
  const hits = searchHits(industryIndex(release, model), queryTerms.join(' '), { combineWith: 'OR', prefix: (t) => t.length >= 5, boost: { name: 1.5, industry: 1, learned: 1.5 } })
  // searchHits gives index.search's hits unsorted, in minisearch's order; ties keep that order.
  return bestOf(hits.map((hit, position) => ({ hit, score: hit.score, position })), limit).map((c) => c.hit)
}
