/**
 * Errors the browser client raises itself, beside the engine's own catalogue: the corpus could
 * not be fetched, a download failed its hash, the worker is gone. Same shape as EngineError
 * (`code`, `message`, `data`) and the same kind of brand, so callers can treat both alike.
 */

/** Every code the client can raise, with the data it carries. */
export interface ClientErrorDataByCode {
  /** No release could be loaded: offline (or the server failed) and nothing usable in the cache. */
  corpus_unavailable: { reason: string; url?: string; status?: number; mb_version?: string }
  /** A downloaded artifact's sha256 differs from the one the manifest names; it was not used. */
  integrity_mismatch: { file: string; expected: string; actual: string }
  /** The client was closed, or the worker died, before the call could answer. */
  client_closed: { reason: string }
  /** Anything unexpected inside the worker; the message says what. */
  internal: { name: string }
}

export type ClientErrorCode = keyof ClientErrorDataByCode

export const CLIENT_ERROR_CODES = [
  'corpus_unavailable',
  'integrity_mismatch',
  'client_closed',
  'internal',
] as const satisfies readonly ClientErrorCode[]

const BRAND = '__openfactors_client_error__'

export class ClientError<C extends ClientErrorCode = ClientErrorCode> extends Error {
  readonly code: C
  readonly data: ClientErrorDataByCode[C]
  readonly [BRAND] = true

  constructor(code: C, message: string, data: ClientErrorDataByCode[C]) {
    super(message)
    this.name = 'ClientError'
    this.code = code
    this.data = data
  }

  toJSON(): { name: 'ClientError'; code: C; message: string; data: ClientErrorDataByCode[C] } {
    return { name: 'ClientError', code: this.code, message: this.message, data: this.data }
  }
}

export function isClientError(value: unknown): value is ClientError {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[BRAND] === true
}

export function isClientErrorCode(code: string): code is ClientErrorCode {
  return (CLIENT_ERROR_CODES as readonly string[]).includes(code)
}
