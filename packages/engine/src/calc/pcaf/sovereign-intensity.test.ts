import { describe, expect, it } from 'vitest'
import { isEngineError } from '../../errors.ts'
import { sovereignIntensity } from './sovereign-intensity.ts'

// docs/pcaf.md A9 PA-6 (PCAF 2nd ed. Table 5-23, 2019 EDGAR data): production emissions (Mt) /
// GDP (USD M) x 1,000, printed to two decimals. Mt -> t is x 1e6, USD M -> USD is x 1e6; the
// printed figure is then tCO2e per USD million / 1,000.
const printed = (mt: number, gdpUsdM: number, basis: 'ppp_adjusted_gdp' | 'nominal_gdp') =>
  Math.round(sovereignIntensity({ production_emissions_t: mt * 1e6, gdp: gdpUsdM * 1e6, gdp_basis: basis }).value / 1000 * 100) / 100

describe('sovereign intensity (docs/pcaf.md A9 PA-6)', () => {
  it('China 11,535 Mt: nominal GDP 14,279,937 -> 0.81; PPP GDP 23,487,798 -> 0.49', () => {
    expect(printed(11_535, 14_279_937, 'nominal_gdp')).toBe(0.81)
    expect(printed(11_535, 23_487_798, 'ppp_adjusted_gdp')).toBe(0.49)
  })

  it('India 2,597 Mt: 2,868,929 -> 0.91; PPP 9,560,220 -> 0.27', () => {
    expect(printed(2_597, 2_868_929, 'nominal_gdp')).toBe(0.91)
    expect(printed(2_597, 9_560_220, 'ppp_adjusted_gdp')).toBe(0.27)
  })

  it('US 5,107 Mt / 21,433,226 -> 0.24 on both bases', () => {
    expect(printed(5_107, 21_433_226, 'nominal_gdp')).toBe(0.24)
    expect(printed(5_107, 21_433_226, 'ppp_adjusted_gdp')).toBe(0.24)
  })

  it('PPP-adjusted GDP is the default basis; the unit names it', () => {
    const res = sovereignIntensity({ production_emissions_t: 11_535e6, gdp: 23_487_798e6 })
    expect(res.gdp_basis).toBe('ppp_adjusted_gdp')
    expect(res.unit).toBe('tCO2e per million USD (PPP-adjusted GDP)')
    expect(res.value).toBe(491.106062816) // 11,535e6 / 23,487,798, 12 significant digits
  })

  it('GDP 0 is invalid_request', () => {
    try {
      sovereignIntensity({ production_emissions_t: 1, gdp: 0 })
      throw new Error('expected invalid_request')
    } catch (e) {
      expect(isEngineError(e) && e.code).toBe('invalid_request')
    }
  })
})
