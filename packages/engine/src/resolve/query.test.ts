import { describe, expect, it } from 'vitest'
import { parseDescription } from './parse.ts'
import { buildQuery } from './query.ts'

describe('buildQuery', () => {
  it('makes one OR-group per concept with its synonyms, and maps terms back to concepts', () => {
    const built = buildQuery(parseDescription('lorry freight in Germany'))
    expect(built.conceptCount).toBe(2)
    expect(built.conceptOfTerm.get('hgv')).toBe(built.conceptOfTerm.get('lorry'))
    expect(built.conceptOfTerm.get('freight')).not.toBe(built.conceptOfTerm.get('lorry'))
    // Two concepts plus the place words.
    expect(built.tree.queries).toHaveLength(3)
  })
  it('maps a word written to its own concept, not to the concept whose synonym it also is', () => {
    // "hotel" adds "hotel stay"; the "stay" written is a concept of its own.
    const built = buildQuery(parseDescription('stay hotel'))
    const concept = (t: string) => built.conceptOfTerm.get(t)
    expect(concept('stay')).not.toBe(concept('hotel'))
    expect(concept('stay')).not.toBe(undefined)
    expect(new Set([concept('stay'), concept('hotel')]).size).toBe(2)
  })
  it('asks for fuzzy matching only of words the index does not know', () => {
    const tree = buildQuery(parseDescription('desiel'), (t) => t === 'diesel').tree
    const group = tree.queries[0] as unknown as { queries: Array<{ fuzzy: (t: string, i: number, all: string[]) => unknown }> }
    const written = group.queries[0]
    expect(written?.fuzzy('desiel', 0, [])).toBe(2)
    expect(written?.fuzzy('diesel', 0, [])).toBe(false)
  })
})
