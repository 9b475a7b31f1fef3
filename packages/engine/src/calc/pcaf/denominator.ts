/**
 * The attribution factor of one holding: denominator rules, edge rules and caps of
 * docs/pcaf.md A3 and A6. Returns Decimal values; rounding happens at the response edge.
 */
import { EngineError } from '../../errors.ts'
import { dec, type Dec } from '../decimal.ts'
import { invalidRequest } from '../validate.ts'
import type { AssetClass, DenominatorType, HoldingInput } from './schema.ts'
import { AF_CAPPED_CLASSES, ALLOWED_DENOMINATORS, CAF_CAPPED_CLASSES, LTV_CLASSES } from './tables.ts'

export interface Flag {
  code: string
  message: string
}

export interface Attribution {
  af: Dec
  /** The factor before a cap, when a cap changed it. */
  uncapped: Dec | null
  /** Denominator value used (after the negative-equity rule), null for an unknown vehicle value. */
  denominator: Dec | null
  flags: Flag[]
}

const ONE = dec(1)

export function checkDenominatorType(assetClass: AssetClass, type: string, holdingId: string): DenominatorType {
  const allowed = ALLOWED_DENOMINATORS[assetClass]
  if (!(allowed as string[]).includes(type)) {
    throw new EngineError(
      'invalid_denominator',
      `Holding ${holdingId}: denominator type "${type}" does not belong to ${assetClass}; allowed: ${allowed.join(', ')}`,
      { asset_class: assetClass, type, allowed: [...allowed], holding: holdingId },
    )
  }
  return type as DenominatorType
}

/** Denominator value after the negative-equity rule (A3.1, A6). */
function denominatorValue(h: HoldingInput, type: DenominatorType, path: string, flags: Flag[]): { value: Dec; equityZeroed: boolean } {
  const value = h.denominator.value
  const parts = h.denominator.components
  if (type === 'total_equity_plus_debt' && parts?.total_equity !== undefined && parts.total_equity < 0) {
    if (parts.total_debt === undefined) {
      throw invalidRequest(`${path}.denominator.components.total_debt`, 'needed to apply the negative-equity rule (equity set to 0)')
    }
    flags.push({
      code: 'negative_equity_set_to_zero',
      message: `Book equity ${parts.total_equity} is negative: set to 0, denominator = total debt ${parts.total_debt}`,
    })
    return { value: dec(parts.total_debt), equityZeroed: true }
  }
  if (value === null) {
    throw invalidRequest(`${path}.denominator.value`, 'required (null is allowed only for vehicle_value_at_origination)')
  }
  if (value <= 0) {
    const hint = type === 'total_equity_plus_debt' ? '; for negative equity pass components.total_equity and components.total_debt' : ''
    const why = type === 'evic' ? 'EVIC is market capitalisation plus book debt and cannot be <= 0 (A6)' : 'must be > 0'
    throw invalidRequest(`${path}.denominator.value`, `${why}${hint}`)
  }
  return { value: dec(value), equityZeroed: false }
}

export function attribute(assetClass: AssetClass, h: HoldingInput, holdingId: string): Attribution {
  const path = `holdings.${holdingId}`
  const type = checkDenominatorType(assetClass, h.denominator.type, holdingId)
  const flags: Flag[] = []
  const outstanding = dec(h.outstanding_amount)

  if (type === 'total_assets') {
    flags.push({ code: 'total_assets_fallback', message: 'Denominator is total assets (fallback when the equity/debt split is not available)' })
  }
  if (h.denominator.value === null && type === 'vehicle_value_at_origination') {
    flags.push({ code: 'vehicle_value_unknown', message: 'Vehicle value at origination unknown: attribution factor set to 1' })
    return { af: outstanding.isZero() ? dec(0) : ONE, uncapped: null, denominator: null, flags: withRepaid(outstanding, flags) }
  }
  if (outstanding.isZero()) {
    const value = h.denominator.value
    return { af: dec(0), uncapped: null, denominator: value === null ? null : dec(value), flags: withRepaid(outstanding, flags) }
  }
  const { value: denominator, equityZeroed } = denominatorValue(h, type, path, flags)
  if (equityZeroed && h.instrument === 'equity') {
    flags.push({ code: 'negative_equity_set_to_zero', message: 'Equity stake in a company with negative equity: attribution factor 0' })
    return { af: dec(0), uncapped: null, denominator, flags }
  }
  if (denominator.isZero()) throw invalidRequest(`${path}.denominator`, 'denominator is 0 after the negative-equity rule')

  let af = outstanding.div(denominator)
  let uncapped: Dec | null = null

  if (CAF_CAPPED_CLASSES.includes(assetClass)) {
    const sec = h.securitization
    if (!sec) throw invalidRequest(`${path}.securitization`, 'required for securitizations: collateral_outstanding and deal_outstanding')
    const caf = dec(sec.collateral_outstanding).div(denominator)
    const share = outstanding.div(dec(sec.deal_outstanding)).times(dec(sec.pool_share))
    const cafUsed = caf.gt(ONE) ? ONE : caf
    if (caf.gt(ONE)) {
      uncapped = caf.times(share)
      flags.push({ code: 'collateral_attribution_capped', message: `Collateral attribution factor ${caf.toString()} capped at 1` })
    }
    af = cafUsed.times(share)
    return { af, uncapped, denominator, flags }
  }
  if (af.gt(ONE)) {
    if (AF_CAPPED_CLASSES.includes(assetClass)) {
      uncapped = af
      af = ONE
      flags.push({ code: 'attribution_capped', message: `Attribution factor ${uncapped.toString()} capped at 1` })
    } else if (LTV_CLASSES.includes(assetClass)) {
      flags.push({ code: 'loan_to_value_above_100', message: `Loan-to-value ${af.times(100).toString()}% is above 100%: attribution factor kept above 1 (not capped)` })
    } else {
      flags.push({ code: 'attribution_above_1', message: `Attribution factor ${af.toString()} is above 1 (no cap in the standard for this class)` })
    }
  }
  return { af, uncapped, denominator, flags }
}

function withRepaid(outstanding: Dec, flags: Flag[]): Flag[] {
  if (outstanding.isZero()) flags.push({ code: 'repaid', message: 'Outstanding amount is 0 (repaid): financed emissions 0' })
  return flags
}
