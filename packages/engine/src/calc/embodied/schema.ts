/**
 * Embodied-carbon request and response schemas (docs/api.md "POST /v1/calculate/embodied",
 * docs/decisions.md §5, methodology B2–B7). Results are kg CO2e.
 */
import { z } from 'zod'
import {
  AsOfSchema, AttributionSchema, FactorUsedSchema, MetaSchema, MethodologySourceSchema, ReceiptSchema,
  WarningSchema,
} from '../common-schema.ts'

export const QUANTITY_UNITS = ['kg', 't', 'm3', 'm2', 'm', 'piece', 'unit'] as const
export const BASE_BOUNDARIES = ['A1-A3', 'A1-A4', 'A1-A5', 'A1-C', 'A1-C4', 'A-C'] as const
export const BOUNDARIES = [...BASE_BOUNDARIES, ...BASE_BOUNDARIES.map((b) => `${b}+D` as const)] as const
export type Boundary = (typeof BOUNDARIES)[number]
export const PROFILE_IDS = ['rics-2023', 'istructe-2020'] as const
export type ProfileId = (typeof PROFILE_IDS)[number]

export const TRANSPORT_MODES = ['road', 'rail', 'sea'] as const
export type TransportMode = (typeof TRANSPORT_MODES)[number]

/** Finite and within ±1e18, so no product of two inputs can leave the range of a JSON number. */
const finite = z.number().refine((n) => Number.isFinite(n) && Math.abs(n) <= 1e18, 'must be a finite number within ±1e18')
const positive = finite.refine((n) => n > 0, 'must be > 0')
const nonNegative = finite.refine((n) => n >= 0, 'must be >= 0')

/** Module labels a line may carry: EN 15804 modules plus the combined default C3-C4. */
export const LINE_MODULES = [
  'A1-A3', 'A4', 'A5', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'C1', 'C2', 'C3', 'C4', 'C3-C4', 'D',
] as const
export type LineModule = (typeof LINE_MODULES)[number]

/** A factor the caller brings (e.g. from an EPD): per `unit` of product, with its own source. */
export const UserFactorSchema = z.strictObject({
  /** A1-A3 value per declared unit. */
  value: finite,
  /** Declared unit the values are per. */
  unit: z.enum(['kg', 't', 'm3', 'm2', 'm', 'piece']),
  /** Other published module values per declared unit (A4, C1…C4, D, B1…B7). */
  modules: z.partialRecord(z.enum(['A4', 'A5', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'C1', 'C2', 'C3', 'C4', 'D']), finite).optional(),
  /** Biogenic GWP per declared unit by module, kept apart from the headline (B5). */
  biogenic: z.partialRecord(z.enum(['A1-A3', 'C3', 'C4']), finite).optional(),
  density_kg_m3: positive.optional(),
  kg_per_unit: positive.optional(),
  source: z.object({ id: z.string().min(1), cell_ref: z.string().min(1) }).loose(),
})

export const TransportSchema = z.union([
  z.strictObject({
    legs: z.array(z.strictObject({ distance_km: nonNegative, mode: z.enum(TRANSPORT_MODES) })).min(1),
  }),
  z.strictObject({ distance_km: nonNegative, mode: z.enum(TRANSPORT_MODES) }),
  z.strictObject({ scenario: z.string().min(1) }),
])

export const MaterialLineSchema = z.strictObject({
  id: z.string().max(200).optional(),
  material_key: z.string().regex(/^materials\.[a-z0-9_]+\.[a-z0-9_]+\.[a-z0-9_]+$/, 'shape materials.<category>.<type>.<grade>'),
  quantity: z.strictObject({ value: nonNegative, unit: z.enum(QUANTITY_UNITS) }),
  boundary: z.enum(BOUNDARIES),
  thickness_m: positive.optional(),
  mass_per_unit_kg: positive.optional(),
  density_kg_m3: positive.optional(),
  area_mass_kg_m2: positive.optional(),
  transport: TransportSchema.optional(),
  waste_rate: z.number().min(0).lt(1).optional(),
  /** Material class for the default tables (waste rate, A4 scenario, C3-C4); inferred from the key when absent. */
  material_class: z.string().regex(/^[a-z_]+$/).optional(),
  factor: UserFactorSchema.optional(),
})
export type MaterialLineInput = z.infer<typeof MaterialLineSchema>

export const ProjectSchema = z.strictObject({
  gia_m2: positive.optional(),
  demolition_gia_m2: nonNegative.optional(),
  project_cost: positive.optional(),
  currency: z.string().regex(/^[A-Z]{3}$/).optional(),
})

export const EmbodiedRequestSchema = z.strictObject({
  materials: z.array(MaterialLineSchema).min(1).max(100_000),
  profile: z.enum(PROFILE_IDS).default('rics-2023'),
  project: ProjectSchema.optional(),
  as_of: AsOfSchema.optional(),
})
export type EmbodiedRequest = z.input<typeof EmbodiedRequestSchema>
export type EmbodiedRequestParsed = z.output<typeof EmbodiedRequestSchema>

export const DefaultRefSchema = z.object({ profile: z.string(), table: z.string(), row: z.string(), cite: z.string() })
export type DefaultRef = z.infer<typeof DefaultRefSchema>

/** Per-module references stay short (the full source is in `audit.factors_used`, the cite in `audit.defaults_used`). */
export const ModuleSourceSchema = z.object({ id: z.string(), cell_ref: z.string(), data_version: z.string().optional() })

export const ModuleValueSchema = z.object({
  value: z.number(),
  basis: z.enum(['published', 'default', 'user_supplied', 'override']),
  source: ModuleSourceSchema.optional(),
  default: DefaultRefSchema.omit({ cite: true }).optional(),
  formula: z.string().optional(),
  /** Sub-modules summed into this value (A5.2 site allocation, A5.3 waste). */
  parts: z.record(z.string(), z.number()).optional(),
  /** Part of `value` counted in the line total and the headline, present when sequestration or carbonation is kept out (value - counted). */
  counted: z.number().optional(),
})
export type ModuleValue = z.infer<typeof ModuleValueSchema>

/** Negative published values kept out of the headline: biogenic uptake (A1-A3) or carbonation (B1). */
export const UptakeSchema = z.object({
  value: z.number(),
  modules: z.array(z.object({ module: z.string(), value: z.number(), source: ModuleSourceSchema.optional() })),
})

export const MaterialResultSchema = z.object({
  id: z.string(),
  material_key: z.string(),
  boundary: z.string(),
  mass_kg: z.number().nullable(),
  declared_unit: z.string(),
  declared_quantity: z.number(),
  modules: z.partialRecord(z.enum(LINE_MODULES), ModuleValueSchema),
  modules_without_data: z.array(z.string()),
  total: z.number(),
  module_d: z.number().optional(),
  biogenic: z.partialRecord(z.string(), z.number()).optional(),
  sequestration: UptakeSchema.optional(),
  carbonation: UptakeSchema.optional(),
  /** total + sequestration + carbonation + biogenic, only where the boundary includes module C (RICS). */
  total_including_sequestration: z.number().optional(),
  defaults_applied: z.array(z.string()),
  warnings: z.array(WarningSchema),
})
export type MaterialResult = z.infer<typeof MaterialResultSchema>

const KgCO2e = z.object({ value: z.number(), unit: z.literal('kg CO2e') })

export const EmbodiedResponseSchema = z.object({
  request: z.record(z.string(), z.unknown()),
  result: z.object({
    embodied_carbon: KgCO2e,
    /** Per module; null where the module is in a boundary but no line could assess it (reason in by_stage_not_assessed). */
    by_stage: z.record(z.string(), z.number().nullable()),
    by_stage_not_assessed: z.record(z.string(), z.string()).optional(),
    module_d: KgCO2e.optional(),
    biogenic: KgCO2e.optional(),
    /** Negative published A1-A3 values (biogenic uptake), all lines; never in embodied_carbon. */
    sequestration: KgCO2e.optional(),
    /** Negative published B1 values (carbonation in use), all lines; never in embodied_carbon. */
    carbonation: KgCO2e.optional(),
    /** embodied_carbon + sequestration, carbonation and biogenic of the lines whose boundary includes module C (C3, C4). */
    embodied_carbon_including_sequestration: KgCO2e.optional(),
    /** Project-level defaults; `allocated` ones are already inside the lines (by mass share), the others are added to the total. */
    project_modules: z.array(z.object({ module: z.string(), value: z.number(), allocated: z.boolean(), default: DefaultRefSchema, formula: z.string() })),
  }),
  materials: z.array(MaterialResultSchema),
  audit: z.object({
    formula: z.record(z.string(), z.string()),
    methodology_sources: z.array(MethodologySourceSchema),
    profile: z.object({ id: z.string(), version: z.string(), title: z.string() }),
    factors_used: z.array(FactorUsedSchema),
    defaults_used: z.array(DefaultRefSchema.extend({ value: z.number(), unit: z.string(), lines: z.array(z.string()) })),
    warnings: z.array(WarningSchema),
    rounding: z.string(),
  }),
  receipt: ReceiptSchema,
  meta: MetaSchema,
  attribution: AttributionSchema,
})
export type EmbodiedResponse = z.infer<typeof EmbodiedResponseSchema>
