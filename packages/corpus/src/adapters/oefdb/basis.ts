/**
 * What a row's description says about its basis (issue 17), carried into name, unit and basis:
 * - "this value is provided in CO2 only and does not include the impact of other GHGs" (AIB,
 *   Climate Transparency grid rows): the value is CO2, not CO2e (`kg CO2 per kWh`);
 * - "Retrieved from 2020 European Residual Mix Report" (AIB): a market-based residual mix, not a
 *   grid (production) mix, whatever the `name` column says;
 * - a spend unit's price basis and year (`EUR (2019, basic price)`).
 */
import type { FactorBasis } from '@openfactors/engine/release'
import { priceBasisOf } from '../../keys/units.ts'

export interface StatedBasis {
  /** Mass part of the total's unit: `CO2e`, or `CO2` where the description says CO2 only. */
  mass: 'CO2e' | 'CO2'
  /** Words added to the name (`, residual mix (market-based)`, ` (CO2 only)`). */
  nameQualifier: string
  basis: FactorBasis | null
}

export function statedBasis(description: string, activityUnit: string, name: string): StatedBasis {
  const co2Only = /provided in CO2 only/i.test(description)
  const residual = /residual mix/i.test(description)
  const price = priceBasisOf(activityUnit)
  const basis: FactorBasis = {
    ...(co2Only ? { ghg: 'co2' as const } : {}),
    ...(residual ? { electricity: 'residual_mix' as const } : {}),
    ...(price ? { price } : {}),
  }
  const words = [residual && !/residual mix/i.test(name) ? 'residual mix (market-based)' : '', co2Only ? 'CO2 only' : ''].filter((w) => w !== '')
  return {
    mass: co2Only ? 'CO2' : 'CO2e',
    nameQualifier: words.length ? ` (${words.join(', ')})` : '',
    basis: Object.keys(basis).length ? basis : null,
  }
}
