import { describe, expect, it } from 'vitest'
import { bestOf, byScoreThenPosition, kthLargest } from './best-of.ts'

function fullSort(items: { score: number; position: number }[], k: number) {
  return [...items].sort(byScoreThenPosition).slice(0, k)
}

describe('bestOf', () => {
  it('keeps exactly what a full sort keeps, ties included', () => {
    let seed = 7
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (const n of [0, 3, 50, 241, 5000]) {
      // Few distinct scores, so ties straddle the cut.
      const items = Array.from({ length: n }, (_, position) => ({ score: Math.round(rand() * 40) / 4 - 5, position }))
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1))
        ;[items[i], items[j]] = [items[j] as (typeof items)[number], items[i] as (typeof items)[number]]
      }
      for (const k of [1, 5, 120]) expect(bestOf(items, k)).toEqual(fullSort(items, k))
    }
  })

  it('falls back to a full sort when a score is not a number', () => {
    const items = Array.from({ length: 30 }, (_, position) => ({ score: position === 4 ? Number.NaN : position % 7, position }))
    expect(bestOf(items, 3)).toEqual(fullSort(items, 3))
  })
})

describe('kthLargest', () => {
  it('is the k-th value of a descending sort, ties and duplicates included', () => {
    let seed = 11
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (const n of [1, 2, 7, 121, 3000]) {
      const values = Array.from({ length: n }, () => Math.round(rand() * 30) / 3 - 4)
      const sorted = [...values].sort((a, b) => b - a)
      for (const k of [1, 2, Math.ceil(n / 2), n].filter((k) => k <= n)) expect(kthLargest(Float64Array.from(values), k)).toBe(sorted[k - 1])
    }
  })
})
