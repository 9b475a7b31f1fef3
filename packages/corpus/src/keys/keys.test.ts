import { describe, expect, it } from 'vitest'
import { FACTOR_KEY_PATTERN } from '@openfactors/engine/release'
import { makeKey, slugify, slugJoin, MAX_SEGMENT_LENGTH } from './slug.ts'
import { factorUnit, normalizeUnit, currencyUnit } from './units.ts'
import { COUNTRIES, toIso2, iso2ToIso3, countryName } from './countries.ts'

describe('slugify', () => {
  it('applies the documented substitutions', () => {
    expect(slugify('Diesel (average biofuel blend)')).toBe('diesel_average_biofuel_blend')
    expect(slugify('Gas & Oil')).toBe('gas_and_oil')
    expect(slugify('100% mineral diesel')).toBe('100_pct_mineral_diesel')
    expect(slugify('C+D waste')).toBe('c_plus_d_waste')
    expect(slugify('  Béton – Fertigteil  ')).toBe('beton_fertigteil')
    expect(slugify('Straße')).toBe('strasse')
    expect(slugify('---')).toBe('')
  })
  it('cuts long segments with a stable hash so different long labels stay different', () => {
    const a = slugify('x'.repeat(100) + ' alpha')
    const b = slugify('x'.repeat(100) + ' beta')
    expect(a.length).toBeLessThanOrEqual(MAX_SEGMENT_LENGTH)
    expect(a).not.toBe(b)
    expect(slugify('x'.repeat(100) + ' alpha')).toBe(a)
    expect(a).toMatch(/^[a-z0-9_]+$/)
  })
  it('joins labels and builds keys that match the engine pattern', () => {
    expect(slugJoin(['Cars (by size)', null, 'Small car'])).toBe('cars_by_size_small_car')
    const key = makeKey('fuels', 'GB', 'Diesel (average biofuel blend)', 'litres')
    expect(key).toBe('fuels.gb.diesel_average_biofuel_blend.litres')
    expect(FACTOR_KEY_PATTERN.test(key)).toBe(true)
    expect(() => makeKey('fuels', 'gb', '()', 'litres')).toThrow(/segment 3/)
  })
})

describe('units', () => {
  it('normalises common spellings to the canonical ones', () => {
    expect(normalizeUnit('litres')).toBe('litre')
    expect(normalizeUnit(' KWh ')).toBe('kWh')
    expect(normalizeUnit('passenger km')).toBe('passenger.km')
    expect(normalizeUnit('tonne km')).toBe('tonne.km')
    expect(normalizeUnit('per room per night')).toBe('room per night')
    expect(normalizeUnit('short ton-mile')).toBe('short ton.mile')
    expect(normalizeUnit('Bale of hay')).toBe('Bale of hay')
    expect(factorUnit('litres')).toBe('kg CO2e per litre')
    expect(currencyUnit('usd', 2022)).toBe('USD (2022, purchaser price)')
  })
})

describe('countries', () => {
  it('holds every ISO 3166-1 country once', () => {
    expect(COUNTRIES.length).toBe(250)
    expect(new Set(COUNTRIES.map((c) => c[0])).size).toBe(COUNTRIES.length)
  })
  it('maps codes and names to lower-case alpha-2', () => {
    expect(toIso2('GBR')).toBe('gb')
    expect(toIso2('UK')).toBe('gb')
    expect(toIso2('United Kingdom')).toBe('gb')
    expect(toIso2('de')).toBe('de')
    expect(toIso2('Germany')).toBe('de')
    expect(toIso2("Côte d'Ivoire")).toBe('ci')
    expect(toIso2('Korea, Republic of')).toBe('kr')
    expect(toIso2('EU')).toBe('eu')
    expect(toIso2('Atlantis')).toBeNull()
    expect(iso2ToIso3('au')).toBe('AUS')
    expect(countryName('us')).toBe('United States')
  })
})
