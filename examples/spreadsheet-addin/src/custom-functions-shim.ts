/**
 * The slice of Excel's `CustomFunctions` API this add-in uses, typed, and a stand-in for pages
 * where the Office runtime is absent (a plain browser tab, tests of our own code): the same
 * `associate(id, fn)`, `Error(code, message)` and `ErrorCode` values, with the registered
 * functions kept on `globalThis.OPENFACTORS_FUNCTIONS` so they can still be called.
 */

/** Excel's error values, as `CustomFunctions.ErrorCode` names them. */
export const ERROR_CODE = {
  invalidValue: '#VALUE!',
  notAvailable: '#N/A',
  divisionByZero: '#DIV/0!',
  invalidNumber: '#NUM!',
  nullReference: '#NULL!',
  invalidName: '#NAME?',
  invalidReference: '#REF!',
} as const
export type ErrorCodeName = keyof typeof ERROR_CODE

// Spreadsheet functions take and return plain values; Excel passes null for an omitted optional argument.
export type CellValue = string | number | boolean | null | undefined
export type CustomFunction = (...args: never[]) => unknown

export interface CustomFunctionsApi {
  associate(id: string, fn: CustomFunction): void
  Error: new (code: string, message?: string) => Error
  ErrorCode: Record<ErrorCodeName, string>
}

/** What the stand-in throws: an Error carrying the spreadsheet error value as `code`. */
export class SpreadsheetError extends Error {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message ?? code)
    this.name = 'CustomFunctions.Error'
  }
}

export interface ShimGlobal {
  CustomFunctions?: CustomFunctionsApi
  OPENFACTORS_FUNCTIONS?: Map<string, CustomFunction>
}

/** The host's CustomFunctions when the Office runtime provides it, else the stand-in. */
export function customFunctionsApi(scope: ShimGlobal = globalThis as ShimGlobal): CustomFunctionsApi {
  if (scope.CustomFunctions) return scope.CustomFunctions
  const registry = (scope.OPENFACTORS_FUNCTIONS ??= new Map<string, CustomFunction>())
  return {
    associate: (id, fn) => void registry.set(id, fn),
    Error: SpreadsheetError,
    ErrorCode: { ...ERROR_CODE },
  }
}
