import { describe, expect, it } from 'vitest'
import { isEngineError, type ErrorCode } from '../../errors.ts'
import type { FactorRow } from '../../release/schema.ts'
import { TEST_EDITION, testView } from '../../../test/calc-view.ts'
import { calculatePcaf } from './calculate.ts'

const view = testView([])

function holding(outstanding: number, denominator: number, emissions: number, extra: Record<string, unknown> = {}) {
  return { outstanding_amount: outstanding, denominator: { type: 'evic', value: denominator }, company_emissions: { value: emissions }, data_quality_score: 2, ...extra }
}

function errorOf(fn: () => unknown): { code: ErrorCode; data: unknown; message: string } {
  try {
    fn()
  } catch (e) {
    if (isEngineError(e)) return { code: e.code, data: e.data, message: e.message }
    throw e
  }
  throw new Error('expected an EngineError')
}

describe('PCAF worked examples (docs/pcaf.md A9)', () => {
  it('PA-1: portfolio by scope, removals and credits kept apart', () => {
    const companies = [
      { af: 10, s1: 1_000, s2: 100, s3: 5_000, removals: 20_000, retired: 0, generated: 5_000 },
      { af: 25, s1: 20_000, s2: 5_000, s3: 30_000, removals: 0, retired: 25_000, generated: 0 },
      { af: 20, s1: 5_000, s2: 0, s3: 10_000, removals: 1_000, retired: 5_000, generated: 500 },
    ]
    const res = calculatePcaf(
      {
        asset_class: 'listed_equity_and_corporate_bonds',
        holdings: companies.map((c) => ({
          outstanding_amount: c.af,
          denominator: { type: 'evic', value: 100 },
          company_emissions: { value: c.s1 + c.s2, scope_1: c.s1, scope_2: c.s2, scope_3: c.s3, removals: c.removals, credits_retired: c.retired, credits_generated: c.generated },
          data_quality_score: 1,
          option: '1a',
        })),
      },
      view,
    )
    expect(res.result.by_scope).toEqual({ scope_1_2: 7_360, scope_1: 6_100, scope_2: 1_260, scope_3: 10_000 })
    expect(res.result.reported_separately).toEqual({ removals: 2_200, credits_retired: 7_250, credits_generated: 600 })
    expect(res.result.financed_emissions).toEqual({ value: 7_360, unit: 'tCO2e' })
    expect(res.holdings.map((h) => h.attribution_factor)).toEqual([0.1, 0.25, 0.2])
  })

  it('PA-2: EVIC keeps cash so equity and debt holders together receive 100%', () => {
    const ev = calculatePcaf({ asset_class: 'listed_equity_and_corporate_bonds', holdings: [holding(50, 80, 1), holding(50, 80, 1)] }, view)
    const evic = calculatePcaf({ asset_class: 'listed_equity_and_corporate_bonds', holdings: [holding(50, 100, 1), holding(50, 100, 1)] }, view)
    expect(ev.holdings.map((h) => h.attribution_factor)).toEqual([0.625, 0.625])
    expect(ev.result.financed_emissions.value).toBe(1.25)
    expect(evic.result.financed_emissions.value).toBe(1)
  })
})

describe('PCAF rules (docs/pcaf.md A3, A5)', () => {
  it('repaid loan: outstanding 0 gives financed emissions 0 and a warning', () => {
    const res = calculatePcaf({ asset_class: 'business_loans_and_unlisted_equity', holdings: [{ ...holding(0, 500, 1_000), denominator: { type: 'total_equity_plus_debt', value: 500 } }] }, view)
    expect(res.holdings[0]!.financed_emissions.value).toBe(0)
    expect(res.holdings[0]!.warnings.map((w) => w.code)).toContain('repaid')
  })

  it('motor vehicles: mixed options 1b + 3a give the worst score, 4', () => {
    const res = calculatePcaf(
      { asset_class: 'motor_vehicle_loans', holdings: [{ outstanding_amount: 10_000, denominator: { type: 'vehicle_value_at_origination', value: 25_000 }, company_emissions: { value: 2 }, data_quality_score: 1, options: ['1b', '3a'] }] },
      view,
    )
    expect(res.holdings[0]!.data_quality_score).toBe(4)
    expect(res.holdings[0]!.option).toBe('1b+3a')
    expect(res.result.weighted_data_quality_score).toBe(4)
    expect(res.holdings[0]!.attribution_factor).toBe(0.4)
  })

  it('motor vehicles: unknown value at origination -> attribution factor 1, flagged', () => {
    const res = calculatePcaf({ asset_class: 'motor_vehicle_loans', holdings: [{ outstanding_amount: 8_000, denominator: { type: 'vehicle_value_at_origination', value: null }, company_emissions: { value: 3 }, data_quality_score: 4 }] }, view)
    expect(res.holdings[0]!.attribution_factor).toBe(1)
    expect(res.holdings[0]!.financed_emissions.value).toBe(3)
    expect(res.holdings[0]!.warnings.map((w) => w.code)).toEqual(['vehicle_value_unknown'])
  })

  it('sub-sovereign: AF 1.3 capped to 1, flagged, the uncapped factor kept', () => {
    const res = calculatePcaf({ asset_class: 'sub_sovereign_debt', holdings: [{ outstanding_amount: 130, denominator: { type: 'ppp_adjusted_gdp', value: 100 }, company_emissions: { value: 50 }, data_quality_score: 2, option: '1b' }] }, view)
    const h = res.holdings[0]!
    expect(h.attribution_factor).toBe(1)
    expect(h.attribution_factor_uncapped).toBe(1.3)
    expect(h.financed_emissions.value).toBe(50)
    expect(h.warnings.map((w) => w.code)).toContain('attribution_capped')
    expect(res.audit.rules_applied.find((r) => r.rule === 'attribution_capped')?.holdings).toEqual(['0'])
  })

  it('securitisation: collateral attribution factor above 1 is capped at 1', () => {
    const res = calculatePcaf(
      {
        asset_class: 'securitizations',
        holdings: [{ outstanding_amount: 10, denominator: { type: 'property_value_at_origination', value: 200 }, securitization: { collateral_outstanding: 240, deal_outstanding: 100 }, company_emissions: { value: 30 }, data_quality_score: 3.5 }],
      },
      view,
    )
    const h = res.holdings[0]!
    expect(h.attribution_factor).toBe(0.1) // min(1, 240/200) x 10/100
    expect(h.attribution_factor_uncapped).toBe(0.12)
    expect(h.financed_emissions.value).toBe(3)
    expect(h.warnings.map((w) => w.code)).toContain('collateral_attribution_capped')
    expect(h.data_quality_score).toBe(3.5)
  })

  it('mortgage: loan-to-value 105% -> AF 1.05, flagged, not capped', () => {
    const res = calculatePcaf({ asset_class: 'mortgages', holdings: [{ outstanding_amount: 210_000, denominator: { type: 'property_value_at_origination', value: 200_000 }, company_emissions: { value: 4 }, data_quality_score: 3, option: '2a' }] }, view)
    const h = res.holdings[0]!
    expect(h.attribution_factor).toBe(1.05)
    expect(h.attribution_factor_uncapped).toBeUndefined()
    expect(h.financed_emissions.value).toBe(4.2)
    expect(h.warnings.map((w) => w.code)).toEqual(['loan_to_value_above_100'])
  })

  it('negative equity: set to 0, debt holder takes the emissions, equity stake gets 0', () => {
    const components = { total_equity: -50, total_debt: 200 }
    const res = calculatePcaf(
      {
        asset_class: 'business_loans_and_unlisted_equity',
        holdings: [
          { outstanding_amount: 100, denominator: { type: 'total_equity_plus_debt', value: 150, components }, company_emissions: { value: 80 }, data_quality_score: 2, instrument: 'debt' },
          { outstanding_amount: 10, denominator: { type: 'total_equity_plus_debt', value: 150, components }, company_emissions: { value: 80 }, data_quality_score: 2, instrument: 'equity' },
        ],
      },
      view,
    )
    expect(res.holdings[0]!.attribution_factor).toBe(0.5)
    expect(res.holdings[0]!.denominator.value).toBe(200)
    expect(res.holdings[1]!.attribution_factor).toBe(0)
    expect(res.holdings.every((h) => h.warnings.some((w) => w.code === 'negative_equity_set_to_zero'))).toBe(true)
  })

  it('total assets fallback is flagged; EVIC <= 0 is invalid_request; a foreign denominator type names the allowed ones', () => {
    const fallback = calculatePcaf({ asset_class: 'business_loans_and_unlisted_equity', holdings: [{ ...holding(10, 100, 5), denominator: { type: 'total_assets', value: 100 } }] }, view)
    expect(fallback.holdings[0]!.warnings.map((w) => w.code)).toEqual(['total_assets_fallback'])

    const evic = errorOf(() => calculatePcaf({ asset_class: 'listed_equity_and_corporate_bonds', holdings: [holding(10, 0, 5)] }, view))
    expect(evic.code).toBe('invalid_request')
    expect(evic.data).toEqual({ issues: [{ path: 'holdings.0.denominator.value', message: expect.stringContaining('EVIC') }] })

    const wrong = errorOf(() => calculatePcaf({ asset_class: 'mortgages', holdings: [holding(10, 100, 5)] }, view))
    expect(wrong.code).toBe('invalid_denominator')
    expect(wrong.data).toEqual({ asset_class: 'mortgages', type: 'evic', allowed: ['property_value_at_origination'], holding: '0' })
  })

  it('schema errors carry dotted paths', () => {
    const err = errorOf(() => calculatePcaf({ asset_class: 'listed_equity_and_corporate_bonds', holdings: [{ outstanding_amount: -1, denominator: { type: 'evic', value: 1 }, data_quality_score: 9 }] }, view))
    expect(err.code).toBe('invalid_request')
    const paths = (err.data as { issues: Array<{ path: string }> }).issues.map((i) => i.path)
    expect(paths).toEqual(expect.arrayContaining(['holdings.0.outstanding_amount', 'holdings.0.data_quality_score']))
  })

  it('3rd-edition classes are refused under the 2nd edition; sovereign cites section 5.7 (2nd) and 5.9 (3rd)', () => {
    expect(errorOf(() => calculatePcaf({ asset_class: 'sub_sovereign_debt', edition: '2nd', holdings: [holding(1, 10, 1)] }, view)).code).toBe('invalid_request')
    const sov = (edition: '2nd' | '3rd') =>
      calculatePcaf({ asset_class: 'sovereign_debt', edition, holdings: [{ outstanding_amount: 1, denominator: { type: 'ppp_adjusted_gdp', value: 1000 }, company_emissions: { value: 1 }, data_quality_score: 1 }] }, view)
    expect(sov('2nd').audit.methodology_source.cell_ref).toContain('section 5.7')
    expect(sov('3rd').audit.methodology_source).toMatchObject({ id: 'pcaf-part-a-3rd-ed', cell_ref: expect.stringContaining('section 5.9') })
  })

  it('option 2a with a scope 3 figure and no scope 3 score is flagged', () => {
    const res = calculatePcaf({ asset_class: 'listed_equity_and_corporate_bonds', holdings: [{ ...holding(1, 10, 5), company_emissions: { value: 5, scope_3: 50 }, option: '2a' }] }, view)
    expect(res.holdings[0]!.warnings.map((w) => w.code)).toEqual(['option_2a_scope_3'])
    expect(res.holdings[0]!.by_scope).toEqual({ scope_1_2: 0.5, scope_3: 5 })
  })

  it('weighted data quality is outstanding-weighted; scope 3 scored separately; intensity per million', () => {
    const res = calculatePcaf(
      {
        asset_class: 'listed_equity_and_corporate_bonds',
        currency: 'EUR',
        holdings: [
          { ...holding(1_000_000, 10_000_000, 500), data_quality_score: 2, company_emissions: { value: 500, scope_3: 900 }, data_quality_score_scope_3: 5 },
          { ...holding(3_000_000, 10_000_000, 100), data_quality_score: 4 },
        ],
      },
      view,
    )
    expect(res.result.weighted_data_quality_score).toBe(3.5)
    expect(res.result.weighted_data_quality_score_scope_3).toBe(5)
    expect(res.result.financed_emissions.value).toBe(80) // 0.1 x 500 + 0.3 x 100
    expect(res.result.by_scope.scope_3).toBe(90)
    expect(res.result.economic_emission_intensity).toEqual({ value: 20, unit: 'tCO2e per million EUR' })
  })

  it('kgCO2e input is converted to t; outputs carry no binary-float artefacts (0.1 + 0.2 = 0.3)', () => {
    const res = calculatePcaf({ asset_class: 'listed_equity_and_corporate_bonds', holdings: [holding(1, 1, 0.1), holding(1, 1, 0.2), { ...holding(1, 3, 0), company_emissions: { value: 1000, unit: 'kgCO2e' } }] }, view)
    expect(res.result.financed_emissions.value).toBe(0.633333333333)
    const two = calculatePcaf({ asset_class: 'listed_equity_and_corporate_bonds', holdings: [holding(1, 1, 0.1), holding(1, 1, 0.2)] }, view)
    expect(two.result.financed_emissions.value).toBe(0.3)
  })
})

describe('PCAF option 3a from a spend factor', () => {
  const spend: FactorRow = {
    key: 'spend.us.cement_manufacturing.naics_supply_chain',
    name: 'Cement manufacturing',
    value: 1.5,
    unit: 'kg CO2e per USD (2022, purchaser price)',
    scope: 'scope_3',
    section: 'Supply chain',
    country: 'us',
    source_id: TEST_EDITION.id,
    cell_ref: 'test.csv#L7:Supply Chain Emission Factors with Margins',
  }
  const v = testView([spend])
  const h3a = (revenue: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    outstanding_amount: 25,
    denominator: { type: 'total_equity_plus_debt', value: 100 },
    revenue,
    spend_factor_key: spend.key,
    data_quality_score: 4,
    ...extra,
  })

  it('estimates company emissions as revenue x factor and lists the factor with its cell', () => {
    const res = calculatePcaf({ asset_class: 'business_loans_and_unlisted_equity', holdings: [h3a({ value: 2_000_000, currency: 'USD', price_year: 2022 })] }, v)
    // 2,000,000 USD x 1.5 kg/USD = 3,000 t; x 0.25
    expect(res.holdings[0]!.financed_emissions.value).toBe(750)
    expect(res.holdings[0]!.option).toBe('3a')
    expect(res.audit.factors_used).toEqual([expect.objectContaining({ key: spend.key, value: 1.5, source: expect.objectContaining({ id: TEST_EDITION.id, cell_ref: spend.cell_ref, data_version: '2026.1' }) })])
    expect(res.attribution.credits.map((c) => c.source_id)).toEqual([TEST_EDITION.id, 'pcaf-part-a-3rd-ed'])
  })

  it('refuses a spend row that is not an emission factor (a margins component), though it is in the release', () => {
    const margins: FactorRow = { ...spend, key: 'spend.us.cement_manufacturing.margins', kind: 'component', cell_ref: 'test.csv#L7:Margins of Supply Chain Emission Factors' }
    const withMargins = testView([spend, margins])
    const e = errorOf(() => calculatePcaf({ asset_class: 'business_loans_and_unlisted_equity', holdings: [h3a({ value: 1, currency: 'USD', price_year: 2022 }, { spend_factor_key: margins.key })] }, withMargins))
    expect(e.code).toBe('unknown_factor')
    expect(e.message).toMatch(/component, not an emission factor/)
  })

  it('refuses another currency or price year, a score below 4, and an unknown key (with candidates)', () => {
    expect(errorOf(() => calculatePcaf({ asset_class: 'business_loans_and_unlisted_equity', holdings: [h3a({ value: 1, currency: 'EUR', price_year: 2022 })] }, v)).code).toBe('currency_mismatch')
    const year = errorOf(() => calculatePcaf({ asset_class: 'business_loans_and_unlisted_equity', holdings: [h3a({ value: 1, currency: 'USD', price_year: 2021 })] }, v))
    expect(year.code).toBe('currency_mismatch')
    expect(year.data).toMatchObject({ factor_key: spend.key, given: 'USD (2021)', holding: '0' })
    expect(errorOf(() => calculatePcaf({ asset_class: 'business_loans_and_unlisted_equity', holdings: [h3a({ value: 1, currency: 'USD', price_year: 2022 }, { data_quality_score: 3 })] }, v)).code).toBe('invalid_request')
    const unknown = errorOf(() => calculatePcaf({ asset_class: 'business_loans_and_unlisted_equity', holdings: [h3a({ value: 1, currency: 'USD', price_year: 2022 }, { spend_factor_key: 'spend.us.cement_manufacturing.other' })] }, v))
    expect(unknown.code).toBe('unknown_factor')
    expect(unknown.data).toMatchObject({ keys: ['spend.us.cement_manufacturing.other'], candidates: { 'spend.us.cement_manufacturing.other': [expect.objectContaining({ key: spend.key })] } })
  })
})

describe('PCAF response shape', () => {
  it('is exactly what PcafResponseSchema describes (no undeclared fields)', async () => {
    const { PcafResponseSchema } = await import('./schema.ts')
    const res = calculatePcaf(
      {
        asset_class: 'securitizations',
        holdings: [
          { outstanding_amount: 10, denominator: { type: 'property_value_at_origination', value: 200 }, securitization: { collateral_outstanding: 240, deal_outstanding: 100 }, company_emissions: { value: 30, scope_3: 4, removals: 1 }, data_quality_score: 3.5, id_hint: 'RMBS-1', name: 'Example RMBS, class A' },
        ],
      },
      view,
      { request_id: 'req_1', now: () => new Date('2026-11-22T00:00:00Z'), attribution_required: false },
    )
    expect(PcafResponseSchema.parse(JSON.parse(JSON.stringify(res)))).toEqual(JSON.parse(JSON.stringify(res)))
    expect(res.meta).toEqual({ data_version: '2026.1', as_of: null, engine_version: expect.any(String), request_id: 'req_1', computed_at: '2026-11-22T00:00:00.000Z' })
    expect(res.attribution.required).toBe(false)
    expect(res.holdings[0]).toMatchObject({ id: '0', id_hint: 'RMBS-1', name: 'Example RMBS, class A' })
  })
})
