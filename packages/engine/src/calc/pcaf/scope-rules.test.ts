import { describe, expect, it } from 'vitest'
import { isEngineError } from '../../errors.ts'
import { testView } from '../../../test/calc-view.ts'
import { calculatePcaf } from './calculate.ts'
import { PcafResponseSchema } from './schema.ts'

const view = testView([])
const loan = (outstanding: number, denominator: number, emissions: Record<string, number>, extra: Record<string, unknown> = {}) => ({
  outstanding_amount: outstanding,
  denominator: { type: 'total_equity_plus_debt', value: denominator },
  company_emissions: emissions,
  data_quality_score: 2,
  ...extra,
})

describe('by_scope: a scope nobody reported is null, not 0', () => {
  it('no breakdown given -> scope_1, scope_2, scope_3 null; scope_1_2 is the headline', () => {
    const res = calculatePcaf({ asset_class: 'business_loans_and_unlisted_equity', holdings: [loan(10, 100, { value: 500 }), loan(20, 100, { value: 100 })] }, view)
    expect(res.result.by_scope).toEqual({ scope_1_2: 70, scope_1: null, scope_2: null, scope_3: null })
    expect(res.result.scopes_reported_by).toEqual({ scope_1: 0, scope_2: 0, scope_3: 0 })
    const json = JSON.parse(JSON.stringify(res))
    expect(PcafResponseSchema.parse(json)).toEqual(json)
  })

  it('a scope reported by some holdings sums those and says how many reported it', () => {
    const res = calculatePcaf(
      { asset_class: 'business_loans_and_unlisted_equity', holdings: [loan(10, 100, { value: 500, scope_3: 2_000 }), loan(20, 100, { value: 100 })] },
      view,
    )
    expect(res.result.by_scope.scope_3).toBe(200)
    expect(res.result.by_scope.scope_1).toBeNull()
    expect(res.result.scopes_reported_by.scope_3).toBe(1)
  })

  it('a reported 0 stays 0 (reported, not missing)', () => {
    const res = calculatePcaf({ asset_class: 'business_loans_and_unlisted_equity', holdings: [loan(10, 100, { value: 0, scope_1: 0, scope_2: 0, scope_3: 0 })] }, view)
    expect(res.result.by_scope).toEqual({ scope_1_2: 0, scope_1: 0, scope_2: 0, scope_3: 0 })
  })
})

describe('guarantees (docs/pcaf.md A3.3: no attribution until called)', () => {
  const guarantee = (called?: boolean) => ({
    outstanding_amount: 50,
    denominator: { type: 'total_equity_plus_debt', value: 100 },
    data_quality_score: 3,
    instrument: 'guarantee',
    ...(called !== undefined ? { called } : {}),
  })

  it('a guarantee not called is out of scope: FE 0, no AF, not in coverage, data quality or intensity', () => {
    const res = calculatePcaf({ asset_class: 'project_finance', currency: 'EUR', holdings: [loan(10, 100, { value: 1_000 }), guarantee(false), guarantee()] }, view)
    const [, notCalled, unsaid] = res.holdings
    for (const h of [notCalled!, unsaid!]) {
      expect(h).toMatchObject({ attribution_factor: 0, financed_emissions: { value: 0 }, outstanding_for_metrics: 0, out_of_scope: true })
      expect(h.warnings.map((w) => w.code)).toEqual(['guarantee_not_called'])
    }
    expect(res.result.financed_emissions.value).toBe(100)
    expect(res.result.coverage).toEqual({ holdings: 1, holdings_covered: 1, holdings_out_of_scope: 2, outstanding_total: 10, outstanding_covered: 10, ratio: 1 })
    expect(res.result.weighted_data_quality_score).toBe(2)
    expect(res.result.economic_emission_intensity.value).toBe(10_000_000) // 100 t / (10 / 1e6)
    expect(res.audit.rules_applied).toContainEqual(expect.objectContaining({ rule: 'guarantee_not_called', holdings: ['1', '2'], source: expect.stringContaining('A3.3') }))
    const json = JSON.parse(JSON.stringify(res))
    expect(PcafResponseSchema.parse(json)).toEqual(json)
  })

  it('a called guarantee is a loan: attributed as debt (needs emissions)', () => {
    const res = calculatePcaf({ asset_class: 'project_finance', holdings: [{ ...guarantee(true), company_emissions: { value: 1_000 } }] }, view)
    expect(res.holdings[0]).toMatchObject({ attribution_factor: 0.5, financed_emissions: { value: 500 } })
    expect(res.holdings[0]!.out_of_scope).toBeUndefined()
    expect(res.holdings[0]!.warnings.map((w) => w.code)).toEqual(['guarantee_called'])
    expect(res.result.coverage.holdings_out_of_scope).toBe(0)
  })

  it('`called` on anything but a guarantee is invalid_request', () => {
    try {
      calculatePcaf({ asset_class: 'project_finance', holdings: [loan(1, 10, { value: 1 }, { instrument: 'debt', called: true })] }, view)
      throw new Error('expected invalid_request')
    } catch (e) {
      expect(isEngineError(e) && e.code).toBe('invalid_request')
      expect(isEngineError(e) && JSON.stringify(e.data)).toContain('holdings.0.called')
    }
  })
})

describe('use of proceeds (docs/pcaf.md A9 PA-8)', () => {
  it('investor holds 50 of a separate structure (equity + debt 100) that allocated 10 -> outstanding for metrics 50 x 10/100 = 5', () => {
    const res = calculatePcaf(
      {
        asset_class: 'use_of_proceeds',
        currency: 'EUR',
        holdings: [{ ...loan(50, 100, { value: 40 }), use_of_proceeds: { structure: 'separate', allocated_amount: 10 } }],
      },
      view,
    )
    expect(res.holdings[0]!.outstanding_for_metrics).toBe(5)
    expect(res.holdings[0]!.attribution_factor).toBe(0.5)
    expect(res.result.coverage.outstanding_total).toBe(5)
    expect(res.result.economic_emission_intensity).toEqual({ value: 4_000_000, unit: 'tCO2e per million EUR' }) // 20 t / (5 / 1e6)
    expect(res.audit.formula['outstanding_for_metrics']).toContain('allocated_amount')
  })
})
