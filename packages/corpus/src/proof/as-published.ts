/**
 * Values as published. A spreadsheet stores a binary double and shows at most 15 significant
 * digits (Excel's precision): a cell that holds 2709.7200000000003 is published as 2709.72. Every
 * number read from a dataset is served as the file shows it (`asPublished`), and a derived value
 * (published value × an exact multiplier, e.g. kL → litre, g → kg, lb/MWh → kg/kWh) is computed in
 * decimal from that and rounded to the significant digits its published input carries
 * (`derive`), so no binary-float artefact (2.7097200000000004) reaches a release. The proof
 * compares with the same two functions.
 */
import Decimal from 'decimal.js'

const D = Decimal.clone({ precision: 40 })

/** Significant digits a spreadsheet shows. */
export const PUBLISHED_DIGITS = 15

/** The number as the file shows it: at most 15 significant digits. */
export function asPublished(n: number): number {
  if (!Number.isFinite(n) || n === 0) return n
  return Number(n.toPrecision(PUBLISHED_DIGITS))
}

/** Significant digits of a published number (trailing zeros of an integer do not count). */
export function significantDigits(n: number): number {
  if (!Number.isFinite(n) || n === 0) return 1
  return Math.max(1, new D(asPublished(n)).sd(false))
}

/** published × multiplier (exact decimal string), in decimal, with the published value's precision. */
export function derive(published: number, multiplier: string): number {
  const input = asPublished(published)
  return new D(input).times(new D(multiplier)).toSignificantDigits(significantDigits(input)).toNumber()
}

/** True when a served number carries more digits than any file shows (a binary-float artefact). */
export function isFloatArtefact(n: number): boolean {
  return Number.isFinite(n) && asPublished(n) !== n
}
