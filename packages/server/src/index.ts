/**
 * @module @openfactors/server — the `/v1` HTTP API as a web-standard Hono app.
 * `createApp` takes its engine, store and config explicitly; `start.ts` is the Node entry.
 */
export { createApp } from './app.ts'
export type { AppDeps, AppEnv, Logger, LogLine } from './app-env.ts'
export type { EnginePort, ReleaseFiles, CalcContextPort } from './engine-port.ts'
export { parseEnv, defaultConfig, ConfigError, PLANS } from './config.ts'
export type { ServerConfig, Plan, PlanLimits } from './config.ts'
export { ERROR_STATUS, ApiError } from './errors.ts'
export type { ApiErrorCode } from './errors.ts'
export type { Store } from './stores/types.ts'
export { buildOpenApi } from './openapi.ts'
export { signPayload, verifySignature, SIGNATURE_HEADER } from './webhooks/signature.ts'
