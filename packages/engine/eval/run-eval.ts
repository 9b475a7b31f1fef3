/**
 * `npm run eval -w @openfactors/engine [-- releasesDir]`: resolve every description of
 * eval/resolve-eval.json against the latest release build and print top-1, top-5 and MRR,
 * then every case that missed the top spot.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createEngine } from '../src/engine.ts'
import { readLatestArtifact } from './release-file.ts'
import type { EvalFile } from './eval-file.ts'
import { evaluate } from './evaluate.ts'
import { baselineScores } from './baseline.ts'
import { parseArtifact } from '../src/release/parse.ts'

const latest = readLatestArtifact(process.argv[2])
if (!latest) {
  console.error('No release build found (run `npm run corpus -- build`, or pass a releases directory).')
  process.exit(1)
}
const file = JSON.parse(readFileSync(join(import.meta.dirname, 'resolve-eval.json'), 'utf8')) as EvalFile
const engine = createEngine()
engine.load(latest.bytes)
const result = evaluate(engine, file)
const pct = (x: number) => `${(100 * x).toFixed(1)}%`
console.log(`release ${latest.mb_version} (${latest.dir}); ${result.cases} cases`)
console.log(`all       top-1 ${pct(result.top1)}   top-5 ${pct(result.top5)}   MRR ${result.mrr.toFixed(3)}`)
for (const set of ['dev', 'holdout', 'holdout2', 'holdout3', 'holdout4', 'holdout5'] as const) {
  const r = evaluate(engine, file, set)
  console.log(`${set.padEnd(9)} top-1 ${pct(r.top1)}   top-5 ${pct(r.top5)}   MRR ${r.mrr.toFixed(3)}   (${r.cases} cases)`)
}
const baseline = baselineScores(parseArtifact(latest.bytes), file)
console.log(`baseline  top-1 ${pct(baseline.top1)}   top-5 ${pct(baseline.top5)}   MRR ${baseline.mrr.toFixed(3)}   (plain minisearch over names)`)
for (const r of result.results) {
  if (r.rank !== 1) console.log(`  ${r.rank === null ? 'miss' : `#${r.rank}  `}  [${r.set}] ${r.description}\n        got ${r.top}\n        want ${r.expected}`)
}
