/**
 * Build-time label checks (issue 17): what a check marks, and whether the mark fails the build.
 * A mark with a recorded `reason` is listed in the build report and lets the build pass; a mark
 * without one fails the build.
 */
export const CHECK_IDS = ['unique_name', 'basis_agrees', 'magnitude', 'negative_basis'] as const
export type CheckId = (typeof CHECK_IDS)[number]

export interface CheckMark {
  check: CheckId
  source_id: string
  key: string
  /** What the check saw, in a sentence a person can verify against the file. */
  detail: string
  /** The recorded reason that explains the mark; null fails the build. */
  reason: string | null
}
