/**
 * PCAF request and response schemas (docs/api.md "POST /v1/calculate/pcaf", docs/decisions.md §3–§4).
 * The request is the HTTP body; the response is exactly the HTTP 200 body.
 */
import { z } from 'zod'
import {
  AsOfSchema, AttributionSchema, FactorUsedSchema, MetaSchema, MethodologySourceSchema, ReceiptSchema, WarningSchema,
} from '../common-schema.ts'

export const ASSET_CLASSES = [
  'listed_equity_and_corporate_bonds',
  'business_loans_and_unlisted_equity',
  'project_finance',
  'commercial_real_estate',
  'mortgages',
  'motor_vehicle_loans',
  'sovereign_debt',
  'use_of_proceeds',
  'securitizations',
  'sub_sovereign_debt',
] as const
export const AssetClassSchema = z.enum(ASSET_CLASSES)
export type AssetClass = z.infer<typeof AssetClassSchema>

export const DENOMINATOR_TYPES = [
  'evic',
  'total_equity_plus_debt',
  'total_assets',
  'project_value_at_origination',
  'property_value_at_origination',
  'vehicle_value_at_origination',
  'ppp_adjusted_gdp',
] as const
export type DenominatorType = (typeof DENOMINATOR_TYPES)[number]

export const OPTIONS = ['1a', '1b', '2a', '2b', '3a', '3b', '3c', '4a', '4b'] as const
export const OptionSchema = z.enum(OPTIONS)
export type PcafOption = z.infer<typeof OptionSchema>

export const EditionIdSchema = z.enum(['2nd', '3rd'])
export type PcafEdition = z.infer<typeof EditionIdSchema>

/** Finite and within ±1e18, so no product of two inputs can leave the range of a JSON number. */
const finite = z.number().refine((n) => Number.isFinite(n) && Math.abs(n) <= 1e18, 'must be a finite number within ±1e18')
const nonNegative = finite.refine((n) => n >= 0, 'must be >= 0')

/** Balance-sheet parts behind a denominator, so the negative-equity and EVIC rules are traceable. */
export const DenominatorComponentsSchema = z.strictObject({
  total_equity: finite.optional(),
  total_debt: nonNegative.optional(),
  market_cap_ordinary: nonNegative.optional(),
  market_cap_preferred: nonNegative.optional(),
  minority_interests: nonNegative.optional(),
})

export const DenominatorSchema = z.strictObject({
  type: z.string().min(1),
  /** null only for a vehicle whose value at origination is unknown (AF = 1, A3.6). */
  value: finite.nullable(),
  components: DenominatorComponentsSchema.optional(),
})

export const CompanyEmissionsSchema = z.strictObject({
  /** The emissions attributed: by convention scope 1+2 (scope 3 is reported apart). */
  value: finite,
  unit: z.enum(['tCO2e', 'kgCO2e']).default('tCO2e'),
  scope_1: finite.optional(),
  scope_2: finite.optional(),
  scope_3: finite.optional(),
  /** Reported separately from the inventory with the same AF (A7). */
  removals: nonNegative.optional(),
  credits_retired: nonNegative.optional(),
  credits_generated: nonNegative.optional(),
})

export const RevenueSchema = z.strictObject({
  value: nonNegative,
  currency: z.string().regex(/^[A-Z]{3}$/, 'ISO 4217 code, e.g. USD'),
  price_year: z.number().int().min(1900).max(2200).optional(),
})

export const HoldingSchema = z.strictObject({
  outstanding_amount: nonNegative,
  denominator: DenominatorSchema,
  company_emissions: CompanyEmissionsSchema.optional(),
  /** 1–5; integer except for use_of_proceeds and securitizations (weighted mean of the underlying). */
  data_quality_score: z.number().min(1).max(5),
  option: OptionSchema.optional(),
  /** Several options behind one line (motor vehicles): the line gets the worst score (A5.1). */
  options: z.array(OptionSchema).min(1).optional(),
  data_quality_score_scope_3: z.number().min(1).max(5).optional(),
  /** `equity` / `debt` for the negative-equity rule; `guarantee` is out of scope until called (A3.3). */
  instrument: z.enum(['equity', 'debt', 'guarantee']).optional(),
  /** Only with `instrument: "guarantee"`: true once the guarantee is called and turned into a loan. */
  called: z.boolean().optional(),
  id_hint: z.string().max(200).optional(),
  name: z.string().max(500).optional(),
  currency: z.string().regex(/^[A-Z]{3}$/).optional(),
  /** Option 3a: revenue × spend factor from the corpus instead of reported emissions. */
  revenue: RevenueSchema.optional(),
  spend_factor_key: z.string().optional(),
  /** securitizations: look-through to the collateral (3rd ed. 5.8). */
  securitization: z
    .strictObject({
      collateral_outstanding: nonNegative,
      deal_outstanding: finite.refine((n) => n > 0, 'must be > 0'),
      pool_share: z.number().min(0).max(1).default(1),
    })
    .optional(),
  /** use_of_proceeds: allocation of a separate structure (3rd ed. 5.7, A3.8). */
  use_of_proceeds: z
    .strictObject({
      structure: z.enum(['separate', 'integrated']),
      allocated_amount: nonNegative.optional(),
    })
    .optional(),
})
export type HoldingInput = z.infer<typeof HoldingSchema>

const EMISSION_FIELDS = ['value', 'scope_1', 'scope_2', 'scope_3'] as const

export const PcafRequestSchema = z.strictObject({
  asset_class: AssetClassSchema,
  holdings: z.array(HoldingSchema).min(1).max(200_000),
  edition: EditionIdSchema.default('3rd'),
  currency: z.string().regex(/^[A-Z]{3}$/).optional(),
  as_of: AsOfSchema.optional(),
}).superRefine((req, ctx) => {
  // Company emissions are never negative: removals are reported apart (`removals`), never netted
  // (methodology, double counting and negative values). Only a sovereign's scope 1 including LULUCF may be negative.
  if (req.asset_class === 'sovereign_debt') return
  req.holdings.forEach((h, i) => {
    const e = h.company_emissions
    if (!e) return
    for (const field of EMISSION_FIELDS) {
      const v = e[field]
      if (v !== undefined && v < 0) {
        ctx.addIssue({ code: 'custom', path: ['holdings', i, 'company_emissions', field], message: 'must be >= 0; report removals in company_emissions.removals (never netted)' })
      }
    }
  })
})
export type PcafRequest = z.input<typeof PcafRequestSchema>
export type PcafRequestParsed = z.output<typeof PcafRequestSchema>

const Emissions = z.object({ value: z.number(), unit: z.literal('tCO2e') })

export const ByScopeSchema = z.object({
  scope_1_2: z.number().optional(),
  scope_1: z.number().optional(),
  scope_2: z.number().optional(),
  scope_3: z.number().optional(),
})

export const HoldingResultSchema = z.object({
  id: z.string(),
  id_hint: z.string().optional(),
  name: z.string().optional(),
  attribution_factor: z.number(),
  /** Set only when a cap changed the factor (sub-sovereign AF, securitisation CAF). */
  attribution_factor_uncapped: z.number().optional(),
  financed_emissions: Emissions,
  by_scope: ByScopeSchema,
  reported_separately: z
    .object({ removals: z.number().optional(), credits_retired: z.number().optional(), credits_generated: z.number().optional() })
    .optional(),
  outstanding_for_metrics: z.number(),
  data_quality_score: z.number(),
  data_quality_score_scope_3: z.number().optional(),
  option: z.string().nullable(),
  denominator: z.object({ type: z.string(), value: z.number().nullable() }),
  /** Present (true) when the holding is outside PCAF scope (a guarantee not called): nothing attributed or counted. */
  out_of_scope: z.literal(true).optional(),
  warnings: z.array(WarningSchema),
})
export type HoldingResult = z.infer<typeof HoldingResultSchema>

export const PcafResultSchema = z.object({
  financed_emissions: Emissions,
  /** scope_1 / scope_2 / scope_3 are null when no holding reported that scope (not zero emissions). */
  by_scope: z.object({ scope_1_2: z.number(), scope_1: z.number().nullable(), scope_2: z.number().nullable(), scope_3: z.number().nullable() }),
  /** How many in-scope holdings reported each scope: a by_scope figure covers only those. */
  scopes_reported_by: z.object({ scope_1: z.number(), scope_2: z.number(), scope_3: z.number() }),
  reported_separately: z.object({ removals: z.number(), credits_retired: z.number(), credits_generated: z.number() }),
  weighted_data_quality_score: z.number().nullable(),
  weighted_data_quality_score_scope_3: z.number().nullable(),
  economic_emission_intensity: z.object({ value: z.number().nullable(), unit: z.string() }),
  coverage: z.object({
    holdings: z.number(),
    holdings_covered: z.number(),
    /** Holdings sent but outside PCAF scope (guarantees not called); not in holdings or outstanding. */
    holdings_out_of_scope: z.number(),
    outstanding_total: z.number(),
    outstanding_covered: z.number(),
    ratio: z.number().nullable(),
  }),
})

export const PcafResponseSchema = z.object({
  request: z.record(z.string(), z.unknown()),
  result: PcafResultSchema,
  holdings: z.array(HoldingResultSchema),
  audit: z.object({
    formula: z.record(z.string(), z.string()),
    methodology_source: MethodologySourceSchema,
    factors_used: z.array(FactorUsedSchema),
    rules_applied: z.array(z.object({ rule: z.string(), holdings: z.array(z.string()), source: z.string() })),
    rounding: z.string(),
  }),
  receipt: ReceiptSchema,
  meta: MetaSchema,
  attribution: AttributionSchema,
})
export type PcafResponse = z.infer<typeof PcafResponseSchema>
