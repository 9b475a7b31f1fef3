import { describe, expect, it } from 'vitest'
import { hasCanonicalUnit, perGasKeys, summarizeSkipped } from './report.ts'

describe('perGasKeys', () => {
  it('counts a key as per-gas only when a total key differs from it by a gas suffix', () => {
    const keys = new Set([
      'fuels.gb.diesel.litres',
      'fuels.gb.diesel.litres_co2',
      'fuels.gb.diesel.litres_ch4',
      'fuels.gb.diesel.litres_n2o',
      'spend.us.naics_111110.with_margins',
      'spend.us.naics_111110.with_margins_hfc_134a',
      'electricity.af.grid.ifi_om_co2', // no total beside it
      'fuels.gb.co2.litres', // gas word in the subject, not a suffix
    ])
    expect([...perGasKeys(keys)].sort()).toEqual([
      'fuels.gb.diesel.litres_ch4',
      'fuels.gb.diesel.litres_co2',
      'fuels.gb.diesel.litres_n2o',
      'spend.us.naics_111110.with_margins_hfc_134a',
    ])
  })
})

describe('summarizeSkipped', () => {
  it('groups by reason with a few examples', () => {
    const s = summarizeSkipped([
      { reason: 'empty_value', where: 'a' },
      { reason: 'empty_value', where: 'b' },
      { reason: 'empty_value', where: 'c' },
      { reason: 'empty_value', where: 'd' },
      { reason: 'not_estimated', where: 'e', detail: 'NE' },
    ])
    expect(s.empty_value?.count).toBe(4)
    expect(s.empty_value?.examples.map((x) => x.where)).toEqual(['a', 'b', 'c'])
    expect(s.not_estimated).toEqual({ count: 1, examples: [{ reason: 'not_estimated', where: 'e', detail: 'NE' }] })
  })
})

describe('hasCanonicalUnit', () => {
  it('accepts canonical activity units and currency units, and flags the rest', () => {
    expect(hasCanonicalUnit('kg CO2e per litre')).toBe(true)
    expect(hasCanonicalUnit('kg CH4 per USD (2022, purchaser price)')).toBe(true)
    expect(hasCanonicalUnit('kg CO2e per EUR (2019, basic price)')).toBe(true)
    expect(hasCanonicalUnit('kg CO2e per litres')).toBe(false)
    expect(hasCanonicalUnit('kg CO2e per 3.5999712002304 MJ')).toBe(false)
    expect(hasCanonicalUnit('lb CO2 per MWh')).toBe(false)
  })
})
