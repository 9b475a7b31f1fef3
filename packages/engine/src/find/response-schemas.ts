/**
 * zod schemas of the finding responses, exactly the shapes the engine returns (tests parse real
 * responses with them). The server generates its OpenAPI document from these.
 */
import { z } from 'zod'
import { CellValueSchema, DerivedValueSchema, FactorBasisSchema, FactorKindSchema, MaterialDataSchema, ModuleLabelSchema, ScopeSchema } from '../release/schema.ts'
import { SourceRefSchema } from '../release/view.ts'

export { SourceRefSchema }

/** A gas of a factor: value and cell; the rest of its source is the factor's `source`. */
export const GasValueSchema = z.object({ value: z.number(), cell_ref: z.string() })
const GasesSchema = z.record(z.string(), GasValueSchema)

export const FactorSchema = z.object({
  key: z.string(),
  name: z.string(),
  value: z.number(),
  unit: z.string(),
  scope: ScopeSchema.nullable(),
  section: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  kind: FactorKindSchema.describe('emission_factor, component, not_for_inventory or property; only emission factors are offered by default'),
  basis: FactorBasisSchema.optional().describe('The basis the value is stated on, where one applies'),
  source: SourceRefSchema,
  gases: GasesSchema.optional(),
})

export const SearchResponseSchema = z.object({
  factors: z.array(FactorSchema),
  count: z.number().int(),
  total: z.number().int(),
  data_version: z.string(),
})

export const ModuleValueSchema = z.object({ value: z.number(), unit: z.string(), source: SourceRefSchema })

export const LookupResponseSchema = z.object({
  factor: z.object({
    key: z.string(),
    name: z.string(),
    name_original: z.string().optional(),
    factor: z.object({
      value: z.number(),
      unit: z.string(),
      key: z.string(),
      name: z.string(),
      scope: ScopeSchema.nullable(),
      section: z.string(),
    }),
    source: SourceRefSchema,
    scope: ScopeSchema.nullable(),
    section: z.string(),
    country: z.string(),
    region: z.string().nullable(),
    kind: FactorKindSchema,
    basis: FactorBasisSchema.optional(),
    derived: DerivedValueSchema.optional(),
    gases: GasesSchema.optional(),
    published: z.object({ value: z.number(), unit: z.string(), conversion: z.string(), multiplier: z.string() }).optional(),
    modules: z.partialRecord(ModuleLabelSchema, ModuleValueSchema).optional(),
    material: MaterialDataSchema.optional(),
    tags: z.array(z.string()).optional(),
    data_version: z.string(),
  }),
})

export const GeoMatchSchema = z.enum(['exact', 'region', 'global', 'mismatch', 'unspecified'])

/** Resolve: how a match's unit relates to the unit named in the text or the `unit` hint. */
export const UnitMatchSchema = z.enum(['exact', 'convertible', 'mismatch', 'unspecified'])

/** Resolve: why a match ranks where it does, for a person to check (docs/resolve.md). */
export const ResolveExplanationSchema = z.object({
  matched_words: z.array(z.string()).describe('Words of the description this factor matched'),
  unmatched_words: z.array(z.string()).describe('Words of the description it did not match'),
  place: z.object({
    read: z.array(z.string()).describe('Places read from the text or the country hint'),
    from: z.enum(['text', 'hint', 'none']),
    geo_match: GeoMatchSchema,
    reason: z.string(),
  }),
  unit: z.object({
    read: z.string().nullable().describe('Activity unit read from the text or the unit hint'),
    from: z.enum(['text', 'hint', 'none']),
    unit_match: UnitMatchSchema,
    reason: z.string(),
  }),
  why: z.string().describe('One sentence on why it ranks where it does'),
})

export const ResolveMatchSchema = z.object({
  key: z.string(),
  name: z.string(),
  value: z.number(),
  unit: z.string(),
  confidence: z.number().gt(0).lte(1).describe('Calibrated probability that this match is a right answer'),
  decision: z.enum(['accept', 'review']).describe('accept: held-out precision at this confidence is at least 95%; review: a person should check'),
  geo_match: GeoMatchSchema,
  unit_match: UnitMatchSchema,
  section: z.string(),
  source: SourceRefSchema,
  scope: ScopeSchema.nullable(),
  country: z.string(),
  region: z.string().nullable(),
  explanation: ResolveExplanationSchema,
})

export const ResolveResponseSchema = z.object({
  matches: z.array(ResolveMatchSchema),
  count: z.number().int(),
  data_version: z.string(),
})

export { CellValueSchema }
