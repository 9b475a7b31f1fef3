/** calculatePcaf: validated request -> holdings -> portfolio -> audit -> receipted response. */
import type { ReleaseView } from '../../release/view.ts'
import type { CalcContext, Credit, FactorUsed } from '../common-schema.ts'
import { OUTPUT_SIGNIFICANT_DIGITS } from '../decimal.ts'
import { attributionOf, creditsFor, finishResponse } from '../respond.ts'
import { invalidRequest, parseRequest } from '../validate.ts'
import { computeHolding, type HoldingFigures } from './holding.ts'
import { portfolioResult } from './portfolio.ts'
import { PcafRequestSchema, type HoldingResult, type PcafRequestParsed, type PcafResponse } from './schema.ts'
import { CLASS_SECTIONS, EDITION_TITLES, RULE_SOURCES } from './tables.ts'

const FORMULAS: Record<string, string> = {
  attribution_factor: 'attribution_factor = outstanding_amount / denominator.value',
  financed_emissions: 'financed_emissions = attribution_factor x company_emissions.value (tCO2e)',
  by_scope: 'financed_scope_x = attribution_factor x company_emissions.scope_x; scope_1_2 = scope_1 + scope_2; scope 3 never added to scope 1+2',
  total_financed_emissions: 'result.financed_emissions = sum over holdings of financed_emissions',
  weighted_data_quality_score: 'sum_i (outstanding_i x score_i) / sum_i outstanding_i over holdings with a score and outstanding > 0 (scope 3 weighted separately)',
  economic_emission_intensity: 'sum_i financed_emissions_i / (sum_i outstanding_i / 1,000,000)',
}

const EXTRA_FORMULAS: Record<string, Record<string, string>> = {
  securitizations: { attribution_factor: 'attribution_factor = min(1, collateral_outstanding / denominator.value) x pool_share x outstanding_amount / deal_outstanding' },
  use_of_proceeds: { outstanding_for_metrics: 'separate structure: outstanding_amount x allocated_amount / denominator.value; integrated: outstanding_amount' },
  sub_sovereign_debt: { attribution_factor: 'attribution_factor = min(1, outstanding_amount / ppp_adjusted_gdp)' },
}

const OPTION_3A_FORMULA = 'option 3a: company_emissions (tCO2e) = revenue.value x spend factor (mass CO2e per currency unit of the price year) converted to t'

function checkEditionAndCurrency(req: PcafRequestParsed): void {
  if (CLASS_SECTIONS[req.asset_class][req.edition] === null) {
    throw invalidRequest('edition', `${req.asset_class} is not covered by the ${req.edition} edition of PCAF Part A; use edition "3rd"`)
  }
  if (!req.currency) return
  for (const [i, h] of req.holdings.entries()) {
    if (h.currency && h.currency !== req.currency) {
      throw invalidRequest(`holdings.${i}.currency`, `${h.currency} differs from the portfolio currency ${req.currency}; convert amounts first (numerator and denominator in one currency, A6)`)
    }
  }
}

function rulesApplied(holdings: HoldingResult[]): PcafResponse['audit']['rules_applied'] {
  const byRule = new Map<string, string[]>()
  for (const h of holdings) {
    for (const w of h.warnings) {
      const list = byRule.get(w.code) ?? []
      if (list[list.length - 1] !== h.id) list.push(h.id)
      byRule.set(w.code, list)
    }
  }
  return [...byRule.entries()].map(([rule, ids]) => ({ rule, holdings: ids, source: RULE_SOURCES[rule] ?? 'engine rule' }))
}

/** The PCAF request checked against its schema (throws invalid_request). */
export function parsePcafRequest(input: unknown): PcafRequestParsed {
  return parseRequest(PcafRequestSchema, input, 'PCAF')
}

export function calculatePcaf(input: unknown, view: ReleaseView, ctx: CalcContext = {}): PcafResponse {
  const req = parsePcafRequest(input)
  checkEditionAndCurrency(req)

  const results: HoldingResult[] = []
  const figures: HoldingFigures[] = []
  const factors: FactorUsed[] = []
  for (const [i, h] of req.holdings.entries()) {
    const outcome = computeHolding(req.asset_class, h, i, view)
    results.push(outcome.result)
    figures.push(outcome.figures)
    if (outcome.factor) factors.push(outcome.factor)
  }

  const edition = EDITION_TITLES[req.edition]
  const section = CLASS_SECTIONS[req.asset_class][req.edition]!
  const methodology_source = {
    id: edition.id,
    cell_ref: `PCAF Part A, ${req.edition} edition (${edition.published}), section ${section.section} (${section.pages}); data quality: section 6 / Annex 10.1`,
    title: edition.title,
  }
  const methodologyCredit: Credit = {
    source_id: edition.id,
    title: edition.title,
    publisher: 'Partnership for Carbon Accounting Financials (PCAF)',
    license: null,
    attribution: `Methodology: ${edition.title} (${edition.published}), section ${section.section}`,
  }
  const formula: Record<string, string> = { ...FORMULAS, ...(EXTRA_FORMULAS[req.asset_class] ?? {}) }
  if (factors.length > 0) formula['company_emissions_option_3a'] = OPTION_3A_FORMULA

  const body = {
    result: portfolioResult(figures, req.currency),
    holdings: results,
    audit: {
      formula,
      methodology_source,
      factors_used: factors,
      rules_applied: rulesApplied(results),
      rounding: `Decimal arithmetic (40 significant digits, half-even); every output number rounded once to ${OUTPUT_SIGNIFICANT_DIGITS} significant digits, half-even`,
    },
    attribution: attributionOf(ctx, creditsFor(view, factors, [methodologyCredit])),
  }
  return finishResponse(req as unknown as Record<string, unknown>, body, view, req.as_of, ctx)
}
