/**
 * The one shape of the training-only case files written after trying resolve as a user
 * (cases-5.ts on): a row per description with its hints and one accepted key pattern.
 */
import type { EvalCaseSpec } from './cases.ts'

export type CaseRow = [description: string, unit: string | null, country: string | null, accept: string]

export function caseRows(rows: readonly CaseRow[]): EvalCaseSpec[] {
  return rows.map(([description, unit, country, accept]) => ({ description, accept: [accept], ...(unit ? { unit } : {}), ...(country ? { country } : {}) }))
}

/** The EPA supply-chain factor (with margins) of NAICS codes matching `code` (a regex fragment). */
export const naicsKey = (code: string): string => String.raw`^spend\.us\.naics_${code}_[a-z0-9_]+\.with_margins$`

/** A materials key matching `pattern` after `materials.`. */
export const materialKey = (pattern: string): string => String.raw`^materials\.${pattern}$`
