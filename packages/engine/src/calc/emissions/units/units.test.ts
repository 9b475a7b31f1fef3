import { describe, expect, it } from 'vitest'
import { Dec } from '../../decimal.ts'
import { conversionTo, isConversion, onePersonConversion, sizeOf } from './convert.ts'
import { readFactorUnit, readUnit, readUnitFor, type ReadUnit } from './parse.ts'
import { CITATIONS, UNITS, UNIT_BY_ID } from './table.ts'

const read = (text: string): ReadUnit => {
  const r = readUnit(text)
  if (!r.ok) throw new Error(`cannot read ${text}`)
  return { unit: r.unit, basis: r.basis }
}

/** Multiplier from one unit to another, as an exact decimal string. */
function multiplier(from: string, to: string): string {
  const target = readFactorUnit(`kg CO2e per ${to}`)
  if (!target) throw new Error(`cannot read factor unit per ${to}`)
  const c = conversionTo(read(from), target)
  if (!isConversion(c)) throw new Error(`${from} -> ${to}: ${c.kind}`)
  return c.multiplier.toString()
}

/** Each defined relation, exactly, as the cited definitions state it. */
const EXACT: Array<[string, string, string]> = [
  // mass: SI, yard and pound 1959, NIST SP 811
  ['g', 'kg', '0.001'],
  ['tonne', 'kg', '1000'],
  ['lb', 'kg', '0.45359237'],
  ['short ton', 'kg', '907.18474'],
  ['long ton', 'kg', '1016.0469088'],
  ['short ton', 'lb', '2000'],
  ['long ton', 'lb', '2240'],
  ['short ton', 'tonne', '0.90718474'],
  // volume: SI litre, NIST gallon (US) and barrel, UK WMA 1985 gallon
  ['ml', 'litre', '0.001'],
  ['m3', 'litre', '1000'],
  ['kL', 'm3', '1'],
  ['kilolitres', 'litre', '1000'],
  ['US gallon', 'litre', '3.785411784'],
  ['UK gallon', 'litre', '4.54609'],
  ['barrel', 'litre', '158.987294928'],
  ['barrel', 'gallon (US)', '42'],
  ['cubic foot', 'm3', '0.028316846592'],
  ['Mcf', 'scf', '1000'],
  ['ccf', 'scf', '100'],
  // energy: SI watt hour, NIST IT Btu and therms, ISO 80000-5 IT calorie
  ['Wh', 'kWh', '0.001'],
  ['MWh', 'kWh', '1000'],
  ['GWh', 'MWh', '1000'],
  ['kWh', 'MJ', '3.6'],
  ['GJ', 'MJ', '1000'],
  ['GJ', 'kWh', '277.7777777777777777777777777777777777778'],
  ['MMBtu', 'kWh', '293.0710701722222222222222222222222222222'],
  ['MMBtu', 'GJ', '1.05505585262'],
  ['Btu', 'kJ', '1.05505585262'],
  ['kcal', 'kJ', '4.1868'],
  ['therm (US)', 'MJ', '105.4804'],
  ['therm (EC)', 'MJ', '105.506'],
  ['TJ', 'GJ', '1000'],
  // distance
  ['m', 'km', '0.001'],
  ['mile', 'km', '1.609344'],
  ['nautical mile', 'km', '1.852'],
  ['passenger.mile', 'passenger.km', '1.609344'],
  ['tonne.mile', 'tonne.km', '1.609344'],
  ['short ton.mile', 'tonne.km', '1.45997231821056'],
  ['long ton.mile', 'tonne.km', '1.6351689963958272'],
  // area
  ['hectare', 'm2', '10000'],
  ['km2', 'm2', '1000000'],
  ['square foot', 'm2', '0.09290304'],
  // time, data
  ['day', 'hour', '24'],
  ['TB', 'GB', '1000'],
  ['MB', 'GB', '0.001'],
  ['TB-hour', 'GB-hour', '1000'],
]

describe('unit conversions (exact, both directions)', () => {
  it.each(EXACT)('%s -> %s = %s, and back = 1 / it', (from, to, exact) => {
    expect(multiplier(from, to)).toBe(exact)
    const back = new Dec(1).div(new Dec(exact))
    expect(multiplier(to, from)).toBe(back.toString())
    // The round trip is 1 to 40 significant digits.
    expect(new Dec(multiplier(from, to)).times(new Dec(multiplier(to, from))).toSignificantDigits(30).toString()).toBe('1')
  })

  it('every unit converts to every unit of its dimension and to nothing else', () => {
    for (const a of UNITS) {
      for (const b of UNITS) {
        const target = readFactorUnit(`kg CO2e per ${b.label}`)
        expect(target?.per.unit.id, `factor unit per ${b.label}`).toBe(b.id)
        const c = conversionTo({ unit: a, basis: null }, target!)
        expect(isConversion(c), `${a.id} -> ${b.id}`).toBe(a.dimension === b.dimension)
        if (isConversion(c)) expect(c.multiplier.toString()).toBe(sizeOf(a).div(sizeOf(b)).toString())
      }
    }
  })

  it('each unit cites a definition, and every citation is used', () => {
    const used = new Set(UNITS.flatMap((u) => u.cite))
    for (const id of Object.keys(CITATIONS)) expect(used.has(id as never) || id === 'definition').toBe(true)
    for (const u of UNITS) expect(u.cite.length).toBeGreaterThan(0)
  })

  it('a factor per a reference amount divides by it: 2.5 m2 on "per 1.25 m2" is 2 factor units', () => {
    const target = readFactorUnit('kg CO2e per 1.25 m2')!
    const c = conversionTo(read('m2'), target)
    expect(isConversion(c) && c.multiplier.times(2.5).toString()).toBe('2')
    const million = readFactorUnit('kg CO2e per million litres')!
    const m = conversionTo(read('m3'), million)
    expect(isConversion(m) && m.multiplier.toString()).toBe('0.001')
  })

  it('currency converts only to the same code (no exchange rates)', () => {
    const usd = readFactorUnit('kg CO2e per USD (2022, purchaser price)')!
    expect(usd.qualifier).toBe('2022, purchaser price')
    const same = conversionTo(read('usd'), usd)
    expect(isConversion(same) && same.multiplier.toString()).toBe('1')
    expect(conversionTo(read('EUR'), usd)).toEqual({ kind: 'currency', from: 'EUR', to: 'USD' })
  })

  it('a plain distance is one traveller\'s passenger distance', () => {
    const perPassengerMile = readFactorUnit('kg CO2e per passenger.mile')!
    expect(conversionTo(read('km'), perPassengerMile)).toEqual({ kind: 'dimension', from: 'distance', to: 'passenger_distance' })
    expect(onePersonConversion(read('mile'), perPassengerMile)?.multiplier.toString()).toBe('1')
    expect(onePersonConversion(read('km'), readFactorUnit('kg CO2e per passenger.km')!)?.multiplier.toString()).toBe('1')
    expect(onePersonConversion(read('m'), readFactorUnit('kg CO2e per passenger.km')!)?.multiplier.toString()).toBe('0.001')
    expect(onePersonConversion(read('passenger.km'), readFactorUnit('kg CO2e per km')!)).toBeNull()
    expect(onePersonConversion(read('tonne.km'), perPassengerMile)).toBeNull()
  })

  it('an hour is one worker\'s hour for a factor per FTE working hour; a day is not', () => {
    const perFteHour = readFactorUnit('kg CO2e per FTE working hour')!
    expect(conversionTo(read('hours'), perFteHour)).toEqual({ kind: 'dimension', from: 'time', to: 'fte_time' })
    expect(onePersonConversion(read('hours'), perFteHour)).toMatchObject({ person: 'worker' })
    expect(onePersonConversion(read('hours'), perFteHour)?.multiplier.toString()).toBe('1')
    expect(onePersonConversion(read('days'), perFteHour)).toBeNull()
  })

  it('calorific-value basis: kWh reads either, kWh (Net CV) refuses a Gross CV factor', () => {
    const net = readFactorUnit('kg CO2e per kWh (Net CV)')!
    expect(net.per.basis).toBe('net')
    expect(isConversion(conversionTo(read('kWh'), net))).toBe(true)
    expect(isConversion(conversionTo(read('MWh net'), net))).toBe(true)
    expect(conversionTo(read('kWh (Gross CV)'), net)).toEqual({ kind: 'basis', from: 'gross', to: 'net' })
  })
})

describe('reading units as people write them', () => {
  it.each([
    ['litres', 'l'], ['liter', 'l'], ['L', 'l'], ['Litres', 'l'], ['kwh', 'kwh'], ['KWH', 'kwh'], ['MWh', 'mwh'],
    ['m3', 'm3'], ['m³', 'm3'], ['cubic metres', 'm3'], ['tkm', 'tonne.km'], ['tonne-km', 'tonne.km'], ['t.km', 'tonne.km'],
    ['pkm', 'passenger.km'], ['passenger km', 'passenger.km'], ['passenger-miles', 'passenger.mile'], ['miles', 'mi'],
    ['km', 'km'], ['vehicle.km', 'km'], ['US gallons', 'gal_us'], ['gallon (US)', 'gal_us'], ['imperial gallons', 'gal_uk'],
    ['kg', 'kg'], ['tonnes', 't'], ['t', 't'], ['lbs', 'lb'], ['short tons', 'short_ton'], ['MMBtu', 'mmbtu'], ['GJ', 'gj'],
    ['therm (US)', 'therm_us'], ['m2', 'm2'], ['sq ft', 'ft2'], ['hours', 'h'], ['nights', 'room_night'], ['room per night', 'room_night'],
    ['year', 'year'], ['USD', 'cur:USD'], ['usd', 'cur:USD'], ['€', 'cur:EUR'], ['£', 'cur:GBP'], ['pieces', 'piece'],
    ['GB-hour', 'gb_hour'], ['CPU hours', 'cpu_hour'], ['kcal', 'kcal'], ['nautical miles', 'nmi'], ['bbl', 'bbl'],
  ])('%s -> %s', (text, id) => {
    const r = readUnit(text)
    expect(r.ok && r.unit.id).toBe(id)
  })

  it.each([
    ['gallon', ['gallon (US)', 'gallon (UK)']],
    ['gallons', ['gallon (US)', 'gallon (UK)']],
    ['ton', ['tonne', 'short ton', 'long ton']],
    ['therm', ['therm (US)', 'therm (EC)']],
    ['$', ['USD', 'AUD', 'CAD', 'NZD', 'SGD', 'HKD']],
    ['pounds', ['lb', 'GBP']],
    ['ton-miles', ['tonne.mile', 'short ton.mile', 'long ton.mile']],
  ])('%s is ambiguous and names the choices', (text, choices) => {
    expect(readUnit(text)).toEqual({ ok: false, reason: 'ambiguous', choices })
  })

  it.each([
    ['therms', 'US', 'therm_us'], ['gallons', 'us', 'gal_us'], ['gallons', 'US-TX', 'gal_us'], ['ton-miles', 'US', 'short_ton.mile'],
    ['tons', 'US', 'short_ton'], ['pounds', 'US', 'lb'], ['$', 'US', 'cur:USD'], ['gallons', 'GB', 'gal_uk'], ['gallon', 'UK', 'gal_uk'],
    ['dollars', 'AU', 'cur:AUD'], ['$', 'CA', 'cur:CAD'],
  ])('%s on a line for %s is read as that country reads it', (text, country, id) => {
    const r = readUnitFor(text, country)
    expect(r.ok && (r.unit.dimension === 'currency' ? `cur:${r.unit.label}` : r.unit.id)).toBe(id)
    expect(r.ok && r.country).toBe(country.slice(0, 2).toUpperCase().replace('UK', 'GB'))
  })

  it.each([['tons', 'GB'], ['pounds', 'GB'], ['gallons', 'DE'], ['gallons', 'United States'], ['therms', undefined], ['ton km', 'US']])(
    '%s stays ambiguous on a line for %s',
    (text, country) => {
      expect(readUnitFor(text, country)).toEqual(readUnit(text))
      expect(readUnitFor(text, country).ok).toBe(false)
    },
  )

  it('a spelling that is not ambiguous reads the same whatever the country', () => {
    expect(readUnitFor('litres', 'US')).toEqual(readUnit('litres'))
    expect(readUnitFor('US gallons', 'GB')).toEqual(readUnit('US gallons'))
  })

  it('an unknown unit is unknown', () => {
    expect(readUnit('furlongs per fortnight')).toEqual({ ok: false, reason: 'unknown' })
  })

  it('a name every object inherits is an unknown unit, not a crash ("constructor" threw a TypeError: a 500)', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) expect(readUnit(name)).toEqual({ ok: false, reason: 'unknown' })
  })

  it('factor units as the corpus spells them', () => {
    expect(readFactorUnit('kg CO2e per passenger.km')).toMatchObject({ massScale: '1', gas: 'CO2e', per: { unit: { id: 'passenger.km' } } })
    expect(readFactorUnit('kg CH4 per gallon (US)')).toMatchObject({ gas: 'CH4', per: { unit: { id: 'gal_us' } } })
    expect(readFactorUnit('kg CO2e per room per night')?.per.unit.id).toBe('room_night')
    expect(readFactorUnit('kg CO2e per short ton.mile')?.per.unit.id).toBe('short_ton.mile')
    expect(readFactorUnit('kg CO2e per t clay material')).toMatchObject({ per: { unit: { id: 't' } }, qualifier: 'clay material' })
    expect(readFactorUnit('g CO2e per km')?.massScale).toBe('0.001')
    expect(readFactorUnit('kg CO2e per 8765.77840112202 hour')).toMatchObject({ reference: '8765.77840112202', per: { unit: { id: 'h' } } })
    expect(readFactorUnit('kWh per litre')).toBeNull()
    expect(UNIT_BY_ID.get('kwh')?.label).toBe('kWh')
  })
})
