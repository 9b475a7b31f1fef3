import { describe, expect, it } from 'vitest'
import { fixtureRows } from '../../test/fixture.ts'
import type { FactorRow } from '../release/schema.ts'
import { findExcludedTerms } from './excluded-terms.ts'

const base = fixtureRows()[0] as FactorRow
const row = (name: string, country: string, tags?: string[]): FactorRow => ({ ...base, name, country, section: 'Section', ...(tags ? { tags } : {}) })

describe('findExcludedTerms', () => {
  it('finds fragments of a zone code of the row country, not words the name also has', () => {
    const ex = findExcludedTerms(row('Electricity grid average, South Carolina Electric & Gas Company (US-CAR-SCEG)', 'us', ['US-CAR-SCEG']))
    expect([...(ex?.zone ?? [])].sort()).toEqual(['car', 'sceg'])
    expect(findExcludedTerms(row('Grid mix, CA-AB — UNFCCC 2021', 'ca'))?.zone).toEqual(new Set(['ab']))
    // A hyphenated code that is not a zone of the row's country is a product name.
    expect(findExcludedTerms(row('Oil tank PE-HD (1000l)', 'de'))).toBeNull()
  })
  it('finds the words of an "except" clause that the rest of the name does not repeat', () => {
    expect(findExcludedTerms(row('Office Supplies (except Paper) Manufacturing (NAICS 339940)', 'us'))?.except).toEqual(new Set(['paper']))
    expect(findExcludedTerms(row('Hotels (except Casino Hotels) and Motels (NAICS 721110)', 'us'))?.except).toEqual(new Set(['casino']))
    expect(findExcludedTerms(row('Diesel (average biofuel blend)', 'gb'))).toBeNull()
  })
})
