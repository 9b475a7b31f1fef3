/**
 * Resolve descriptions for the benchmark: the whole development set (eval/dev-set.ts) — the
 * activity descriptions we wrote and, where ../shared/eval-data is present, the Austin purchase lines.
 */
import type { ReleaseArtifact } from '../src/release/schema.ts'
import { devSet } from '../eval/dev-set.ts'

export function EVAL_DESCRIPTIONS_FOR_BENCH(artifact: ReleaseArtifact): string[] {
  return devSet(artifact).map((c) => c.description)
}
