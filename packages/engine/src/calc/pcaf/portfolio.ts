/** Portfolio figures: totals by scope, weighted data quality (A5.2), intensity and coverage (A8). */
import { dec, out, sum, type Dec } from '../decimal.ts'
import type { HoldingFigures } from './holding.ts'
import type { PcafResponse } from './schema.ts'

const MILLION = dec(1_000_000)

function weighted(pairs: Array<{ weight: Dec; score: number | null }>): number | null {
  let num = dec(0)
  let den = dec(0)
  for (const { weight, score } of pairs) {
    if (score === null || weight.isZero()) continue
    num = num.plus(weight.times(score))
    den = den.plus(weight)
  }
  return den.isZero() ? null : out(num.div(den))
}

const total = (figures: HoldingFigures[], pick: (f: HoldingFigures) => Dec | null): Dec =>
  sum(figures.map(pick).filter((v): v is Dec => v !== null))

const reporting = (figures: HoldingFigures[], pick: (f: HoldingFigures) => Dec | null): number => figures.filter((f) => pick(f) !== null).length

/** A scope nobody reported is null, not 0: "no scope 3 data" must not read as "zero scope 3". */
const scopeTotal = (figures: HoldingFigures[], pick: (f: HoldingFigures) => Dec | null): number | null =>
  reporting(figures, pick) === 0 ? null : out(total(figures, pick))

export function portfolioResult(all: HoldingFigures[], currency: string | undefined): PcafResponse['result'] {
  const figures = all.filter((f) => f.inScope)
  const financed = total(figures, (f) => f.financed)
  const outstanding = total(figures, (f) => f.outstanding_for_metrics)
  return {
    financed_emissions: { value: out(financed), unit: 'tCO2e' },
    by_scope: {
      scope_1_2: out(total(figures, (f) => f.scope_1_2)),
      scope_1: scopeTotal(figures, (f) => f.scope_1),
      scope_2: scopeTotal(figures, (f) => f.scope_2),
      scope_3: scopeTotal(figures, (f) => f.scope_3),
    },
    scopes_reported_by: {
      scope_1: reporting(figures, (f) => f.scope_1),
      scope_2: reporting(figures, (f) => f.scope_2),
      scope_3: reporting(figures, (f) => f.scope_3),
    },
    reported_separately: {
      removals: out(total(figures, (f) => f.removals)),
      credits_retired: out(total(figures, (f) => f.credits_retired)),
      credits_generated: out(total(figures, (f) => f.credits_generated)),
    },
    weighted_data_quality_score: weighted(figures.map((f) => ({ weight: f.outstanding_for_metrics, score: f.score }))),
    weighted_data_quality_score_scope_3: weighted(figures.map((f) => ({ weight: f.outstanding_for_metrics, score: f.score_scope_3 }))),
    economic_emission_intensity: {
      value: outstanding.isZero() ? null : out(financed.div(outstanding.div(MILLION))),
      unit: `tCO2e per million ${currency ?? 'currency units'}`,
    },
    coverage: {
      holdings: figures.length,
      holdings_covered: figures.length,
      holdings_out_of_scope: all.length - figures.length,
      outstanding_total: out(outstanding),
      outstanding_covered: out(outstanding),
      ratio: outstanding.isZero() ? null : 1,
    },
  }
}
