import { describe, expect, it } from 'vitest'
import { fixtureRows } from '../../test/fixture.ts'
import MiniSearch from 'minisearch'
import { buildSearchIndex, correctTerm, INDEX_OPTIONS, indexHasTerm, restoreSearchIndex, typoDistance } from './search-index.ts'

describe('search index', () => {
  const rows = fixtureRows()
  const index = buildSearchIndex(rows)
  it('indexes names, original names, sections and key words', () => {
    expect(index.search('transportbeton')[0]?.id).toBe(rows.findIndex((r) => r.name_original === 'Transportbeton C30/37'))
    expect(index.search('room_night').length).toBe(2)
  })
  it('knows its exact terms (minisearch internals are guarded by this test)', () => {
    expect(indexHasTerm(index, 'diesel')).toBe(true)
    expect(indexHasTerm(index, 'desiel')).toBe(false)
  })
  it('corrects a misspelt word to the term it most likely meant', () => {
    expect(correctTerm(index, 'desiel')).toBe('diesel')
    expect(correctTerm(index, 'petrl')).toBe('petrol')
    expect(correctTerm(index, 'zzzzzz')).toBeNull()
    expect(typoDistance('deisel', 'diesel')).toBe(1)
    expect(typoDistance('desiel', 'design')).toBe(2)
  })
  it('keeps the first letter when it corrects (or the first two swapped)', () => {
    // One edit from "diesel" by its first letter: not a typo people make, so not corrected.
    expect(correctTerm(index, 'fiesel')).toBeNull()
    expect(correctTerm(index, 'iesel')).toBeNull()
    expect(correctTerm(index, 'idesel')).toBe('diesel')
  })
  it('corrects a short word by two edits only when its letters are the same (swapped), not other letters', () => {
    // Two substitutions in a six-letter word make another word more often than a typo ("Baustelle" -> "Baustahl").
    expect(typoDistance('diaxel', 'diesel')).toBe(2)
    expect(correctTerm(index, 'diaxel')).toBeNull()
    expect(correctTerm(index, 'desiel')).toBe('diesel')
  })
  it('corrects a word of five letters or fewer only by a letter left out, not another letter', () => {
    expect(correctTerm(index, 'hotl')).toBe('hotel')
    expect(correctTerm(index, 'petrl')).toBe('petrol')
    expect(typoDistance('hotal', 'hotel')).toBe(1)
    expect(correctTerm(index, 'hotal')).toBeNull()
  })
  it('corrects a word under ten letters by a letter left out, doubled or swapped, not by one letter replaced', () => {
    expect(correctTerm(index, 'diessel')).toBe('diesel')
    expect(correctTerm(index, 'dieesl')).toBe('diesel')
    // "Messung" is no typo of "Messing", nor "trunking" of "trucking": one other letter makes another word.
    expect(typoDistance('dieser', 'diesel')).toBe(1)
    expect(correctTerm(index, 'dieser')).toBeNull()
    expect(correctTerm(index, 'electrisity')).toBe('electricity')
  })
  it('gives the same fuzzy and prefix hits on every call (the fuzzy walk is memoised)', () => {
    const options = { prefix: true, fuzzy: 2 }
    const fresh = new MiniSearch<{ id: number; row: (typeof rows)[number] }>({ ...INDEX_OPTIONS })
    fresh.addAll(rows.map((row, id) => ({ id, row })))
    for (const q of ['desiel', 'petrl', 'diesel', 'natral gas']) {
      const first = index.search(q, options)
      expect(first.length).toBeGreaterThan(0)
      expect(index.search(q, options)).toEqual(first)
      expect(index.search(q, options)).toEqual(fresh.search(q, options))
    }
  })
  it('indexes only the positions given, keeping row positions as ids', () => {
    const part = buildSearchIndex(rows, [3, 5])
    expect(part.documentCount).toBe(2)
    expect(part.search('lpg')[0]?.id).toBe(5)
  })
  it('restores from its plain form', () => {
    const restored = restoreSearchIndex(JSON.parse(JSON.stringify(index.toJSON())))
    expect(restored.search('diesel')).toEqual(index.search('diesel'))
  })
})
