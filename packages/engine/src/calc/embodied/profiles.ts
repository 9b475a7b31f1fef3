export const METHODOLOGY_PROFILES = {} as const
