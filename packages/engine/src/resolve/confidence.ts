/**
 * Inputs of the top match's confidence (a logistic model over them, then isotonic calibration;
 * fitted out of fold by eval/train.ts). The ranker's probability of the top match alone
 * understates it where the source publishes the same thing twice (two equally right rows share
 * the probability), so the shares of the next matches and the score gap count too, with what the
 * top match covers.
 */
import { featureIndex } from './features.ts'
import type { Scored } from './rank.ts'

export const CONFIDENCE_INPUTS = ['bias', 'log_p1', 'log_p12', 'log_p123', 'gap', 'coverage_full', 'geo_exact', 'unit_exact', 'spend_row', 'uncovered', 'mismatch'] as const

const at = {
  coverageFull: featureIndex('coverage_full'),
  geoExact: featureIndex('geo_exact'),
  geoExactRegion: featureIndex('geo_exact_region'),
  materialGeoExact: featureIndex('material_geo_exact'),
  unitExact: featureIndex('unit_exact'),
  materialUnitExact: featureIndex('material_unit_exact'),
  unaskedWasteUnitExact: featureIndex('unasked_waste_unit_exact'),
  refrigerantUnitExact: featureIndex('refrigerant_unit_exact'),
  spend: featureIndex('spend_row'),
  uncovered: featureIndex('uncovered'),
  geoMismatch: featureIndex('geo_mismatch'),
  materialGeoMismatch: featureIndex('material_geo_mismatch'),
  unitMismatch: featureIndex('unit_mismatch'),
}

export function confidenceInputs(top: readonly Scored[], probability: readonly number[]): number[] {
  const best = top[0]
  if (!best) return CONFIDENCE_INPUTS.map(() => 0)
  const p1 = probability[0] ?? 0
  const p2 = probability[1] ?? 0
  const p3 = probability[2] ?? 0
  const x = best.x
  return [
    1,
    Math.log(p1 + 1e-6),
    Math.log(p1 + p2 + 1e-6),
    Math.log(p1 + p2 + p3 + 1e-6),
    top[1] ? Math.min(10, best.score - top[1].score) : 10,
    x[at.coverageFull] ?? 0,
    Math.max(x[at.geoExact] ?? 0, x[at.geoExactRegion] ?? 0, x[at.materialGeoExact] ?? 0),
    Math.max(x[at.unitExact] ?? 0, x[at.materialUnitExact] ?? 0, x[at.unaskedWasteUnitExact] ?? 0, x[at.refrigerantUnitExact] ?? 0),
    x[at.spend] ?? 0,
    Math.min(5, x[at.uncovered] ?? 0),
    // The place or the unit named and not met, as one input: training has few top matches missing
    // the unit (4-5 of 1,158), too few to fit a weight of their own (it fell to -0.03 with one case fewer).
    Math.max(x[at.geoMismatch] ?? 0, x[at.materialGeoMismatch] ?? 0, x[at.unitMismatch] ?? 0),
  ]
}

const SPEND_INPUT = CONFIDENCE_INPUTS.indexOf('spend_row')

/** Whether the top match of these inputs is a spend factor: its calibration and threshold are its own (resolve/model.ts). */
export function spendTop(inputs: readonly number[]): boolean {
  return (inputs[SPEND_INPUT] ?? 0) > 0
}

/** A confidence as resolve answers it: 3 places, within 0.001-0.999 (finite evidence is never certain either way). */
export function answeredConfidence(x: number): number {
  return Math.max(0.001, Math.min(0.999, Math.round(x * 1000) / 1000))
}

/** Logistic model of the inputs: probability before isotonic calibration. */
export function confidenceScore(weights: readonly number[], inputs: readonly number[]): number {
  let z = 0
  inputs.forEach((v, i) => (z += v * (weights[i] ?? 0)))
  return 1 / (1 + Math.exp(-z))
}
