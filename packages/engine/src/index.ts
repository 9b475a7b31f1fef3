/**
 * @openfactors/engine public API. Explicit named exports only: this file is the contract
 * the worker, the server and the MCP tools build against.
 */
export { createEngine } from './engine.ts'
export type { Engine, EngineOptions, LookupOptions, ReleaseInfo } from './engine.ts'
export { assertRequest } from './requests.ts'
export type { EngineRequests, EngineResponses, EngineVerb } from './requests.ts'

export { selectRelease, compareReleases, latestRelease, releaseBefore } from './release/select.ts'
export { diffReleases } from './release/diff.ts'
export type { ReleaseDiff, DiffEntry, ChangedEntry } from './release/diff.ts'
export type { ManifestEntry, ReleaseStamp } from './release/select.ts'
export { parseArtifact } from './release/parse.ts'
export type { ArtifactInput, ValidationMode } from './release/parse.ts'
export { SNAPSHOT_FORMAT } from './index/snapshot.ts'
export type { EngineSnapshot } from './index/snapshot.ts'

export { SearchRequestSchema, SearchResponseSchema, SEARCH_LIMIT_MAX } from './find/search.ts'
export type { SearchRequest, SearchResponse } from './find/search.ts'
export { toSearchFactor, toLookupResponse } from './find/shapes.ts'
export { LookupRequestSchema } from './params.ts'
export type { LookupRequest } from './params.ts'
export type { Factor, GasValue, LookupFactor, LookupResponse, ModuleValue } from './find/shapes.ts'
export { LookupResponseSchema, SourceRefSchema, FactorSchema, ResolveMatchSchema, GeoMatchSchema } from './find/response-schemas.ts'
export { ResolveRequestSchema, ResolveResponseSchema, RESOLVE_LIMIT_MAX } from './resolve/resolve.ts'
export type { ResolveMatch, ResolveRequest, ResolveResponse } from './resolve/resolve.ts'
export type { GeoMatch } from './resolve/geo.ts'

export {
  ReleaseArtifactSchema,
  ReleaseManifestSchema,
  FactorRowSchema,
  FactorKindSchema,
  FactorBasisSchema,
  kindOf,
  EditionSchema,
  RELEASE_FORMAT,
  FACTOR_KEY_PATTERN,
  MB_VERSION_PATTERN,
} from './release/schema.ts'
export type { ReleaseArtifact, ReleaseManifest, FactorRow, FactorKind, FactorBasis, DerivedValue, Edition, Scope, CellValue, MaterialData, ModuleLabel } from './release/schema.ts'
export { sourceOf } from './release/view.ts'
/** Words of a text as the indexes see them (folded, stop words out, light plural stem): the corpus builds `industry_words` with it. */
export { terms } from './text/normalise.ts'
/** The NAICS code a US spend factor's key names (`spend.us.naics_332216_…`), or null. */
export { naicsOf } from './resolve/industry.ts'
export type { ReleaseView, SourceRef } from './release/view.ts'

export { EngineError, isEngineError, engineErrorFromJSON, engineError, ERROR_CODES } from './errors.ts'
export type { ErrorCode, ErrorDataByCode, SerializedEngineError, Candidate, Issue, LineFailure } from './errors.ts'
export { ENGINE_VERSION } from './version.ts'

export {
  calculatePcaf,
  calculateEmbodied,
  calculateEmissions,
  combineEmissionsResults,
  EmissionsRequestSchema,
  EmissionsResponseSchema,
  EMISSIONS_MAX_ACTIVITIES,
  EMISSIONS_MAX_ISSUES,
  readUnit,
  verifyReceipt,
  computeReceipt,
  canonicalJson,
  sha256Hex,
  PcafRequestSchema,
  PcafResponseSchema,
  EmbodiedRequestSchema,
  EmbodiedResponseSchema,
  ReceiptVerifyRequestSchema,
  ReceiptVerificationSchema,
  METHODOLOGY_PROFILES,
  evicAdjustment,
  EvicAdjustmentRequestSchema,
  sovereignIntensity,
  SovereignIntensityRequestSchema,
} from './calc/index.ts'
export type { EvicAdjustment, EvicAdjustmentRequest, SovereignIntensity, SovereignIntensityRequest } from './calc/index.ts'
export type { EmissionsRequest, EmissionsResponse, ActivityResult, EmissionsDeps } from './calc/index.ts'
export { decide } from './resolve/decision.ts'
export type { ResolveModel } from './resolve/model.ts'
export type { Decision } from './resolve/decision.ts'
export type { PcafRequest, PcafResponse, EmbodiedRequest, EmbodiedResponse, ReceiptVerification, CalcContext } from './calc/index.ts'
