/**
 * The engine's error catalogue: stable lower_snake codes with typed data.
 * The server maps each code to an HTTP status in one table; the worker carries
 * `{ code, message, data }` across postMessage; the MCP tools return them as tool errors.
 *
 * Identify errors with `isEngineError` (a brand), never `instanceof` alone: errors cross
 * bundle copies and the worker boundary.
 */

export interface Issue {
  path: string
  message: string
}

/** A ledger line that could not be calculated (emissions: when no line could, the 422 lists them). */
export interface LineFailure {
  id: string
  code: string
  message: string
}

export interface Candidate {
  key: string
  name: string
  score: number
}

/** Every code the engine can raise, with the data it carries. */
export interface ErrorDataByCode {
  /** Input does not match the schema. */
  invalid_request: { issues: Issue[]; /** How many issues there were when `issues` lists only the first ones. */ issues_count?: number }
  /** Lookup of a key that is not in the selected release. */
  factor_not_found: { key: string; candidates: Candidate[] }
  /** A calculation names factor keys that do not exist (or are of the wrong kind). */
  unknown_factor: { keys: string[]; candidates?: Record<string, Candidate[]>; lines?: LineFailure[]; lines_count?: number }
  /** Denominator type not allowed for the asset class. */
  invalid_denominator: { asset_class: string; type: string; allowed: string[]; holding?: string }
  /** A quantity cannot be turned into the unit the factor needs. */
  unit_not_convertible: { from: string; to: string; missing: string[]; line?: string; material_key?: string; lines?: LineFailure[]; lines_count?: number }
  /** No factor could be found for a description (emissions: when no line of a ledger could be calculated). */
  not_resolved: { descriptions: string[]; lines?: LineFailure[]; lines_count?: number }
  /** `as_of` names a date before the first release or a version that does not exist. */
  as_of_out_of_range: { as_of: string; earliest: string; available: string[] }
  /** Currency or price year of a spend factor does not match the holding's. */
  currency_mismatch: { factor_key: string; factor_unit: string; given: string; holding?: string }
  /** No release loaded, or a release artifact that does not validate. */
  release_invalid: { reason: string }
}

export type ErrorCode = keyof ErrorDataByCode

export const ERROR_CODES = [
  'invalid_request',
  'factor_not_found',
  'unknown_factor',
  'invalid_denominator',
  'unit_not_convertible',
  'as_of_out_of_range',
  'currency_mismatch',
  'not_resolved',
  'release_invalid',
] as const satisfies readonly ErrorCode[]

const BRAND = '__openfactors_engine_error__'

export class EngineError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C
  readonly data: ErrorDataByCode[C]
  readonly [BRAND] = true

  constructor(code: C, message: string, data: ErrorDataByCode[C]) {
    super(message)
    this.name = 'EngineError'
    this.code = code
    this.data = data
  }

  toJSON(): SerializedEngineError {
    return { name: 'EngineError', code: this.code, message: this.message, data: this.data }
  }
}

export interface SerializedEngineError {
  name: 'EngineError'
  code: ErrorCode
  message: string
  data: ErrorDataByCode[ErrorCode]
}

export function isEngineError(value: unknown): value is EngineError {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[BRAND] === true
}

/** Rebuild an EngineError from its JSON form (after postMessage or a saved response). */
export function engineErrorFromJSON(json: SerializedEngineError): EngineError {
  return new EngineError(json.code, json.message, json.data)
}

export function engineError<C extends ErrorCode>(code: C, message: string, data: ErrorDataByCode[C]): EngineError<C> {
  return new EngineError(code, message, data)
}
