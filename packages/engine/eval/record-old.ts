/**
 * One-off (issue 12): the figures of the resolver before the fitted ranker, on the frozen split of
 * the development set, written before it was replaced (`npx tsx packages/engine/eval/record-old.ts`).
 */
import { parseArtifact } from '../src/release/parse.ts'
import { createEngine } from '../src/engine.ts'
import { devSet } from './dev-set.ts'
import { formatScores, outcomeOf, scores } from './metrics.ts'
import type { CaseOutcome } from './metrics.ts'
import { readLatestArtifact } from './release-file.ts'
import { plainMinisearch } from './baseline.ts'

const latest = readLatestArtifact()
if (!latest) throw new Error('no release build')
const artifact = parseArtifact(latest.bytes)
const cases = devSet(artifact)
const engine = createEngine()
engine.load(latest.bytes)
const old: CaseOutcome[] = cases.map((c) => {
  const matches = engine.resolve({ description: c.description, limit: 5, ...(c.country ? { country: c.country } : {}), ...(c.unit ? { unit: c.unit } : {}) }).matches
  return outcomeOf(c, matches)
})
const base = plainMinisearch(artifact)
const plain = cases.map((c) => outcomeOf(c, base(c.description)))
for (const [name, outcomes] of [['old resolver', old], ['plain minisearch', plain]] as const) {
  for (const split of ['train', 'heldout'] as const) {
    for (const source of ['activity', 'purchase'] as const) {
      console.log(formatScores(`${name} ${split} ${source}`, scores(outcomes.filter((o) => o.c.split === split && o.c.source === source))))
    }
  }
}
