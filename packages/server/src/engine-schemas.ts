/** The engine's zod schemas the OpenAPI document is generated from. */
import {
  EmbodiedRequestSchema, EmbodiedResponseSchema, EmissionsRequestSchema, EmissionsResponseSchema, LookupResponseSchema, PcafRequestSchema, PcafResponseSchema,
  ReceiptVerificationSchema, ReceiptVerifyRequestSchema, ReleaseManifestSchema, ResolveRequestSchema,
  ResolveResponseSchema, SearchResponseSchema,
} from '@openfactors/engine'
import type { EngineSchemas } from './openapi.ts'

export const ENGINE_SCHEMAS: EngineSchemas = {
  searchResponse: SearchResponseSchema,
  lookupResponse: LookupResponseSchema,
  resolveRequest: ResolveRequestSchema,
  resolveResponse: ResolveResponseSchema,
  pcafRequest: PcafRequestSchema,
  pcafResponse: PcafResponseSchema,
  embodiedRequest: EmbodiedRequestSchema,
  embodiedResponse: EmbodiedResponseSchema,
  emissionsRequest: EmissionsRequestSchema,
  emissionsResponse: EmissionsResponseSchema,
  receiptVerifyRequest: ReceiptVerifyRequestSchema,
  receiptVerification: ReceiptVerificationSchema,
  releaseManifest: ReleaseManifestSchema,
}
