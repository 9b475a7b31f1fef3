/**
 * The `decision` contract shared by resolve (#12) and the emissions calculation (#13): whether a
 * match may be used as it is (`accept`) or needs a person to look at it (`review`).
 * #12 owns the final body and calibrates the threshold; until then a fixed one.
 */
export type Decision = 'accept' | 'review'

/** Confidence at or above which a match is accepted (uncalibrated placeholder until #12). */
export const ACCEPT_THRESHOLD = 0.9

export function decide(confidence: number): Decision {
  return confidence >= ACCEPT_THRESHOLD ? 'accept' : 'review'
}
