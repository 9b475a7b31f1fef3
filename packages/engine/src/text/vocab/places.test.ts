import { describe, expect, it } from 'vitest'
import { splitWords } from '../normalise.ts'
import { findPlaces, isPlacePrefix, isPlaceTerm, placeFromHint } from './places.ts'

function places(text: string) {
  const original = text.split(/[^A-Za-z0-9À-ÿ]+/).filter(Boolean)
  return findPlaces(splitWords(text), original).map((m) => m.place)
}

describe('findPlaces', () => {
  it('finds countries by name, demonym and code', () => {
    expect(places('2 nights in a hotel in Germany')[0]?.country).toBe('de')
    expect(places('German grid electricity')[0]?.country).toBe('de')
    expect(places('Strom Deutschland')[0]?.country).toBe('de')
    expect(places('electricity DEU')[0]?.country).toBe('de')
    expect(places('electricity uk')[0]?.country).toBe('gb')
  })
  it('knows the words of place names (for brevity, which does not count them)', () => {
    expect(isPlaceTerm('queensland')).toBe(true)
    expect(isPlaceTerm('wale')).toBe(true)
    expect(isPlaceTerm('electricity')).toBe(false)
  })
  it('reads ISO3 codes only in upper case: in lower case they are words', () => {
    expect(places('natural gas CO2 per scf')).toEqual([])
    expect(places('emissions of cans we can recycle')).toEqual([])
    expect(places('electricity are high')).toEqual([])
    expect(placeFromHint('deu')?.country).toBe('de')
  })
  it('reads the ACT and Canberra as served by the NSW factors too (published as one region)', () => {
    expect(places('electricity Canberra')[0]?.regions).toEqual(['act', 'nsw'])
    expect(places('Australian Capital Territory grid')[0]?.regions).toEqual(['act', 'nsw'])
  })
  it('finds US states with their eGRID subregion, and subregions', () => {
    const texas = places('electricity in Texas')[0]
    expect(texas).toMatchObject({ country: 'us', regions: ['tx', 'erct'] })
    expect(places('power RFCW subregion')[0]).toMatchObject({ country: 'us', regions: ['rfcw'] })
  })
  it('finds cities and Australian states', () => {
    expect(places('flew London to NYC economy').map((p) => p.country)).toEqual(['gb', 'us'])
    expect(places('electricity in New South Wales')[0]).toMatchObject({ country: 'au', regions: ['nsw'] })
    expect(places('grid power Sydney')[0]).toMatchObject({ country: 'au', regions: ['nsw', 'syd'] })
  })
  it('reads upper-case state codes as states, except for large countries', () => {
    expect(places('electricity PA')[0]).toMatchObject({ country: 'us', regions: ['pa', 'rfce'] })
    expect(places('electricity DE')[0]?.country).toBe('de')
    expect(places('electricity CA')[0]?.country).toBe('ca')
  })
  it('reads no codes in a line written all in capitals: there "NO", "IN", "OR", "PER" are words', () => {
    expect(places('SAW HAND NO. D-23 8 POINT')).toEqual([])
    expect(places('PAPER TO PRINT IN OFFICE')).toEqual([])
    expect(places('XL NITRILE GLOVE 50 PR/PER BOX')).toEqual([])
    expect(places('PARTS, FARM TRACTOR, MISC. (BRAND LISTED OR EQUAL)')).toEqual([])
    expect(places('DIESEL FUEL AUSTRALIA')[0]?.country).toBe('au')
  })
  it('reads "IT" as information technology, "Polish" as polish, and no place after "non"', () => {
    expect(places('IT equipment purchased')).toEqual([])
    expect(places('Cleaner and Polish, Plastic')).toEqual([])
    expect(places('international flights non-UK average')).toEqual([])
    expect(places('electricity Poland')[0]?.country).toBe('pl')
  })
  it('reads two-letter codes only in upper case', () => {
    expect(places('diesel in litres or kg')).toEqual([])
    expect(places('electricity IN')[0]?.country).toBe('in')
  })
})

describe('placeFromHint', () => {
  it('reads ISO codes and names', () => {
    expect(placeFromHint('de')?.country).toBe('de')
    expect(placeFromHint('GB')?.country).toBe('gb')
    expect(placeFromHint('Germany')?.country).toBe('de')
    expect(placeFromHint('xx')).toBeNull()
  })
})


describe('isPlacePrefix', () => {
  it('is true for the beginning of a longer place term only', () => {
    expect(isPlacePrefix('main')).toBe(true) // maine
    expect(isPlacePrefix('germ')).toBe(true) // germany
    expect(isPlacePrefix('germany')).toBe(false)
    expect(isPlacePrefix('diesel')).toBe(false)
  })
})
