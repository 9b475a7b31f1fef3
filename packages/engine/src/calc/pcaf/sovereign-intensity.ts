/**
 * Sovereign emission intensity (docs/pcaf.md A3.7, A9 PA-6; PCAF 2nd ed. Table 5-23): a
 * country's production emissions per unit of GDP. PCAF's sovereign metric uses PPP-adjusted GDP
 * (the same denominator as the sovereign attribution factor); nominal GDP is shown beside it in
 * the standard's table and accepted here for comparison.
 *
 *   intensity = production emissions (tCO2e) / (GDP / 1,000,000)   [tCO2e per million currency units]
 */
import { z } from 'zod'
import { dec, out } from '../decimal.ts'
import { parseRequest } from '../validate.ts'

const finite = z.number().refine((n) => Number.isFinite(n) && Math.abs(n) <= 1e18, 'must be a finite number within ±1e18')

export const SovereignIntensityRequestSchema = z.strictObject({
  /** Production emissions of the country (territorial, scope 1), tCO2e. */
  production_emissions_t: finite.refine((n) => n >= 0, 'must be >= 0'),
  /** GDP in currency units (not millions). */
  gdp: finite.refine((n) => n > 0, 'must be > 0'),
  gdp_basis: z.enum(['ppp_adjusted_gdp', 'nominal_gdp']).default('ppp_adjusted_gdp'),
  /** Currency of the GDP figure (PPP figures are in international dollars, written USD). */
  currency: z.string().regex(/^[A-Z]{3}$/).default('USD'),
})
export type SovereignIntensityRequest = z.input<typeof SovereignIntensityRequestSchema>

export interface SovereignIntensity {
  value: number
  unit: string
  gdp_basis: 'ppp_adjusted_gdp' | 'nominal_gdp'
  formula: string
}

export function sovereignIntensity(input: unknown): SovereignIntensity {
  const req = parseRequest(SovereignIntensityRequestSchema, input, 'sovereign intensity')
  const perMillion = dec(req.production_emissions_t).div(dec(req.gdp).div(dec(1_000_000)))
  return {
    value: out(perMillion),
    unit: `tCO2e per million ${req.currency} (${req.gdp_basis === 'ppp_adjusted_gdp' ? 'PPP-adjusted' : 'nominal'} GDP)`,
    gdp_basis: req.gdp_basis,
    formula: 'intensity = production_emissions_t / (gdp / 1,000,000)',
  }
}
