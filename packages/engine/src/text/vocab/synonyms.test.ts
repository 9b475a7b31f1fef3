import { describe, expect, it } from 'vitest'
import { findGases, findSynonyms } from './synonyms.ts'

describe('findSynonyms', () => {
  it('maps user words to source words', () => {
    const [petrol] = findSynonyms(['gasoline', 'car'])
    expect(petrol?.alternatives).toContain('petrol')
    expect(findSynonyms(['grid', 'power']).map((m) => m.phrase)).toEqual(['grid power'])
    expect(findSynonyms(['lorry'])[0]?.alternatives).toContain('hgv')
    expect(findSynonyms(['beton'])[0]?.alternatives).toContain('concrete')
  })
})

describe('findGases', () => {
  it('finds named gases but not CO2e', () => {
    expect(findGases(['methane', 'from', 'diesel'])).toEqual(['ch4'])
    expect(findGases(['co2e', 'diesel'])).toEqual([])
    expect(findGases(['nitrous', 'oxide'])).toEqual(['n2o'])
  })
})
