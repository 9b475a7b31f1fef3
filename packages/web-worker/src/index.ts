/**
 * @openfactors/web-worker: the openfactors engine in a Web Worker over an IndexedDB-cached
 * corpus. `createEngineClient()` on the page; errors arrive as EngineError / ClientError with
 * their code and data; results are the HTTP API's response bodies.
 */
export { createEngineClient } from './client.ts'
export type { ClientCalcContext, EngineClient, EngineClientOptions } from './client.ts'
export type { LoadPhase, LoadProgress, LookupOptions, ReadyInfo, UpdateInfo, WireError, WireResult, WorkerApi, WorkerStartOptions } from './protocol.ts'
export type { StorageKind } from './cache-types.ts'
export { ClientError, isClientError, CLIENT_ERROR_CODES } from './client-error.ts'
export type { ClientErrorCode, ClientErrorDataByCode } from './client-error.ts'
export { EngineError, isEngineError, ERROR_CODES } from '@openfactors/engine'
export type { ErrorCode, ErrorDataByCode } from '@openfactors/engine'
