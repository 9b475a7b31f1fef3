/**
 * The one table from error code to HTTP status, and the envelope every failure is rendered in:
 * `{ error: { code, message, docs, ...details } }`. Engine errors keep their code and their data
 * (issues, candidates, allowed types...); anything unknown becomes a bare 500 `internal`.
 */
import { isEngineError, type ErrorCode } from '@openfactors/engine'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** Codes the server raises itself (auth, quotas, body guard, routing); the engine's codes come from the engine. */
export type ServerErrorCode =
  | 'unauthorized' | 'forbidden' | 'not_found' | 'method_not_allowed' | 'key_exists'
  | 'payload_too_large' | 'unsupported_media_type' | 'rate_limited' | 'quota_exceeded' | 'internal'
  | 'store_unavailable' | 'calculation_timeout'

/** Every engine code and every server code has a status: a new code that is missing here does not compile. */
export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  factor_not_found: 404,
  method_not_allowed: 405,
  key_exists: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unknown_factor: 422,
  invalid_denominator: 422,
  unit_not_convertible: 422,
  as_of_out_of_range: 422,
  currency_mismatch: 422,
  not_resolved: 422,
  rate_limited: 429,
  quota_exceeded: 429,
  internal: 500,
  release_invalid: 503,
  store_unavailable: 503,
  calculation_timeout: 503,
} as const satisfies Record<ErrorCode | ServerErrorCode, ContentfulStatusCode>

export type ApiErrorCode = keyof typeof ERROR_STATUS

/** One line per code for the error reference page (`/docs/errors#<code>`). */
export const ERROR_DESCRIPTIONS: Record<ApiErrorCode, string> = {
  invalid_request: 'The request does not match the schema: malformed JSON, a missing or mistyped field, a limit above its maximum. `error.issues[]` lists each problem as `{ path, message }`.',
  unauthorized: 'The `Authorization: Bearer <key>` header is missing, the key is unknown, or it was rotated (replaced).',
  forbidden: 'The key is valid but its plan does not include this feature (webhooks and the bulk feed need the business or enterprise plan).',
  not_found: 'No such route. Check the path against `/docs`.',
  factor_not_found: 'No factor has this key in the selected data version. `error.candidates[]` lists close keys as `{ key, name, score }`, best first.',
  method_not_allowed: 'The route exists but not for this HTTP method. The `Allow` header lists the methods it accepts.',
  key_exists: 'A key has already been issued for this email. Rotate it with `POST /v1/keys/rotate` using the current key.',
  payload_too_large: 'The request body is larger than the server accepts (1 MiB by default, `OPENFACTORS_BODY_LIMIT`).',
  unsupported_media_type: 'A request with a body must send `Content-Type: application/json`.',
  unknown_factor: 'The calculation names factor keys that do not exist in the selected data version (or are of the wrong kind). `error.keys[]` names them.',
  invalid_denominator: 'The holding\'s `denominator.type` does not belong to its asset class. `error.allowed[]` lists the types that do.',
  unit_not_convertible: 'A quantity cannot be converted to the unit the factor needs. Embodied: `error.missing[]` says what is missing (e.g. `thickness_m`). Emissions: the unit is unknown or ambiguous (`gallon`: US or UK), in another dimension than the factor with no published sibling row, or a currency other than the factor\'s (no exchange rates); returned when no line of the ledger could be calculated, `error.lines[]` lists them.',
  as_of_out_of_range: '`as_of` names a date before the first data version or a version that does not exist. `error.earliest` and `error.available[]` say what does.',
  currency_mismatch: 'A spend factor\'s currency or price year does not match the holding\'s.',
  not_resolved: 'No factor matches a description (emissions: every line of the ledger failed and the first failure was a description nobody matches). `error.descriptions[]` names them and `error.lines[]` gives each failed line\'s own code and message.',
  rate_limited: 'The per-minute burst limit of the key (or, on open endpoints, of the client address) is used up. Wait `Retry-After` seconds.',
  quota_exceeded: 'The key\'s monthly quota is used up. `Retry-After` gives the seconds until the month resets (UTC).',
  internal: 'An unexpected server error. The body never carries internal detail; the `X-Request-Id` header identifies the request in the server log.',
  release_invalid: 'The server has no usable data release loaded. Try again later.',
  calculation_timeout: 'The calculation did not finish within the server\'s time limit (`OPENFACTORS_CALC_TIMEOUT_MS`) and was stopped. Send a smaller request or retry after `Retry-After` seconds.',
  store_unavailable: 'The store behind keys and quotas (SQLite or PostgreSQL) did not answer in time. Nothing was counted; retry after `Retry-After` seconds.',
}

/** Lists in an error body (issues, keys...) carry at most this many entries, plus `<name>_count`. */
export const MAX_ERROR_ITEMS = 20

/** Cap every list in error details so an error is never proportional to the input. */
export function capDetails(details: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(details)) {
    if (Array.isArray(value) && value.length > MAX_ERROR_ITEMS) {
      out[name] = value.slice(0, MAX_ERROR_ITEMS)
      out[`${name}_count`] = value.length
    } else {
      out[name] = value
    }
  }
  return out
}

export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; docs: string; [detail: string]: unknown }
}

/** An error the server raises itself (auth, quotas, body guard, routing). */
export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export function docsUrl(code: string): string {
  return `/docs/errors#${code}`
}

function isApiErrorCode(code: string): code is ApiErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_STATUS, code)
}

export interface RenderedError {
  status: ContentfulStatusCode
  body: ApiErrorBody
  headers: Record<string, string>
  /** True when the cause was not one we know: log it, never show it. */
  unexpected: boolean
}

/** Turn anything thrown into the envelope. Unknown errors never leak their message. */
export function renderError(err: unknown): RenderedError {
  if (err instanceof ApiError) {
    return {
      status: ERROR_STATUS[err.code],
      body: { error: { ...capDetails(err.details), code: err.code, message: err.message, docs: docsUrl(err.code) } },
      headers: err.headers,
      unexpected: false,
    }
  }
  if (isEngineError(err) && isApiErrorCode(err.code)) {
    const data = typeof err.data === 'object' && err.data !== null ? (err.data as unknown as Record<string, unknown>) : {}
    return {
      status: ERROR_STATUS[err.code],
      body: { error: { ...capDetails(data), code: err.code, message: err.message.slice(0, 500), docs: docsUrl(err.code) } },
      headers: {},
      unexpected: false,
    }
  }
  return {
    status: 500,
    body: { error: { code: 'internal', message: 'Internal server error.', docs: docsUrl('internal') } },
    headers: {},
    unexpected: true,
  }
}

/** zod issues -> the `{ path, message }` list of `invalid_request`. */
export function issuesFrom(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Array<{ path: string; message: string }> {
  return issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))
}

export function invalidRequest(message: string, issues: Array<{ path: string; message: string }>): ApiError {
  return new ApiError('invalid_request', message, { issues })
}
