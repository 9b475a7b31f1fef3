/** Response parts shared by every calculation: source, meta, attribution, receipt, warnings. */
import { z } from 'zod'

export const AsOfSchema = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2}|\d{4}\.\d+)$/, 'as_of is a date YYYY-MM-DD or a data version <year>.<number>')

/** A served source reference (docs/decisions.md §1); methodology sources carry only id, cell_ref, title. */
export const SourceRefOutSchema = z
  .object({
    id: z.string(),
    cell_ref: z.string(),
    title: z.string().optional(),
    publisher: z.string().optional(),
    url: z.string().optional(),
    license: z.object({ name: z.string(), spdx: z.string().nullable(), url: z.string().nullable() }).optional(),
    redistributable: z.boolean().optional(),
    attribution: z.string().optional(),
    retrieved_at: z.string().optional(),
    published_at: z.string().optional(),
    data_version: z.string().optional(),
  })
export type SourceRefOut = z.infer<typeof SourceRefOutSchema>

export const WarningSchema = z.object({ code: z.string(), message: z.string() })
export type Warning = z.infer<typeof WarningSchema>

export const MetaSchema = z.object({
  data_version: z.string(),
  as_of: z.string().nullable(),
  engine_version: z.string(),
  request_id: z.string(),
  computed_at: z.string(),
})
export type Meta = z.infer<typeof MetaSchema>

export const CreditSchema = z.object({
  source_id: z.string(),
  title: z.string(),
  publisher: z.string().optional(),
  license: z.string().nullable(),
  attribution: z.string(),
})
export type Credit = z.infer<typeof CreditSchema>

export const AttributionSchema = z.object({ required: z.boolean(), credits: z.array(CreditSchema) })
export type Attribution = z.infer<typeof AttributionSchema>

export const ReceiptSchema = z.object({
  id: z.string().regex(/^rcpt_[0-9a-f]+$/),
  algorithm: z.literal('sha256'),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  mb_version: z.string(),
})
export type Receipt = z.infer<typeof ReceiptSchema>

/** An entry of `audit.factors_used`: the corpus factor (or user factor) a calculation read. */
export const FactorUsedSchema = z.object({
  key: z.string(),
  name: z.string(),
  value: z.number(),
  unit: z.string(),
  used_for: z.string(),
  user_supplied: z.boolean(),
  source: SourceRefOutSchema,
})
export type FactorUsed = z.infer<typeof FactorUsedSchema>

export const MethodologySourceSchema = z.object({ id: z.string(), cell_ref: z.string(), title: z.string() })
export type MethodologySource = z.infer<typeof MethodologySourceSchema>

/** How a caller shapes one run: ids and clock from outside, so the engine stays pure. */
export interface CalcContext {
  request_id?: string
  now?: () => Date
  /** Whether the caller's plan requires the attribution credit (default true). */
  attribution_required?: boolean
}
