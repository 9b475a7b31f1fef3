/**
 * The fitted resolve model as a release carries it (`artifact.resolve_model`, docs/resolve.md): one
 * weight per feature of a (description, factor) pair, the calibration of the ranker's probability
 * into the probability that a match is right, the confidence from which a match is accepted, and
 * the words of the labelled purchase lines of each industry. The corpus build writes the model
 * fitted by `npm run resolve:train -w @openfactors/engine` into every release, so a browser loads
 * it with the data instead of with the code, and one release gives the same answers everywhere.
 */
import { z } from 'zod'

/** Isotonic knots: ranker probability `x[i]` (increasing) -> probability right `y[i]` (non-decreasing). */
const CalibrationSchema = z.object({ x: z.array(z.number()), y: z.array(z.number()) }).refine((c) => c.x.length === c.y.length, 'x and y differ in length')

export const ResolveModelSchema = z.object({
  /** Version of the table: date of fitting and the feature set's number. */
  version: z.string().min(1),
  /** Feature names, in the order of `weights` (resolve/features.ts must list the same). */
  features: z.array(z.string()),
  weights: z.array(z.number()),
  /** Logistic weights over resolve/confidence.ts inputs: the top match's raw confidence. */
  confidenceWeights: z.array(z.number()),
  /** Calibration of the top match's raw confidence; linear between knots. */
  calibration: CalibrationSchema,
  /** The same for the matches below the top one (their probabilities are spread differently). */
  calibrationBelow: CalibrationSchema,
  /** Calibrated confidence from which a match is accepted (held-out precision >= 95%). */
  acceptAt: z.number().min(0).max(1),
  /**
   * The same two for a top match that is a spend factor, fitted on those alone (models from
   * 2026-11-24 on; without them, `calibration` and `acceptAt` serve every match). An `acceptAtSpend`
   * of 1 accepts none: no confidence reaches it.
   */
  calibrationSpend: CalibrationSchema.optional(),
  acceptAtSpend: z.number().min(0).max(1).optional(),
  /**
   * NAICS code -> words of the training purchase lines an expert labelled with it: each distinct
   * line's words (sorted, no numbers), lines separated by "|".
   */
  learnedWords: z.record(z.string(), z.string()),
})
export type ResolveModel = z.infer<typeof ResolveModelSchema>
