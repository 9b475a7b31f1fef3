/**
 * The fitted resolve model (docs/resolve.md) in use for a release: the one the release carries
 * (`artifact.resolve_model`, written by the corpus build) when it fits this engine's features, else
 * the host's (EngineOptions.resolveModel). The fit itself is `npm run resolve:train -w
 * @openfactors/engine` (eval/train.ts, training split only), written to model-data.ts, which the
 * engine's entry does not import: a browser gets the model with the data, not with the code.
 */
import { engineError } from '../errors.ts'
import type { LoadedRelease } from '../index/loaded.ts'
import type { ResolveModel } from '../release/resolve-model.ts'
import { CONFIDENCE_INPUTS } from './confidence.ts'
import { FEATURES } from './features.ts'

export type { ResolveModel } from '../release/resolve-model.ts'

/** True when `model` has a weight for each of this engine's features, in its order. */
export function fitsThisEngine(model: ResolveModel): boolean {
  return (
    model.features.length === FEATURES.length &&
    model.features.every((f, i) => f === FEATURES[i]) &&
    model.weights.length === FEATURES.length &&
    model.confidenceWeights.length === CONFIDENCE_INPUTS.length
  )
}

const chosen = new WeakMap<LoadedRelease, ResolveModel>()

/**
 * The model a release is resolved with. Throws when neither the release nor
 * the host has one this engine can use (a release built before engine 0.5.0, in a browser): `release_invalid`.
 */
export function modelFor(release: LoadedRelease, fallback: ResolveModel | undefined): ResolveModel {
  const hit = chosen.get(release)
  if (hit) return hit
  const own = release.artifact.resolve_model
  const model = own && fitsThisEngine(own) ? own : fallback && fitsThisEngine(fallback) ? fallback : undefined
  if (!model) {
    const reason = own ? `its model ${own.version} does not fit this engine's ${FEATURES.length} features` : 'it carries no resolve model'
    throw engineError('release_invalid', `Release ${release.mb_version} cannot be resolved: ${reason}; rebuild the corpus or give the engine a resolveModel.`, {
      reason: `release ${release.mb_version}: ${reason}`,
    })
  }
  chosen.set(release, model)
  return model
}

/**
 * The calibration and accept threshold of a top match: a spend factor's own where the model has
 * them (eval/train.ts fits them apart: one calibration for both made accepted purchase lines right
 * less often than promised, docs/resolve.md).
 */
export function topCalibration(model: Pick<ResolveModel, 'calibration' | 'acceptAt' | 'calibrationSpend' | 'acceptAtSpend'>, spend: boolean): { calibration: ResolveModel['calibration']; acceptAt: number } {
  if (spend && model.calibrationSpend && model.acceptAtSpend !== undefined) return { calibration: model.calibrationSpend, acceptAt: model.acceptAtSpend }
  return { calibration: model.calibration, acceptAt: model.acceptAt }
}

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
