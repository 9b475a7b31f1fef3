import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { isEngineError } from '../errors.ts'
import { LoadedRelease } from '../index/loaded.ts'
import { applyHints, repairTypos, splitCompound } from './adjust.ts'
import { parseDescription } from './parse.ts'

const base = { description: 'x', limit: 5, country: undefined, unit: undefined, as_of: undefined }

describe('applyHints', () => {
  it('lets hints win over the text', () => {
    const parsed = applyHints(parseDescription('electricity in France, kWh'), { ...base, country: 'DEU', unit: 'MWh' })
    expect(parsed.places.map((p) => p.country)).toEqual(['de'])
    expect(parsed.unit?.id).toBe('mwh')
  })
  it('keeps a state the text names inside the hinted country, and drops places elsewhere', () => {
    const texas = applyHints(parseDescription('grid electricity Texas'), { ...base, country: 'US' })
    expect(texas.places.map((p) => [p.country, p.regions.length > 0])).toEqual([['us', false], ['us', true]])
    const elsewhere = applyHints(parseDescription('electricity Victoria'), { ...base, country: 'US' })
    expect(elsewhere.places.map((p) => p.country)).toEqual(['us'])
  })
  it('records a place the hint overrules, unless the text also names a place in the hinted country', () => {
    expect(applyHints(parseDescription('hotel in Paris'), { ...base, country: 'GB' }).overruled?.map((p) => p.country)).toEqual(['fr'])
    // "Le Bristol" is a hotel's name: the text names Paris, in France, as the hint does.
    expect(applyHints(parseDescription('Hotel Le Bristol Paris'), { ...base, country: 'FR' }).overruled).toBeUndefined()
  })
  it('reads a code of a region of the hinted country in that country ("WA" with AU, not Washington)', () => {
    const wa = applyHints(parseDescription('electricity WA'), { ...base, country: 'AU' })
    expect(wa.places.map((p) => [p.country, p.regions[0] ?? null])).toEqual([['au', null], ['au', 'wa']])
    const sa = applyHints(parseDescription('electricity SA'), { ...base, country: 'AU' })
    expect(sa.places.map((p) => [p.country, p.regions[0] ?? null])).toEqual([['au', null], ['au', 'sa']])
    const washington = applyHints(parseDescription('electricity WA'), { ...base, country: 'US' })
    expect(washington.places.map((p) => [p.country, p.regions[0] ?? null])).toEqual([['us', null], ['us', 'wa']])
  })
  it('reads an ISO 3166-2 hint as its country narrowed to the region (US-TX, AU-WA, CA-QC)', () => {
    const regions = (country: string) => applyHints(parseDescription('electricity'), { ...base, country }).places.map((p) => [p.country, p.regions[0] ?? null])
    expect(regions('US-TX')).toEqual([['us', null], ['us', 'tx']])
    expect(regions('us-tx')).toEqual([['us', null], ['us', 'tx']])
    expect(regions('AU-WA')).toEqual([['au', null], ['au', 'wa']])
    expect(regions('AU-NSW')).toEqual([['au', null], ['au', 'nsw']])
    expect(regions('CA-QC')).toEqual([['ca', null], ['ca', 'qc']])
    // Before a hyphen "PA" is Panama's code, not Pennsylvania.
    expect(regions('PA-8')).toEqual([['pa', null]])
  })
  it('reads a subdivision it has no region for as its country, still narrowed by a state the text names', () => {
    const regions = (text: string, country: string) => applyHints(parseDescription(text), { ...base, country }).places.map((p) => [p.country, p.regions[0] ?? null])
    expect(regions('electricity', 'FR-IDF')).toEqual([['fr', null]])
    expect(regions('grid electricity Texas', 'US-ZZ')).toEqual([['us', null], ['us', 'tx']])
  })
  it('refuses a country hint it cannot read, with or without a subdivision', () => {
    for (const country of ['Atlantis', 'U-TX', 'US-TEXAS', 'US_TX']) {
      try {
        applyHints(parseDescription('electricity'), { ...base, country })
        throw new Error(`expected invalid_request for ${country}`)
      } catch (e) {
        expect(isEngineError(e) && e.data).toMatchObject({ issues: [{ path: 'country' }] })
      }
    }
  })
  it('refuses a unit hint it cannot read, naming the currencies it reads', () => {
    try {
      applyHints(parseDescription('Uber - crew transport Toronto'), { ...base, unit: 'CAD' })
      throw new Error('expected invalid_request for CAD')
    } catch (e) {
      expect(isEngineError(e) && e.code).toBe('invalid_request')
      expect(isEngineError(e) && e.data).toMatchObject({ issues: [{ path: 'unit', message: expect.stringContaining('USD, GBP, EUR or AUD') }] })
    }
  })
  it('reads US units a hint names: lbs and short tons', () => {
    expect(applyHints(parseDescription('R-404A'), { ...base, unit: 'lbs' }).unit?.id).toBe('lb')
    expect(applyHints(parseDescription('mixed recyclables'), { ...base, unit: 'short tons' }).unit?.id).toBe('short ton')
  })
  it('reads hours: an hour, and working hours as the homeworking tables\' FTE working hour', () => {
    expect(applyHints(parseDescription('working from home'), { ...base, unit: 'hours' }).unit).toEqual({ id: 'hour', dimension: 'time' })
    expect(applyHints(parseDescription('homeworking'), { ...base, unit: 'working hours' }).unit?.id).toBe('fte working hour')
  })
  it('reads kilolitres as cubic metres', () => {
    expect(applyHints(parseDescription('water'), { ...base, unit: 'kL' }).unit?.id).toBe('m3')
  })
  it('refuses hints it cannot read', () => {
    try {
      applyHints(parseDescription('x'), { ...base, unit: 'furlong' })
      throw new Error('expected invalid_request')
    } catch (e) {
      expect(isEngineError(e) && e.data).toMatchObject({ issues: [{ path: 'unit' }] })
    }
  })
})

describe('repairTypos', () => {
  it('corrects unknown words to index terms and reads them again for synonyms', () => {
    const release = new LoadedRelease(fixtureArtifact())
    const fixed = repairTypos(parseDescription('electrcity'), release)
    expect(fixed.concepts[0]?.phrase).toBe('electricity')
    expect(fixed.concepts[0]?.domains).toContain('electricity')
  })
})

describe('German compounds', () => {
  const release = new LoadedRelease(fixtureArtifact())
  it('splits an unknown word where its tail is known: the tail names the thing, the word as written its kind', () => {
    expect(splitCompound(release, 'reisebus')).toEqual(['reisebus', 'bus'])
    expect(splitCompound(release, 'firmenwagen')).toEqual(['firmenwagen', 'wagen'])
    expect(splitCompound(release, 'hopfenpellets')).toEqual(['hopfenpellets', 'pellets'])
  })
  it('reads a short tail after an unknown head only where the synonym table has it', () => {
    // "stay" and "haul" are words of the fixture's factor names, in no synonym group; "bus" is in one.
    expect(splitCompound(release, 'qqqqstay')).toBeNull()
    expect(splitCompound(release, 'qqqqhaul')).toBeNull()
    expect(splitCompound(release, 'linienbus')).toEqual(['linienbus', 'bus'])
  })
  it('keeps a known head, after a linking s/n/en, and drops tails that name nothing', () => {
    expect(splitCompound(release, 'stromverbrauch')).toEqual(['strom'])
    expect(splitCompound(release, 'bahnfahrt')).toEqual(['bahn'])
    expect(splitCompound(release, 'abfallentsorgung')).toEqual(['abfall', 'entsorgung'])
  })
  it('leaves short and unsplittable words alone', () => {
    expect(splitCompound(release, 'dieselx')).toBeNull()
    expect(splitCompound(release, 'qqqqqqqqqq')).toBeNull()
  })
  it('reads the parts again for synonyms', () => {
    const parsed = repairTypos(parseDescription('Linienbus Personenkilometer'), release)
    expect(parsed.concepts.map((c) => c.phrase)).toEqual(['linienbus', 'bus'])
    expect(parsed.unit?.id).toBe('passenger.km')
    expect(parsed.concepts[1]?.alternatives).toContain('local bus')
    expect(parsed.unknownKinds).toEqual([{ word: 'linienbus', tail: 'bus' }])
  })
})
