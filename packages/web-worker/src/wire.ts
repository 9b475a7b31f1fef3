/**
 * Errors across postMessage: `toWire` in the worker keeps origin, code, message and data;
 * `fromWire` on the page rebuilds a real EngineError (via engineErrorFromJSON) or ClientError,
 * so `isEngineError(e)`, `e.code` and `e.data` work exactly as in-process.
 */
import { ERROR_CODES, engineErrorFromJSON, isEngineError, type EngineError, type ErrorCode } from '@openfactors/engine'
import { ClientError, isClientError, isClientErrorCode } from './client-error.ts'
import type { WireError, WireResult } from './protocol.ts'

export function toWire(error: unknown): WireError {
  if (isEngineError(error)) return { origin: 'engine', code: error.code, message: error.message, data: plainData(error.data) }
  if (isClientError(error)) return { origin: 'client', code: error.code, message: error.message, data: plainData(error.data) }
  const name = error instanceof Error ? error.name : typeof error
  const message = error instanceof Error ? error.message : String(error)
  return { origin: 'client', code: 'internal', message, data: { name } }
}

export function fromWire(wire: WireError): EngineError | ClientError {
  if (wire.origin === 'engine' && isErrorCode(wire.code)) {
    return engineErrorFromJSON({ name: 'EngineError', code: wire.code, message: wire.message, data: wire.data as EngineError['data'] })
  }
  if (wire.origin === 'client' && isClientErrorCode(wire.code)) {
    return new ClientError(wire.code, wire.message, wire.data as ClientError['data'])
  }
  return new ClientError('internal', wire.message, { name: `unknown error code ${wire.code}` })
}

/** Run `work` and wrap its outcome; nothing it throws escapes as a bare Error. */
export async function settle<T>(work: () => T | Promise<T>): Promise<WireResult<T>> {
  try {
    return { ok: true, value: await work() }
  } catch (error) {
    return { ok: false, error: toWire(error) }
  }
}

export function unwrap<T>(result: WireResult<T>): T {
  if (result.ok) return result.value
  throw fromWire(result.error)
}

function isErrorCode(code: string): code is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code)
}

/** Error data is plain JSON by contract; a round trip guarantees it survives structured clone. */
function plainData(data: unknown): unknown {
  return data === undefined ? {} : JSON.parse(JSON.stringify(data))
}
