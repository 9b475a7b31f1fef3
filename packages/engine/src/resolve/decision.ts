/**
 * Whether a match can be used without a person checking it (shared with calc/emissions): accept
 * where the calibrated confidence is at least the model's threshold, chosen on out-of-fold
 * training predictions so that accepted matches are right at least 95% of the time
 * (docs/resolve.md reports the held-out precision and the share accepted).
 */
import { RESOLVE_MODEL } from './model.ts'

export type Decision = 'accept' | 'review'

export function decide(confidence: number, acceptAt: number = RESOLVE_MODEL.acceptAt): Decision {
  return confidence >= acceptAt ? 'accept' : 'review'
}
