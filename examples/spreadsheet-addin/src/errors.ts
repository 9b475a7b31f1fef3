/**
 * Engine and client errors -> spreadsheet error values with a readable message: a key that is
 * not there is #N/A (with the engine's "did you mean"), input the engine refuses is #VALUE!
 * (with which argument and why), and a corpus that cannot be loaded is #N/A.
 */
import { isClientError, isEngineError } from '@openfactors/web-worker'
import type { CustomFunctionsApi, ErrorCodeName } from './custom-functions-shim.ts'

const NOT_AVAILABLE = new Set(['factor_not_found', 'unknown_factor', 'not_resolved', 'corpus_unavailable', 'client_closed', 'integrity_mismatch'])
// Excel shows a short message; keep it to one readable line.
const MAX_MESSAGE = 250

export function errorCodeFor(code: string): ErrorCodeName {
  return NOT_AVAILABLE.has(code) ? 'notAvailable' : 'invalidValue'
}

export function messageOf(error: unknown): string {
  if (isEngineError(error) || isClientError(error)) {
    const data = error.data as { issues?: Array<{ path: string; message: string }>; candidates?: Array<{ key: string }> | Record<string, Array<{ key: string }>> } | undefined
    const issues = data?.issues?.map((i) => `${i.path || 'input'}: ${i.message}`).join('; ')
    // A lookup lists candidates; a calculation lists them per unknown key.
    const listed = Array.isArray(data?.candidates) ? data.candidates : Object.values(data?.candidates ?? {}).flat()
    const candidates = listed.slice(0, 3).map((c) => c.key).join(', ')
    return [error.message, issues, candidates ? `Did you mean ${candidates}?` : ''].filter(Boolean).join(' ')
  }
  return error instanceof Error ? error.message : String(error)
}

export function toSpreadsheetError(api: CustomFunctionsApi, error: unknown): Error {
  const code = isEngineError(error) || isClientError(error) ? errorCodeFor(error.code) : 'invalidValue'
  const message = messageOf(error)
  return new api.Error(api.ErrorCode[code], message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message)
}
