/**
 * Sequestration and carbonation kept out of the headline (docs/embodied.md B5). The ÖKOBAUDAT
 * 2020-II export publishes GWP-total only, so biogenic uptake cannot be separated from fossil
 * GWP inside one value. The honest rule: a negative published value of a product stage module
 * (A1, A2, A3 where split, else A1-A3) can only be uptake of biogenic carbon; a negative B1 is
 * uptake in use (carbonation). Such values keep their published number and cell, but they are
 * reported in `sequestration` / `carbonation` instead of the headline total. Nothing else moves:
 * the release of stored carbon published in C3/C4 stays in module C.
 */
import type { SourceRefOut, Warning } from '../common-schema.ts'
import { dec, sum, type Dec } from '../decimal.ts'
import type { MaterialSpec } from './material.ts'

export type UptakeKind = 'biogenic_uptake' | 'carbonation'

export interface Uptake {
  kind: UptakeKind
  /** The published module the value comes from (A1, A2, A3, A1-A3 or B1). */
  module: string
  value: Dec
  source?: SourceRefOut
}

export interface Split {
  /** The part of the module value counted in the headline total. */
  counted: Dec
  uptakes: Uptake[]
}

const ZERO = dec(0)

/** A1-A3 of a line: negative sub-modules where A1, A2, A3 are published, else a negative A1-A3 as a whole. */
export function splitProductStage(spec: MaterialSpec, value: Dec, declared: Dec, source: SourceRefOut | undefined): Split {
  if (spec.a1a3Parts) {
    const uptakes: Uptake[] = []
    for (const [module, part] of Object.entries(spec.a1a3Parts)) {
      const v = part.perUnit.times(declared)
      if (v.isNegative() && !v.isZero()) uptakes.push({ kind: 'biogenic_uptake', module, value: v, source: part.source })
    }
    // counted + uptake = the published value exactly, whatever the rounding of the published parts
    return { counted: value.minus(sum(uptakes.map((u) => u.value))), uptakes }
  }
  if (value.isNegative() && !value.isZero()) return { counted: ZERO, uptakes: [{ kind: 'biogenic_uptake', module: 'A1-A3', value, ...(source ? { source } : {}) }] }
  return { counted: value, uptakes: [] }
}

/** B1 of a line: a negative published value is CO2 re-uptake in use (carbonation of concrete, mortar). */
export function splitUse(value: Dec, source: SourceRefOut | undefined): Split {
  if (value.isNegative() && !value.isZero()) return { counted: ZERO, uptakes: [{ kind: 'carbonation', module: 'B1', value, ...(source ? { source } : {}) }] }
  return { counted: value, uptakes: [] }
}

export function uptakeWarnings(materialKey: string, uptakes: Uptake[]): Warning[] {
  return uptakes.map((u) =>
    u.kind === 'biogenic_uptake'
      ? {
          code: 'biogenic_uptake_excluded',
          message: `${materialKey} ${u.module}: published GWP-total is negative (biogenic carbon uptake); reported in sequestration, not in embodied_carbon. The dataset does not publish fossil and biogenic GWP apart, so fossil emissions netted inside this value are not in the headline either.`,
        }
      : {
          code: 'carbonation_excluded',
          message: `${materialKey} B1: published value is negative (CO2 uptake by carbonation in use); reported in carbonation, not in embodied_carbon.`,
        },
  )
}

/** RICS: sequestration counts only where module C (release at end of life) is in the boundary. */
export function countsWithEndOfLife(inBoundary: Set<string>): boolean {
  return inBoundary.has('C3') && inBoundary.has('C4')
}
