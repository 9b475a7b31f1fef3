/**
 * Write eval/split.tsv: one line per case, `id<TAB>split<TAB>source`, sorted by id. Run once before
 * fitting, then only to add new cases: lines already there are kept and never change
 * (`npx tsx packages/engine/eval/freeze-split.ts`).
 */
import { writeFileSync } from 'node:fs'
import { parseArtifact } from '../src/release/parse.ts'
import { activityCases, frozenSplit, purchaseCases, SPLIT_FILE } from './dev-set.ts'
import { readLatestArtifact } from './release-file.ts'

const latest = readLatestArtifact()
if (!latest) throw new Error('no release build found (run `npm run corpus -- build`)')
const artifact = parseArtifact(latest.bytes)
const missing: string[] = []
const dropped: string[] = []
const cases = [...activityCases(artifact, missing), ...purchaseCases(artifact, undefined, dropped)]
const lines = new Map<string, string>()
for (const [id, split] of frozenSplit()) lines.set(id, `${id}\t${split}`)
for (const c of cases) {
  const old = lines.get(c.id)
  if (old && !old.startsWith(`${c.id}\t${c.split}`)) throw new Error(`case "${c.description}" would move`)
  lines.set(c.id, `${c.id}\t${c.split}\t${c.source}`)
}
writeFileSync(SPLIT_FILE, `${[...lines.keys()].sort().map((id) => lines.get(id)).join('\n')}\n`)
for (const m of missing) console.error(`NO MATCH: ${m}`)
console.error(`${dropped.length} purchase lines left out (no fitting industry or no factor for the code)`)
const count = (source: string, split: string) => cases.filter((c) => c.source === source && c.split === split).length
console.log(`activity: ${count('activity', 'train')} train, ${count('activity', 'heldout')} held out`)
console.log(`purchase: ${count('purchase', 'train')} train, ${count('purchase', 'heldout')} held out`)
