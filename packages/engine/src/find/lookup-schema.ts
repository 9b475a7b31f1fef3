/** zod schema of the lookup body, for hosts that validate what they serve (server, MCP). */
import { z } from 'zod'

const SourceSchema = z
  .object({ id: z.string(), cell_ref: z.string(), data_version: z.string(), retrieved_at: z.string() })
  .loose()

export const LookupResponseSchema = z.object({
  factor: z
    .object({
      key: z.string(),
      name: z.string(),
      factor: z.object({ value: z.number(), unit: z.string() }).loose(),
      source: SourceSchema,
      scope: z.string().nullable(),
      section: z.string(),
      data_version: z.string(),
    })
    .loose(),
})
