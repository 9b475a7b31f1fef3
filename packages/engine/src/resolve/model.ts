/**
 * The fitted resolve model (docs/resolve.md): one weight per feature of a (description, factor)
 * pair, the calibration of the ranker's probability into the probability that a match is right,
 * the confidence from which a match is accepted, and the words of each industry that spend
 * factors are matched by. Fitted by `npm run resolve:train -w @openfactors/engine` (eval/train.ts)
 * on the training split only; the table ships with the engine (model-data.ts).
 */
import { MODEL } from './model-data.ts'

export interface ResolveModel {
  /** Version of the table: date of fitting and the feature set's number. */
  version: string
  /** Feature names, in the order of `weights` (resolve/features.ts must list the same). */
  features: readonly string[]
  weights: readonly number[]
  /** Logistic weights over resolve/confidence.ts inputs: the top match's raw confidence. */
  confidenceWeights: readonly number[]
  /**
   * Isotonic calibration of the top match's raw confidence: ranker probability `x[i]` (increasing) -> probability
   * right `y[i]` (non-decreasing); linear between knots.
   */
  calibration: { x: readonly number[]; y: readonly number[] }
  /** The same for the matches below the top one (their probabilities are spread differently). */
  calibrationBelow: { x: readonly number[]; y: readonly number[] }
  /** Calibrated confidence from which a match is accepted (held-out precision >= 95%). */
  acceptAt: number
  /**
   * NAICS code -> words of the training purchase lines an expert labelled with it: each distinct
   * line's words (sorted, no numbers), lines separated by "|".
   */
  learnedWords: Readonly<Record<string, string>>
}

export const RESOLVE_MODEL: ResolveModel = MODEL

/** Calibrated probability for a ranker probability `p` (piecewise linear over the knots). */
export function calibrated(calibration: ResolveModel['calibration'], p: number): number {
  const { x, y } = calibration
  const n = x.length
  if (n === 0) return p
  if (p <= (x[0] ?? 0)) return y[0] ?? 0
  if (p >= (x[n - 1] ?? 1)) return y[n - 1] ?? 1
  let lo = 0
  let hi = n - 1
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if ((x[mid] ?? 0) <= p) lo = mid
    else hi = mid
  }
  const x0 = x[lo] ?? 0
  const x1 = x[hi] ?? 1
  const y0 = y[lo] ?? 0
  const y1 = y[hi] ?? 1
  return x1 === x0 ? y1 : y0 + ((p - x0) / (x1 - x0)) * (y1 - y0)
}
