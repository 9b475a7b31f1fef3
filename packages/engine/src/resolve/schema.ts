/** Resolve request and response: zod schema of the request, types of both (docs/decisions.md §3). */
import { z } from 'zod'
import { AsOfSchema, intParam, optionalText } from '../params.ts'
import type { Scope } from '../release/schema.ts'
import type { SourceRef } from '../release/view.ts'
import type { GeoMatch } from './geo.ts'
import type { Decision } from './decision.ts'
import type { Explanation } from './explain.ts'
import type { UnitMatch } from './weights.ts'

export const RESOLVE_LIMIT_MAX = 50
/** Longest description resolve reads (after trimming). */
export const RESOLVE_DESCRIPTION_MAX = 500

export const ResolveRequestSchema = z.object({
  description: z.string().trim().min(1, 'must not be empty').max(RESOLVE_DESCRIPTION_MAX, `must be at most ${RESOLVE_DESCRIPTION_MAX} characters`),
  limit: intParam(5, 1, RESOLVE_LIMIT_MAX),
  /** Country hint: ISO2/ISO3 code or name; wins over places in the text elsewhere; a region the text names inside it narrows it. */
  country: optionalText,
  /** Unit hint: the activity unit wanted (`litre`, `kWh`, `tonne.km`, `USD`). */
  unit: optionalText,
  as_of: AsOfSchema,
})
export type ResolveRequest = z.input<typeof ResolveRequestSchema>
export type ParsedResolveRequest = z.output<typeof ResolveRequestSchema>

export interface ResolveMatch {
  key: string
  name: string
  value: number
  unit: string
  /** Calibrated probability that this match is a right answer (docs/resolve.md). */
  confidence: number
  /** `accept` where held-out precision at this confidence is at least 95%, else `review`. */
  decision: Decision
  geo_match: GeoMatch
  /** How the factor's unit relates to the unit named (text or hint); docs/resolve.md. */
  unit_match: UnitMatch
  section: string
  source: SourceRef
  scope: Scope | null
  country: string
  region: string | null
  explanation: Explanation
}

export interface ResolveResponse {
  matches: ResolveMatch[]
  count: number
  data_version: string
}

export { ResolveResponseSchema } from '../find/response-schemas.ts'
