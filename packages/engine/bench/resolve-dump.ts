/**
 * Every development-set description resolved (with its hints), one JSON line each: keys,
 * confidences, decisions and explanations. Two dumps compared show whether a speed change altered any answer.
 * Run: `npx tsx --conditions=@openfactors/source packages/engine/bench/resolve-dump.ts > out.jsonl`.
 */
import { createEngine } from '../src/engine.ts'
import { parseArtifact } from '../src/release/parse.ts'
import { readLatestArtifact } from '../eval/release-file.ts'
import { devSet } from '../eval/dev-set.ts'

const latest = readLatestArtifact()
if (!latest) throw new Error('no release build')
const engine = createEngine()
engine.load(latest.bytes)
for (const c of devSet(parseArtifact(latest.bytes))) {
  const r = engine.resolve({ description: c.description, limit: 10, ...(c.country ? { country: c.country } : {}), ...(c.unit ? { unit: c.unit } : {}) })
  console.log(JSON.stringify([c.description, r.matches.map((m) => [m.key, m.confidence, m.decision, m.explanation])]))
}
