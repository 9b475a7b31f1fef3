import { describe, expect, it } from 'vitest'
import { fixtureRows } from '../../test/fixture.ts'
import type { Hit, QueryTree } from './execute.ts'
import { searchHits } from './execute.ts'
import { buildSearchIndex, FIELD_BOOST, GAS_INDEX_OPTIONS } from './search-index.ts'
import type { SearchIndex } from './search-index.ts'

/** What searchHits must equal: minisearch's own results, as a set keyed by id. */
function expectSame(index: SearchIndex, query: QueryTree | string, options: Parameters<typeof searchHits>[2]): Hit[] {
  const want = index.search(query, options)
  const got = searchHits(index, query, options)
  expect(got.map((h) => h.id).sort()).toEqual(want.map((h) => h.id as number).sort())
  const byId = new Map(got.map((h) => [h.id, h]))
  for (const w of want) {
    const h = byId.get(w.id as number)
    expect(h?.score).toBe(w.score)
    expect(h?.queryTerms).toEqual(w.queryTerms)
    expect([...(h?.terms ?? [])].sort()).toEqual([...w.terms].sort())
    expect(h?.match).toEqual(w.match)
    expect(h?.termCount).toBe(w.terms.length)
    const fields: string[] = []
    h?.forEachField((f) => fields.push(f))
    expect(fields.sort()).toEqual(Object.values(w.match).flat().sort())
  }
  return got
}

describe('searchHits: minisearch scoring without its per-hit objects', () => {
  const rows = fixtureRows()
  const index = buildSearchIndex(rows)
  const search = { boost: FIELD_BOOST, fields: ['name', 'name_original', 'tags', 'section'] }
  it('gives the hits, scores (to the last bit), query terms and fields of index.search for a resolve query tree', () => {
    const tree: QueryTree = {
      combineWith: 'OR',
      queries: [
        { combineWith: 'OR', queries: [{ combineWith: 'AND', prefix: (t) => t.length >= 4, fuzzy: (t) => (t === 'desiel' ? 2 : false), queries: ['desiel'] }, { combineWith: 'AND', boostTerm: () => 0.7, queries: ['diesel'] }] },
        { combineWith: 'OR', queries: [{ combineWith: 'AND', prefix: (t) => t.length >= 4, queries: ['natural gas'] }] },
        { combineWith: 'OR', fields: ['name', 'name_original'], boostTerm: () => 0.35, queries: ['germany uk'] },
      ],
    }
    expect(expectSame(index, tree, search).length).toBeGreaterThan(1)
  })
  it('gives the same for plain text, AND and OR, prefix and fuzzy', () => {
    for (const q of ['diesel', 'natural gas', 'transportbeton', 'elec', 'petrl car', 'room night hotel', 'the of']) {
      for (const combineWith of ['AND', 'OR'] as const) expectSame(index, q, { boost: FIELD_BOOST, prefix: (t) => t.length >= 3, fuzzy: (t) => (t.length >= 5 ? 0.2 : false), combineWith })
    }
  })
  it('keeps row positions as ids on an index of some rows, and a field the index lacks is skipped', () => {
    const part = buildSearchIndex(rows, [3, 5], GAS_INDEX_OPTIONS)
    expect(expectSame(part, 'lpg', search).map((h) => h.id)).toEqual([5])
  })
  it('lets go of what a longer earlier search pointed at', () => {
    // Hit objects past the last search's count would otherwise keep that search's words alive.
    const many = searchHits(index, 'diesel electricity natural gas hotel', { prefix: true })
    const stale = many.slice(1)
    expect(stale.length).toBeGreaterThan(0)
    expect(searchHits(index, 'lpg', {}).length).toBe(1)
    for (const h of stale) {
      expect(h.queryTerms).toEqual([])
      expect(h.terms).toEqual([])
    }
  })
  it('filters by row position', () => {
    // Hits are read before the index is searched again: its next search reuses the hit objects.
    const all = searchHits(index, 'diesel', { prefix: true }).map((h) => h.id)
    const first = all[0] ?? -1
    expect(searchHits(index, 'diesel', { prefix: true }, (id) => id !== first).map((h) => h.id)).toEqual(all.slice(1))
  })
})
