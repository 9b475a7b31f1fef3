/**
 * The `decision` contract shared by resolve (#12) and the emissions calculation (#13): whether a
 * match may be used as it is (`accept`) or needs a person to look at it (`review`). Accept where
 * the calibrated confidence is at least the fitted model's threshold, chosen on out-of-fold
 * training predictions so that accepted matches are right at least 95% of the time
 * (docs/resolve.md reports the held-out precision and the share accepted). Resolve also sends a
 * match whose place or unit named is not met to review.
 */
export type Decision = 'accept' | 'review'

/** `acceptAt`: the confidence at or above which the release's fitted model accepts a match. */
export function decide(confidence: number, acceptAt: number): Decision {
  return confidence >= acceptAt ? 'accept' : 'review'
}

/**
 * The confidence of a match whose place or unit named is not met: never at the threshold, so its
 * confidence says `review` as its decision does. Training has too few such top matches (4-5 of
 * 1,158 miss the unit) for the fitted confidence to learn how much a miss costs.
 */
export function belowAccept(confidence: number, acceptAt: number): number {
  return Math.min(confidence, Math.max(0.001, acceptAt - 0.001))
}
