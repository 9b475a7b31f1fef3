/**
 * Emissions of an activity ledger (POST /v1/calculate/emissions, docs/emissions.md): request and
 * response schemas. Each activity is a quantity and exactly one of a factor key or a description.
 */
import { z } from 'zod'
import { AsOfSchema, AttributionSchema, FactorUsedSchema, MetaSchema, ReceiptSchema, WarningSchema } from '../common-schema.ts'

/** Most activities one request may carry (the server's body limit for the route follows from it). */
export const EMISSIONS_MAX_ACTIVITIES = 20_000
/** invalid_request lists at most this many issues and `issues_count` (as the server caps every error list). */
export const EMISSIONS_MAX_ISSUES = 20

const quantityValue = z
  .number()
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= 1e15, 'must be a finite number from 0 to 1e15')

export const ActivitySchema = z
  .strictObject({
    id: z.string().max(200).optional(),
    factor_key: z.string().trim().min(1, 'must not be empty').max(200).optional(),
    description: z.string().trim().min(1, 'must not be empty').max(500, 'must be at most 500 characters').optional(),
    /** Country hint for a description (ISO code or name); ignored with a factor_key. */
    country: z.string().trim().min(1).max(100).optional(),
    quantity: z.strictObject({
      value: quantityValue,
      /** As people write it: `litres`, `kWh`, `tkm`, `US gallon`, `USD`. */
      unit: z.string().trim().min(1, 'must not be empty').max(60),
    }),
  })
  .superRefine((a, ctx) => {
    const given = (a.factor_key !== undefined ? 1 : 0) + (a.description !== undefined ? 1 : 0)
    if (given !== 1) {
      ctx.addIssue({ code: 'custom', path: [a.factor_key !== undefined ? 'description' : 'factor_key'], message: 'give exactly one of factor_key or description' })
    }
  })
export type ActivityInput = z.output<typeof ActivitySchema>

export const EmissionsRequestSchema = z.strictObject({
  activities: z.array(ActivitySchema).min(1, 'must have at least 1 activity').max(EMISSIONS_MAX_ACTIVITIES, `must have at most ${EMISSIONS_MAX_ACTIVITIES} activities`),
  as_of: AsOfSchema.optional(),
})
export type EmissionsRequest = z.input<typeof EmissionsRequestSchema>
export type EmissionsRequestParsed = z.output<typeof EmissionsRequestSchema>

export const LINE_ERROR_CODES = ['unknown_factor', 'unit_not_convertible', 'not_resolved'] as const
export type LineErrorCode = (typeof LINE_ERROR_CODES)[number]

export const LineErrorSchema = z.object({
  code: z.enum(LINE_ERROR_CODES),
  message: z.string(),
  /** The units an ambiguous spelling may mean (`gallon` -> gallon (US), gallon (UK)). */
  choices: z.array(z.string()).optional(),
  /** Close keys for an unknown factor key. */
  candidates: z.array(z.string()).optional(),
})
export type LineError = z.infer<typeof LineErrorSchema>

const KgCO2e = z.object({ value: z.number(), unit: z.literal('kg CO2e') })
const Amount = z.object({ value: z.number(), unit: z.string() })

export const LineFactorSchema = z.object({
  key: z.string(),
  name: z.string(),
  value: z.number(),
  unit: z.string(),
  /** Short reference; the full source object is in `audit.factors_used`. */
  source: z.object({ id: z.string(), cell_ref: z.string(), data_version: z.string() }),
})

export const ResolvedSchema = z.object({
  description: z.string(),
  confidence: z.number(),
  decision: z.enum(['accept', 'review']),
  geo_match: z.string(),
  unit_match: z.string(),
  /** Position of the chosen match in the resolve ranking (0 = top); > 0 when better-ranked matches could not take the unit. */
  rank: z.number().int(),
})

export const ConversionSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** factor_quantity = quantity x multiplier (rounded to 12 significant digits here; exact in `audit.conversions_used`). */
  multiplier: z.number(),
  /** Set when the factor asked for is in another dimension and its published sibling row in the quantity's unit was used. */
  via_sibling: z.object({ requested_key: z.string(), requested_unit: z.string() }).optional(),
})

export const ActivityResultSchema = z.object({
  id: z.string(),
  factor: LineFactorSchema.optional(),
  resolved: ResolvedSchema.optional(),
  quantity: Amount,
  factor_quantity: Amount.optional(),
  conversion: ConversionSchema.optional(),
  emissions: KgCO2e.optional(),
  /** Per-gas parts of `emissions` where the source publishes them (kg CO2e of each gas). */
  gases: z.record(z.string(), z.number()).optional(),
  scope: z.string().nullable().optional(),
  warnings: z.array(WarningSchema).optional(),
  error: LineErrorSchema.optional(),
})
export type ActivityResult = z.infer<typeof ActivityResultSchema>

export const BY_SCOPE_KEYS = ['scope_1', 'scope_2', 'scope_3', 'outside_scopes', 'unscoped'] as const
export type ScopeKey = (typeof BY_SCOPE_KEYS)[number]

export const ConversionUsedSchema = z.object({
  from: z.string(),
  to: z.string(),
  multiplier: z.string().describe('Exact decimal (40 significant digits)'),
  lines: z.number().int(),
  cites: z.array(z.string()),
})

export const EmissionsResponseSchema = z.object({
  request: z.record(z.string(), z.unknown()),
  result: z.object({
    /** Sum of the computed lines except outside_scopes (biogenic CO2 is reported apart, GHG Protocol). */
    emissions: KgCO2e,
    by_scope: z.partialRecord(z.enum(BY_SCOPE_KEYS), z.number()),
    counts: z.object({ activities: z.number().int(), computed: z.number().int(), needs_review: z.number().int(), failed: z.number().int() }),
  }),
  activities: z.array(ActivityResultSchema),
  audit: z.object({
    formula: z.record(z.string(), z.string()),
    factors_used: z.array(FactorUsedSchema),
    conversions_used: z.array(ConversionUsedSchema),
    decision_threshold: z.number(),
    /** The same for a top match that is a spend factor (the model fits those apart; 1: none accepted). */
    decision_threshold_spend: z.number(),
    warnings: z.array(WarningSchema),
    rounding: z.string(),
  }),
  receipt: ReceiptSchema,
  meta: MetaSchema,
  attribution: AttributionSchema,
})
export type EmissionsResponse = z.infer<typeof EmissionsResponseSchema>
