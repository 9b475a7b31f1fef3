/**
 * PCAF option 3a from the corpus: company emissions estimated as revenue x a spend-based factor
 * (docs/pcaf.md A4: `FE = AF x revenue_c x (GHG_s / revenue_s)`). The factor's unit names its
 * currency and price year (e.g. `kg CO2e per USD (2022, purchaser price)`); both must match the
 * revenue's, because an economic factor applied in another currency or price level is wrong
 * by the exchange rate or the inflation between them (A6).
 */
import { EngineError } from '../../errors.ts'
import { kindOf } from '../../release/schema.ts'
import { sourceOf, type ReleaseView } from '../../release/view.ts'
import type { FactorUsed } from '../common-schema.ts'
import { dec, type Dec } from '../decimal.ts'
import type { HoldingInput } from './schema.ts'

const SPEND_UNIT = /^(g|kg|t) CO2e per ([A-Z]{3})\b(?:\s*\((\d{4})\b[^)]*\))?/

const TONNES_PER: Record<string, string> = { g: '0.000001', kg: '0.001', t: '1' }

export interface SpendEstimate {
  emissions_t: Dec
  factor: FactorUsed
}

export function parseSpendUnit(unit: string): { mass: string; currency: string; price_year: number | null } | null {
  const m = SPEND_UNIT.exec(unit)
  if (!m) return null
  return { mass: m[1]!, currency: m[2]!, price_year: m[3] ? Number(m[3]) : null }
}

export function estimateFromSpend(
  holding: HoldingInput & { revenue: NonNullable<HoldingInput['revenue']>; spend_factor_key: string },
  holdingId: string,
  view: ReleaseView,
): SpendEstimate {
  const key = holding.spend_factor_key
  const row = view.factor(key)
  if (!row) {
    throw new EngineError('unknown_factor', `Holding ${holdingId}: spend_factor_key ${key} is not in data version ${view.mb_version}`, {
      keys: [key],
      candidates: { [key]: view.candidates(key, 5) },
    })
  }
  if (kindOf(row) !== 'emission_factor') {
    throw new EngineError('unknown_factor', `Holding ${holdingId}: ${key} is a ${kindOf(row)}, not an emission factor; calculations use emission factors only`, {
      keys: [key],
    })
  }
  const unit = parseSpendUnit(row.unit)
  if (!unit) {
    throw new EngineError('unknown_factor', `Holding ${holdingId}: ${key} is not a spend-based factor (unit "${row.unit}")`, {
      keys: [key],
    })
  }
  const revenue = holding.revenue
  const given = revenue.price_year === undefined ? revenue.currency : `${revenue.currency} (${revenue.price_year})`
  if (unit.currency !== revenue.currency) {
    throw new EngineError(
      'currency_mismatch',
      `Holding ${holdingId}: factor ${key} is per ${unit.currency} but revenue is in ${revenue.currency}; convert the revenue first`,
      { factor_key: key, factor_unit: row.unit, given, holding: holdingId },
    )
  }
  if (unit.price_year !== null && revenue.price_year !== unit.price_year) {
    throw new EngineError(
      'currency_mismatch',
      `Holding ${holdingId}: factor ${key} is in ${unit.price_year} ${unit.currency}; revenue.price_year must be ${unit.price_year} (got ${revenue.price_year ?? 'none'}) — deflate the revenue first`,
      { factor_key: key, factor_unit: row.unit, given, holding: holdingId },
    )
  }
  const edition = view.edition(row.source_id)
  const source = edition
    ? sourceOf(row, edition, view.mb_version)
    : { id: row.source_id, cell_ref: row.cell_ref, data_version: view.mb_version }
  const emissions_t = dec(revenue.value).times(dec(row.value)).times(TONNES_PER[unit.mass]!)
  return {
    emissions_t,
    factor: { key, name: row.name, value: row.value, unit: row.unit, used_for: `holdings.${holdingId}: option 3a revenue x factor`, user_supplied: false, source },
  }
}
