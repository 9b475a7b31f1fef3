/**
 * The engine's verbs by name, with their request and response types (zod-inferred from the
 * schemas at the boundary), and the one check of a request that arrives as parsed JSON.
 *
 * A host holding `unknown` (an HTTP body) calls `assertRequest(verb, body)` before the verb: the
 * same schema and the same `invalid_request` error the verb raises itself, after which TypeScript
 * knows the body is the verb's request. The verb still checks its input, because JavaScript
 * callers (the worker, scripts) can pass anything.
 */
import type { EmbodiedRequest, EmbodiedResponse, EmissionsRequest, EmissionsResponse, PcafRequest, PcafResponse } from './calc/index.ts'
import { parseEmbodiedRequest, parsePcafRequest } from './calc/index.ts'
import { parseLedger } from './calc/emissions/calculate.ts'
import type { LookupResponse } from './find/shapes.ts'
import type { SearchRequest, SearchResponse } from './find/search.ts'
import { SearchRequestSchema } from './find/search.ts'
import type { ResolveRequest, ResolveResponse } from './resolve/resolve.ts'
import { ResolveRequestSchema } from './resolve/resolve.ts'
import { validate } from './validate.ts'

/** Request type of each verb that takes a request body. */
export interface EngineRequests {
  search: SearchRequest
  resolve: ResolveRequest
  pcaf: PcafRequest
  embodied: EmbodiedRequest
  emissions: EmissionsRequest
}

/** Response type of each verb. */
export interface EngineResponses {
  search: SearchResponse
  lookup: LookupResponse
  resolve: ResolveResponse
  pcaf: PcafResponse
  embodied: EmbodiedResponse
  emissions: EmissionsResponse
}

export type EngineVerb = keyof EngineRequests

/** The checks the verbs run on their input, by verb (each throws EngineError('invalid_request')). */
export const REQUEST_CHECKS = {
  search: (input: unknown) => validate(SearchRequestSchema, input),
  resolve: (input: unknown) => validate(ResolveRequestSchema, input),
  pcaf: parsePcafRequest,
  embodied: parseEmbodiedRequest,
  emissions: parseLedger,
} as const satisfies { [V in EngineVerb]: (input: unknown) => unknown }

/** Check parsed JSON as a verb's request; throws the verb's own `invalid_request` when it is not one. */
export function assertRequest<V extends EngineVerb>(verb: V, input: unknown): asserts input is EngineRequests[V] {
  REQUEST_CHECKS[verb](input)
}
