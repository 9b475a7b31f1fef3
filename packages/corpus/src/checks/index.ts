/** All build-time label checks over one edition's rows (issue 17). */
import type { FactorRow } from '@openfactors/engine/release'
import { checkBasis } from './basis.ts'
import { checkMagnitude } from './magnitude.ts'
import { checkUniqueNames } from './names.ts'
import { checkNegative } from './negative.ts'
import type { CheckMark } from './types.ts'

export { CHECK_IDS, type CheckId, type CheckMark } from './types.ts'

export function checkEdition(rows: readonly FactorRow[]): CheckMark[] {
  return [...checkUniqueNames(rows), ...checkBasis(rows), ...checkMagnitude(rows), ...checkNegative(rows)]
}
