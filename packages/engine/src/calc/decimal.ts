/**
 * The one Decimal constructor every calculation uses. A clone, so no other code (or a
 * bundled copy of decimal.js) can change our precision or rounding by configuring the global.
 *
 * precision 40 significant digits: amounts reach 1e12 and intensities 1e-6, so 40 digits keep
 * every intermediate exact to far beyond what we output. ROUND_HALF_EVEN (banker's rounding)
 * for both intermediates and the output edge, so repeated rounding has no upward drift.
 */
import DecimalJs from 'decimal.js'
import { EngineError } from '../errors.ts'

export const Dec = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_EVEN, toExpNeg: -30, toExpPos: 40 })
export type Dec = InstanceType<typeof Dec>

/** Significant digits kept in every number a calculation response emits. */
export const OUTPUT_SIGNIFICANT_DIGITS = 12

/** A JSON number in, a Decimal out: decimal.js reads the number's shortest string form. */
export function dec(value: number | string | Dec): Dec {
  return new Dec(value)
}

/**
 * Round at the output edge: 12 significant digits, half-even, then to a JS number through the
 * decimal string, so no binary-float artefact (0.1 + 0.2 comes out as 0.3).
 */
export function out(value: Dec): number {
  const n = Number(value.toSignificantDigits(OUTPUT_SIGNIFICANT_DIGITS, Dec.ROUND_HALF_EVEN).toString())
  if (!Number.isFinite(n)) {
    // Only absurd inputs get here (e.g. a denominator of 1e-300); say so instead of emitting null.
    const message = `a result (${value.toExponential(3)}) is outside the range of a JSON number; check the magnitudes of the inputs`
    throw new EngineError('invalid_request', message, { issues: [{ path: '', message }] })
  }
  return Object.is(n, -0) ? 0 : n
}

export function sum(values: Iterable<Dec>): Dec {
  let total = new Dec(0)
  for (const v of values) total = total.plus(v)
  return total
}
