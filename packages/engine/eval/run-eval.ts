/**
 * `npm run eval -w @openfactors/engine [-- releasesDir]`: resolve every case of the development
 * set (eval/dev-set.ts) against the latest release build and print top-1, top-5, MRR, expected
 * calibration error and the accepted share with its precision — train and held-out apart, per
 * source and per domain — then the plain-minisearch baseline on the same cases, the figures of
 * the resolver before issue 12 (eval/figures-before.txt), the calibration table of the held-out
 * cases and the held-out misses (`--misses`).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LoadedRelease } from '../src/index/loaded.ts'
import { parseArtifact } from '../src/release/parse.ts'
import { RESOLVE_MODEL } from '../src/resolve/model-data.ts'
import { resolveRelease, ResolveRequestSchema } from '../src/resolve/resolve.ts'
import { plainMinisearch } from './baseline.ts'
import { devSet } from './dev-set.ts'
import type { CaseOutcome } from './metrics.ts'
import { calibrationTable, formatScores, outcomeOf, scores } from './metrics.ts'
import { readLatestArtifact } from './release-file.ts'

const args = process.argv.slice(2)
const latest = readLatestArtifact(args.find((a) => !a.startsWith('--')))
if (!latest) {
  console.error('No release build found (run `npm run corpus -- build`, or pass a releases directory).')
  process.exit(1)
}
const artifact = parseArtifact(latest.bytes)
const release = new LoadedRelease(artifact)
const cases = devSet(artifact)
const outcomes: CaseOutcome[] = cases.map((c) => {
  const req = ResolveRequestSchema.parse({ description: c.description, limit: 5, ...(c.country ? { country: c.country } : {}), ...(c.unit ? { unit: c.unit } : {}) })
  return outcomeOf(c, resolveRelease(release, req, RESOLVE_MODEL).matches)
})
const base = plainMinisearch(artifact)
const baseline = cases.map((c) => outcomeOf(c, base(c.description)))

console.log(`release ${latest.mb_version}; model ${RESOLVE_MODEL.version}; ${cases.length} cases (${cases.filter((c) => c.source === 'purchase').length} purchase lines${cases.some((c) => c.source === 'purchase') ? '' : ': Austin data not found, purchase lines skipped'})`)
for (const split of ['train', 'heldout'] as const) {
  const mine = outcomes.filter((o) => o.c.split === split)
  console.log(`\n== ${split}`)
  console.log(formatScores(`all`, scores(mine)))
  for (const source of ['activity', 'purchase'] as const) console.log(formatScores(`${source}`, scores(mine.filter((o) => o.c.source === source))))
  const domains = [...new Set(mine.filter((o) => o.c.source === 'activity').map((o) => o.c.domain))].sort()
  for (const d of domains) console.log(formatScores(`  activity ${d}`, scores(mine.filter((o) => o.c.source === 'activity' && o.c.domain === d))))
  for (const source of ['activity', 'purchase'] as const) console.log(formatScores(`baseline ${source}`, scores(baseline.filter((o) => o.c.split === split && o.c.source === source))))
}
console.log('\n== before issue 12 (eval/figures-before.txt)')
console.log(readFileSync(join(import.meta.dirname, 'figures-before.txt'), 'utf8').trim())
console.log('\n== calibration, held-out top matches (confidence bucket -> share right)')
for (const b of calibrationTable(outcomes.filter((o) => o.c.split === 'heldout'))) {
  if (b.cases > 0) console.log(`  ${b.from.toFixed(2)}-${b.to.toFixed(2)}  n=${String(b.cases).padStart(4)}  mean confidence ${b.meanConfidence.toFixed(3)}  right ${(100 * b.right).toFixed(1)}%`)
}
if (args.includes('--misses')) {
  const which = args.includes('--train') ? 'train' : 'heldout'
  for (const o of outcomes.filter((x) => x.c.split === which && x.rank !== 1)) {
    console.log(`  ${o.rank === null ? 'miss' : `#${o.rank}  `} [${o.c.source}] ${o.c.description}${o.c.unit ? ` {unit ${o.c.unit}}` : ''}${o.c.country ? ` {country ${o.c.country}}` : ''}\n        got  ${o.top}\n        want ${o.c.accept[0]?.key_when_written}`)
  }
}
