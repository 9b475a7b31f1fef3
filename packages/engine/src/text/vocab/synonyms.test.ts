import { describe, expect, it } from 'vitest'
import { findGases, findSynonyms } from './synonyms.ts'

describe('findSynonyms', () => {
  it('maps user words to source words', () => {
    const [petrol] = findSynonyms(['gasoline', 'car'])
    expect(petrol?.alternatives).toContain('petrol')
    expect(findSynonyms(['grid', 'power']).map((m) => m.phrase)).toEqual(['grid power'])
    expect(findSynonyms(['lorry'])[0]?.alternatives).toContain('hgv')
    expect(findSynonyms(['beton'])[0]?.alternatives).toContain('concrete')
    // US EPA's names: cardboard is "Corrugated Containers", a pickup a light-duty truck.
    expect(findSynonyms(['recycled', 'cardboard']).flatMap((m) => m.alternatives)).toContain('corrugated containers')
    expect(findSynonyms(['pickup', 'truck']).flatMap((m) => m.alternatives)).toContain('light duty truck')
    // An intercity bus is a coach or a bus, not intercity rail; a coach is not widened to local buses.
    expect(findSynonyms(['intercity', 'bus'])).toMatchObject([{ phrase: 'intercity bus', alternatives: ['coach', 'bus'] }])
    expect(findSynonyms(['coach'])[0]?.alternatives).toEqual([])
    expect(findSynonyms(['courier', 'deliveries'])[0]?.alternatives).toContain('van')
    // Float glass is flat glass: "glass" alone would rank glass bricks and foam glass as high.
    expect(findSynonyms(['floatglas'])[0]?.alternatives).toEqual(['flat glass'])
    expect(findSynonyms(['float', 'glass'])[0]?.alternatives).toEqual(['flat glass'])
    expect(findSynonyms(['glas'])[0]?.alternatives).toEqual(['glass'])
  })
})

describe('ledger words in Spanish, Dutch, Italian and Swedish', () => {
  const alternatives = (words: string) => findSynonyms(words.split(' ')).flatMap((m) => m.alternatives)
  it('name the activities the sources name in English', () => {
    expect(alternatives('electricidad fabrica')).toContain('electricity')
    expect(alternatives('stadsverwarming')).toContain('district heating')
    expect(alternatives('coque de petroleo')).toContain('petroleum coke')
    expect(alternatives('gft afval')).toContain('food and drink waste')
    expect(alternatives('residuos mezclados a vertedero')).toContain('mixed msw')
    expect(alternatives('treinreizen')).toContain('rail')
    expect(alternatives('caltex ulp')).toContain('petrol')
    expect(alternatives('sewerage charge')).toContain('water treatment')
    expect(alternatives('premier inn')).toContain('hotel')
    expect(alternatives('shell fleet dsl')).toContain('diesel')
    // A gas sold as a product is the industrial gas industry's, not natural gas.
    expect(alternatives('chlorine gas')).toContain('industrial gas')
    expect(alternatives('chlorine gas')).not.toContain('natural gas')
  })
})

describe('findGases', () => {
  it('finds named gases but not CO2e', () => {
    expect(findGases(['methane', 'from', 'diesel'])).toEqual(['ch4'])
    expect(findGases(['co2e', 'diesel'])).toEqual([])
    expect(findGases(['nitrous', 'oxide'])).toEqual(['n2o'])
  })
  it('takes no word every object inherits for a gas', () => {
    expect(findGases(['constructor', 'diesel'])).toEqual([])
  })
})
