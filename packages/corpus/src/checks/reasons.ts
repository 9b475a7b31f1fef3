/**
 * Recorded reasons for values the magnitude check marks (`magnitude.ts`): each one read against
 * the file. A key listed here is still listed in the build report, with its reason.
 */
export const MAGNITUDE_REASONS: Readonly<Record<string, string>> = {}
