import { describe, expect, it } from 'vitest'
import { splitWords } from '../normalise.ts'
import { AIRPORT_PLACES, readAirportPairs } from './airports.ts'
import { findPlaces } from './places.ts'

describe('readAirportPairs', () => {
  it('names each airport by a place the place reader knows, as one place', () => {
    for (const [code, phrase] of AIRPORT_PLACES) {
      const places = findPlaces(splitWords(phrase), phrase.split(' '))
      expect(places.length, `${code} ${phrase}`).toBe(1)
    }
  })
  it('writes a journey between two airports as its places and a flight', () => {
    expect(readAirportPairs('LHR-JFK J class')).toBe('london to new york J class flight')
    expect(readAirportPairs('Deadhead crew SYD/MEL Y')).toBe('Deadhead crew sydney to melbourne Y flight')
    expect(readAirportPairs('BHD > LHR rtn')).toBe('northern ireland to london rtn flight')
  })
  it('adds no flight to goods flown, and leaves codes that are not two airports as written', () => {
    expect(readAirportPairs('Air frt servers SZX-LHR 2.1t')).toBe('Air frt servers shenzhen to london 2.1t')
    // City codes a railway uses too (Eurostar's LON-PAR), stations, lower case and a single code stay.
    expect(readAirportPairs('Eurostar LON-PAR')).toBe('Eurostar LON-PAR')
    expect(readAirportPairs('Train MAN-EUS return')).toBe('Train MAN-EUS return')
    expect(readAirportPairs('lhr-jfk')).toBe('lhr-jfk')
    expect(readAirportPairs('Parking LHR T5')).toBe('Parking LHR T5')
  })
})
