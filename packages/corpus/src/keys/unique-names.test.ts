import { describe, expect, it } from 'vitest'
import { uniqueNames } from './unique-names.ts'

describe('uniqueNames', () => {
  it('qualifies only shared names, by the first qualifier that differs within the group', () => {
    const items = [
      { name: 'Solid wood panel', q: ['average', '2017'] },
      { name: 'Solid wood panel', q: ['average', '2020'] },
      { name: 'Glulam', q: ['average', '2017'] },
    ]
    const names = uniqueNames(items, (i) => i.name, (i) => i.q)
    expect(items.map((i) => names.get(i) ?? i.name)).toEqual(['Solid wood panel (2017)', 'Solid wood panel (2020)', 'Glulam'])
  })

  it('falls back to every qualifier when none alone tells the group apart', () => {
    const items = [{ q: ['a', 'x'] }, { q: ['a', 'y'] }, { q: ['b', 'x'] }]
    const names = uniqueNames(items, () => 'N', (i) => i.q)
    expect(items.map((i) => names.get(i))).toEqual(['N (a, x)', 'N (a, y)', 'N (b, x)'])
  })
})
