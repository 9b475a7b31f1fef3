import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { converted, convertValue, gramsToKg, lbPerMwh, LB_PER_MWH_TO_KG_PER_KWH, tonnesToKg } from './us-units.ts'
import { egridSubject, ghgOfHeader, stateSubject } from './us-egrid.ts'
import { isUsNationalLabel, US_STATES } from './us-states.ts'

describe('US unit conversions', () => {
  it('lb/MWh -> kg/kWh uses the exact pound (0.45359237 kg) over 1000', () => {
    expect(new Decimal(LB_PER_MWH_TO_KG_PER_KWH).equals(new Decimal('0.45359237').div(1000))).toBe(true)
    const c = converted(736.629, lbPerMwh('CO2e'))
    expect(c.unit).toBe('kg CO2e per kWh')
    expect(c.published).toEqual({ value: 736.629, unit: 'lb CO2e per MWh', conversion: expect.stringContaining('0.45359237'), multiplier: '0.00045359237' })
    // 736.629 × 0.45359237 / 1000 = 0.33412929392073 exactly; served with the 6 digits the published value carries
    expect(c.value).toBe(0.334129)
  })

  it('computes in decimal, not binary floating point', () => {
    expect(convertValue(0.1, '3')).toBe(0.3)
    expect(0.1 * 3).not.toBe(0.3)
    expect(converted(11, gramsToKg('CH4', 'mmBtu'))).toEqual({ value: 0.011, unit: 'kg CH4 per mmBtu', published: { value: 11, unit: 'g CH4 per mmBtu', conversion: 'g to kg: ÷ 1000', multiplier: '0.001' } })
    expect(converted(0.07, tonnesToKg('CO2e', 'short ton')).value).toBe(70)
  })
})

describe('eGRID subjects', () => {
  it('gives one subject per subregion, state and the national row', () => {
    expect(egridSubject('ERCT')).toBe('egrid_erct')
    expect(egridSubject('U.S.')).toBe('national')
    expect(egridSubject('US Average')).toBe('national')
    expect(stateSubject('TX')).toBe('state_tx')
    expect(isUsNationalLabel('Texas')).toBe(false)
    expect(US_STATES.TX).toBe('Texas')
  })

  it('reads gas headers with Unicode subscripts and the Hub’s wording', () => {
    expect(['CO₂', 'CH₄', 'N₂O', 'CO₂e', 'CH4 Factor', 'Annual NOₓ', 'SO₂'].map(ghgOfHeader)).toEqual(['co2', 'ch4', 'n2o', 'co2e', 'ch4', null, null])
  })
})
