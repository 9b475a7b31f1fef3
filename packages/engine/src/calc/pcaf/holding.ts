/** One holding: data-quality score, emissions, attribution, financed emissions by scope. */
import type { ReleaseView } from '../../release/view.ts'
import type { FactorUsed, Warning } from '../common-schema.ts'
import { dec, out, type Dec } from '../decimal.ts'
import { invalidRequest } from '../validate.ts'
import { attribute } from './denominator.ts'
import { estimateFromSpend } from './option3a.ts'
import type { AssetClass, HoldingInput, HoldingResult, PcafOption } from './schema.ts'
import { DQ_SCORES, NO_AF_OPTIONS } from './tables.ts'

/** Exact (unrounded) figures of a holding, for portfolio sums. */
export interface HoldingFigures {
  financed: Dec
  scope_1: Dec | null
  scope_2: Dec | null
  scope_1_2: Dec
  scope_3: Dec | null
  removals: Dec | null
  credits_retired: Dec | null
  credits_generated: Dec | null
  outstanding_for_metrics: Dec
  score: number | null
  score_scope_3: number | null
  /** false for a guarantee not called: counted nowhere (A3.3). */
  inScope: boolean
}

export interface HoldingOutcome {
  result: HoldingResult
  figures: HoldingFigures
  factor: FactorUsed | null
}

const KG_TO_T = dec('0.001')

function scoreOf(assetClass: AssetClass, h: HoldingInput, path: string, warnings: Warning[]): { score: number; option: string | null } {
  const options: PcafOption[] = h.options ?? (h.option ? [h.option] : [])
  const table = DQ_SCORES[assetClass]
  const noAf = NO_AF_OPTIONS[assetClass] ?? []
  for (const [i, option] of options.entries()) {
    if (noAf.includes(option)) {
      throw invalidRequest(`${path}.${h.options ? `options.${i}` : 'option'}`, `option ${option} computes financed emissions without an attribution factor (outstanding x sector factor); not supported here — estimate company emissions and use option 3a`)
    }
  }
  if (!table) {
    // Use of proceeds / securitizations: outstanding-weighted score of the underlying (A5.1).
    return { score: h.data_quality_score, option: options.join('+') || null }
  }
  if (!Number.isInteger(h.data_quality_score)) throw invalidRequest(`${path}.data_quality_score`, `must be an integer 1-5 for ${assetClass}`)
  if (options.length === 0) return { score: h.data_quality_score, option: null }
  let worst = 0
  for (const [i, option] of options.entries()) {
    const s = table[option]
    if (s === undefined) throw invalidRequest(`${path}.${h.options ? `options.${i}` : 'option'}`, `option ${option} has no score for ${assetClass}`)
    worst = Math.max(worst, s)
  }
  if (options.length > 1) warnings.push({ code: 'worst_option_score', message: `Options ${options.join(', ')} mixed on one line: worst score ${worst} applies` })
  if (worst !== h.data_quality_score) {
    warnings.push({ code: 'dq_score_from_option', message: `data_quality_score ${h.data_quality_score} replaced by ${worst}, the score of option ${options.join('+')} for ${assetClass}` })
  }
  return { score: worst, option: options.join('+') }
}

export function computeHolding(assetClass: AssetClass, h: HoldingInput, index: number, view: ReleaseView): HoldingOutcome {
  const id = String(index)
  const path = `holdings.${id}`
  const warnings: Warning[] = []
  if (h.called !== undefined && h.instrument !== 'guarantee') throw invalidRequest(`${path}.called`, 'only for instrument "guarantee"')
  let { score, option } = scoreOf(assetClass, h, path, warnings)
  if (h.instrument === 'guarantee') {
    if (h.called !== true) return guaranteeNotCalled(h, id, score, option, warnings)
    warnings.push({ code: 'guarantee_called', message: 'Guarantee called and turned into a loan: attributed as debt' })
  }

  let emissions: Dec
  let factor: FactorUsed | null = null
  const ce = h.company_emissions
  if (ce) {
    emissions = ce.unit === 'kgCO2e' ? dec(ce.value).times(KG_TO_T) : dec(ce.value)
    if (h.spend_factor_key) warnings.push({ code: 'spend_factor_ignored', message: 'Reported company_emissions given: spend_factor_key not used' })
  } else if (h.revenue && h.spend_factor_key) {
    if (score !== 4 && score !== 5) throw invalidRequest(`${path}.data_quality_score`, 'an option 3a estimate from revenue scores 4 or 5')
    if (option !== null && option !== '3a') throw invalidRequest(`${path}.option`, 'revenue + spend_factor_key is option 3a')
    option = '3a'
    const estimate = estimateFromSpend({ ...h, revenue: h.revenue, spend_factor_key: h.spend_factor_key }, id, view)
    emissions = estimate.emissions_t
    factor = estimate.factor
    warnings.push({ code: 'option_3a_spend_factor', message: `Company emissions estimated as revenue x ${h.spend_factor_key}` })
  } else {
    throw invalidRequest(`${path}.company_emissions`, 'required (or revenue + spend_factor_key for an option 3a estimate)')
  }

  const attribution = attribute(assetClass, h, id)
  warnings.push(...attribution.flags)
  const af = attribution.af
  const unitScale = ce?.unit === 'kgCO2e' ? KG_TO_T : dec(1)
  const scoped = (v: number | undefined): Dec | null => (v === undefined ? null : af.times(dec(v)).times(unitScale))

  const s1 = scoped(ce?.scope_1)
  const s2 = scoped(ce?.scope_2)
  const s3 = scoped(ce?.scope_3)
  const financed = af.times(emissions)
  const s12 = s1 || s2 ? (s1 ?? dec(0)).plus(s2 ?? dec(0)) : financed
  if (ce && (ce.scope_1 !== undefined || ce.scope_2 !== undefined) && !dec(ce.scope_1 ?? 0).plus(ce.scope_2 ?? 0).eq(ce.value)) {
    warnings.push({ code: 'emissions_value_differs_from_scopes', message: 'company_emissions.value differs from scope_1 + scope_2; the headline uses value, by_scope uses the breakdown' })
  }

  let outstandingForMetrics = dec(h.outstanding_amount)
  let scoreUsed: number | null = score
  const uop = h.use_of_proceeds
  if (assetClass === 'use_of_proceeds' && uop?.structure === 'separate' && uop.allocated_amount !== undefined && attribution.denominator) {
    outstandingForMetrics = outstandingForMetrics.times(dec(uop.allocated_amount)).div(attribution.denominator)
    if (uop.allocated_amount === 0) {
      scoreUsed = null
      warnings.push({ code: 'use_of_proceeds_unallocated', message: 'Nothing allocated yet: no financed emissions counted and no data quality score (A3.8)' })
    }
  }

  const scope3Score = ce?.scope_3 !== undefined ? (h.data_quality_score_scope_3 ?? score) : null
  if (ce?.scope_3 !== undefined && h.data_quality_score_scope_3 === undefined && option?.split('+').includes('2a')) {
    warnings.push({ code: 'option_2a_scope_3', message: 'Option 2a covers scope 1 and 2 only: give data_quality_score_scope_3 for the scope 3 figure (the holding score is used meanwhile)' })
  }
  const separately = (v: number | undefined) => (v === undefined ? null : af.times(dec(v)).times(unitScale))
  const figures: HoldingFigures = {
    financed,
    scope_1: s1,
    scope_2: s2,
    scope_1_2: s12,
    scope_3: s3,
    removals: separately(ce?.removals),
    credits_retired: separately(ce?.credits_retired),
    credits_generated: separately(ce?.credits_generated),
    outstanding_for_metrics: outstandingForMetrics,
    score: scoreUsed,
    score_scope_3: scope3Score,
    inScope: true,
  }

  const by_scope: HoldingResult['by_scope'] = { scope_1_2: out(s12) }
  if (s1) by_scope.scope_1 = out(s1)
  if (s2) by_scope.scope_2 = out(s2)
  if (s3) by_scope.scope_3 = out(s3)
  const reported: NonNullable<HoldingResult['reported_separately']> = {}
  if (figures.removals) reported.removals = out(figures.removals)
  if (figures.credits_retired) reported.credits_retired = out(figures.credits_retired)
  if (figures.credits_generated) reported.credits_generated = out(figures.credits_generated)

  const result: HoldingResult = {
    id,
    ...(h.id_hint !== undefined ? { id_hint: h.id_hint } : {}),
    ...(h.name !== undefined ? { name: h.name } : {}),
    attribution_factor: out(af),
    ...(attribution.uncapped ? { attribution_factor_uncapped: out(attribution.uncapped) } : {}),
    financed_emissions: { value: out(financed), unit: 'tCO2e' },
    by_scope,
    ...(Object.keys(reported).length > 0 ? { reported_separately: reported } : {}),
    outstanding_for_metrics: out(outstandingForMetrics),
    data_quality_score: score,
    ...(scope3Score !== null ? { data_quality_score_scope_3: scope3Score } : {}),
    option,
    denominator: { type: h.denominator.type, value: attribution.denominator ? out(attribution.denominator) : null },
    warnings,
  }
  return { result, figures, factor }
}

/** Guarantees carry no attribution until called and turned into a loan (docs/pcaf.md A3.3). */
function guaranteeNotCalled(h: HoldingInput, id: string, score: number, option: string | null, warnings: Warning[]): HoldingOutcome {
  warnings.push({ code: 'guarantee_not_called', message: 'Guarantee not called: outside PCAF scope, no attribution, financed emissions 0, not counted in coverage or data quality' })
  const zero = dec(0)
  const result: HoldingResult = {
    id,
    ...(h.id_hint !== undefined ? { id_hint: h.id_hint } : {}),
    ...(h.name !== undefined ? { name: h.name } : {}),
    attribution_factor: 0,
    financed_emissions: { value: 0, unit: 'tCO2e' },
    by_scope: { scope_1_2: 0 },
    outstanding_for_metrics: 0,
    data_quality_score: score,
    option,
    denominator: { type: h.denominator.type, value: h.denominator.value },
    out_of_scope: true,
    warnings,
  }
  const figures: HoldingFigures = {
    financed: zero, scope_1: null, scope_2: null, scope_1_2: zero, scope_3: null, removals: null, credits_retired: null, credits_generated: null,
    outstanding_for_metrics: zero, score: null, score_scope_3: null, inScope: false,
  }
  return { result, figures, factor: null }
}
