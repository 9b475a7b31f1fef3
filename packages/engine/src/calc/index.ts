/**
 * The calculating half of the engine: PCAF financed emissions, EN 15978 embodied carbon and
 * receipts. Pure functions over a ReleaseView; the Engine (../engine) wires them in.
 */
export { calculatePcaf, parsePcafRequest } from './pcaf/calculate.ts'
export { calculateEmbodied, parseEmbodiedRequest } from './embodied/calculate.ts'
export { calculateEmissions } from './emissions/calculate.ts'
export { combineEmissionsResults } from './emissions/combine.ts'
export type { EmissionsDeps } from './emissions/calculate.ts'
export { EmissionsRequestSchema, EmissionsResponseSchema, EMISSIONS_MAX_ACTIVITIES, EMISSIONS_MAX_ISSUES } from './emissions/schema.ts'
export type { EmissionsRequest, EmissionsResponse, ActivityResult } from './emissions/schema.ts'
export { readUnit, readFactorUnit } from './emissions/units/parse.ts'
export { verifyReceipt } from './receipt/verify.ts'
export { computeReceipt, hashedRequestOf, hashedResultOf, ReceiptVerifyRequestSchema, ReceiptVerificationSchema } from './receipt/receipt.ts'
export type { ReceiptInput, ReceiptVerification, ReceiptVerifyRequest } from './receipt/receipt.ts'
export { canonicalJson } from './canonical-json.ts'
export { sha256Hex } from './sha256.ts'
export { PcafRequestSchema, PcafResponseSchema, ASSET_CLASSES, DENOMINATOR_TYPES } from './pcaf/schema.ts'
export type { PcafRequest, PcafResponse, AssetClass, DenominatorType } from './pcaf/schema.ts'
export { EmbodiedRequestSchema, EmbodiedResponseSchema, BOUNDARIES, QUANTITY_UNITS } from './embodied/schema.ts'
export type { EmbodiedRequest, EmbodiedResponse, Boundary } from './embodied/schema.ts'
export { METHODOLOGY_PROFILES } from './embodied/profiles.ts'
export type { MethodologyProfile } from './embodied/profiles.ts'
export { evicAdjustment, EvicAdjustmentRequestSchema } from './pcaf/evic-adjustment.ts'
export type { EvicAdjustment, EvicAdjustmentRequest } from './pcaf/evic-adjustment.ts'
export { sovereignIntensity, SovereignIntensityRequestSchema } from './pcaf/sovereign-intensity.ts'
export type { SovereignIntensity, SovereignIntensityRequest } from './pcaf/sovereign-intensity.ts'

export type { CalcContext } from './common-schema.ts'
