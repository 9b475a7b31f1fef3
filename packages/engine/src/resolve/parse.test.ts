import { describe, expect, it } from 'vitest'
import { MAX_CONCEPTS, parseDescription } from './parse.ts'

describe('parseDescription', () => {
  it('separates unit, place and concepts', () => {
    const p = parseDescription('diesel for our delivery vans, litres')
    expect(p.unit?.id).toBe('litre')
    expect(p.places).toEqual([])
    // Source words are not widened; people's words map to source words.
    expect(p.concepts.find((c) => c.phrase === 'diesel')?.alternatives).toEqual([])
    expect(parseDescription('DERV litres').concepts[0]?.alternatives).toContain('diesel')
    expect(p.concepts.map((c) => c.phrase).sort()).toEqual(['delivery vans', 'diesel'])
  })
  it('reads the haul of a flight between two places by its distance band, wherever the flight is', () => {
    const haul = (d: string) => parseDescription(d).concepts.map((c) => c.phrase).filter((p) => /haul|domestic|international/.test(p))
    expect(haul('flight London to Sydney')).toEqual(['long haul'])
    expect(haul('flight London to Rome')).toEqual(['short haul'])
    expect(haul('flight Manchester to London')).toEqual(['domestic'])
    expect(haul('KLM AMS-JFK economy')).toEqual(['long haul'])
    expect(haul('flight Madrid to Rome')).toEqual(['short haul'])
    // A ship's journey between two ports that are also airports is no flight.
    expect(haul('Feeder slot charter RTM-GOT 120 TEU')).toEqual([])
  })
  it('reads "Bus." before more words as business, not the vehicle', () => {
    expect(parseDescription('British Gas Bus. gas Sheffield').concepts.map((c) => c.phrase)).not.toContain('bus')
    expect(parseDescription('bus fares').concepts.map((c) => c.phrase)).toContain('bus')
    expect(parseDescription('staff travel by bus.').concepts.some((c) => c.phrase.includes('bus'))).toBe(true)
  })
  it('reads "it" in lower case as no word, "IT" as information technology; "4 nts" as nights; "1,850 MT" as tonnes', () => {
    expect(parseDescription('Shred-it confidential paper').concepts.map((c) => c.phrase)).not.toContain('it')
    expect(parseDescription('IT equipment').concepts.map((c) => c.phrase)).toContain('it')
    expect(parseDescription('Premier Inn Leeds 14 nts').unit?.id).toBe('room per night')
    expect(parseDescription('VLSFO bunkers 1,850 MT').unit?.id).toBe('tonne')
    expect(parseDescription('MT electricity').unit).toBeNull()
  })
  it('reads the articles of Spanish, French, Italian and Dutch lines as no words, "DI" and "Al" as words', () => {
    expect(parseDescription('Iberdrola factura luz invernadero El Ejido').concepts.map((c) => c.phrase)).not.toContain('el')
    expect(parseDescription('emisiones de proceso').concepts.map((c) => c.phrase)).toEqual(['emisiones', 'proceso'])
    expect(parseDescription('VALVE GATE DI MECH JT').concepts.map((c) => c.phrase)).toContain('di')
  })
  it('reads places and units around quantities', () => {
    const p = parseDescription('2 nights in a hotel in Germany')
    expect(p.unit?.id).toBe('room per night')
    expect(p.places.map((x) => x.country)).toEqual(['de'])
    expect(p.concepts.map((c) => c.phrase)).toEqual(['hotel'])
  })
  it('keeps concrete grades but drops quantities', () => {
    const p = parseDescription('50 t of C30/37 concrete')
    expect(p.unit?.id).toBe('tonne')
    expect(p.concepts.map((c) => c.phrase).sort()).toEqual(['37', 'c30', 'concrete'])
  })
  it('keeps a grade number ("No. 2", "#2") but drops the quantity beside it', () => {
    const words = (d: string) => parseDescription(d).concepts.flatMap((c) => c.phrase.split(' '))
    expect(words('Fuel oil No. 2 boiler 500 gallons')).toContain('2')
    expect(words('Fuel oil No. 2 boiler 500 gallons')).not.toContain('500')
    expect(words('#2 heating oil')).toContain('2')
  })
  it('drops dates and document numbers written with slashes, keeps grades and fractions', () => {
    const words = (d: string) => parseDescription(d).concepts.flatMap((c) => c.phrase.split(' '))
    // "2024" had matched Austria's grid (an Ember row of 2024) for a district heating invoice.
    expect(words('Wien Energie Fernwärme Rechnung 4711/2024 Heizperiode 2.340 MWh')).toEqual(['fernwarme', 'energie', 'rechnung', 'heizperiode'])
    expect(words('VEOLIA DIB benne 2,84 T 15/03/24')).toEqual(['veolia', 'dib', 'benne'])
    expect(words('TEE BRASS 1-1/2 X 8 IN')).toContain('2')
    expect(words('C30/37 concrete')).toContain('37')
  })
  it('reads upper-case state codes and German words', () => {
    expect(parseDescription('electricity TX').places[0]?.regions).toContain('tx')
    const strom = parseDescription('Strom Deutschland')
    expect(strom.places[0]?.country).toBe('de')
    expect(strom.concepts[0]?.alternatives).toContain('electricity')
  })
  it('reads a measure after a number as a measure, not a place ("8 IN" inches, "16 OZ")', () => {
    expect(parseDescription('HAMMER BALL PEEN 16 OZ').places).toEqual([])
    expect(parseDescription('NIPPLE BRASS 2 X 8 IN').places).toEqual([])
    expect(parseDescription('electricity IN').places.map((p) => p.country)).toEqual(['in'])
    expect(parseDescription('hotel in Germany').places.map((p) => p.country)).toEqual(['de'])
  })
  it('reads "8 PC" as a count of pieces, not a computer', () => {
    expect(parseDescription('SCREWDRIVER SET PHILLIPS, 8 PC.').concepts.map((c) => c.phrase)).not.toContain('pc')
    expect(parseDescription('PC for the office').concepts.map((c) => c.phrase)).toContain('pc')
  })
  it('drops who travels and why once a way of travelling is named, and keeps them alone', () => {
    const phrases = (d: string) => parseDescription(d).concepts.map((c) => c.phrase)
    expect(phrases('employee commuting subway')).toEqual(['subway'])
    expect(phrases('business travel by bus')).toEqual(['bus'])
    expect(phrases('employee commuting')).toEqual(['employee', 'commuting'])
    // "business class" names a cabin, not a purpose.
    expect(phrases('flight business class')).toEqual(['flight', 'business class'])
    // Not a way of travelling: the words stay.
    expect(phrases('staff training')).toContain('staff training')
  })

  it('reads a vehicle\'s weight class as a word, not as the quantity\'s unit', () => {
    expect(parseDescription('DRAY 18T RIGID DIESEL 42,300KM').unit?.id).toBe('km')
    expect(parseDescription('Dotcom vans 3.5t diesel 880,000 miles').unit?.id).toBe('mile')
    expect(parseDescription('HGV over 33t, tonne km').unit?.id).toBe('tonne.km')
    expect(parseDescription('Transit 3.5t delivery vans diesle 212,000 km').unit?.id).toBe('km')
    expect(parseDescription('DRAY 18T RIGID DIESEL 42,300KM').concepts.some((c) => c.phrase.includes('18t'))).toBe(true)
    // A mass that is no vehicle's class is still the unit.
    expect(parseDescription('50 t of C30/37 concrete').unit?.id).toBe('tonne')
    expect(parseDescription('gravel delivered by truck, 20 t').unit?.id).toBe('tonne')
  })

  it('notices gases', () => {
    expect(parseDescription('methane from natural gas boilers').gases).toEqual(['ch4'])
  })
})

describe('product codes', () => {
  const code = (text: string) => parseDescription(text).concepts.find((c) => /\d/.test(c.phrase))
  it('offers the other spelling of codes like R-410A and R410A', () => {
    expect(code('R-410A leak')).toMatchObject({ phrase: 'r410a', alternatives: ['r 410a'] })
    expect(code('R410A leak')).toMatchObject({ phrase: 'r410a', alternatives: ['r 410a'] })
    expect(code('R 410A leak')).toMatchObject({ phrase: 'r 410a', alternatives: ['r410a'] })
  })
  it('keeps the number of a hyphenated code (R-32 is not a quantity of 32)', () => {
    expect(code('R-32 leakage kg')?.phrase).toBe('r32')
  })
  it('reads R-numbers and HFC-numbers of single HFCs as the same product, but not blends', () => {
    expect(code('R-134a')?.alternatives).toContain('hfc 134a')
    expect(code('HFC-32')?.alternatives).toContain('r 32')
    expect(code('R404A')?.alternatives).not.toContain('hfc 404a')
  })
  it('keeps SF6 as an activity word as well as a gas (it is what leaks)', () => {
    const parsed = parseDescription('SF6 switchgear leak kg')
    expect(parsed.gases).toEqual(['sf6'])
    expect(parsed.concepts.map((c) => c.phrase)).toContain('sf6')
  })
})

describe('long descriptions', () => {
  it('keeps at most MAX_CONCEPTS concepts', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`)
    expect(parseDescription(words.join(' ')).concepts).toHaveLength(MAX_CONCEPTS)
  })
})
