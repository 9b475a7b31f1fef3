/**
 * Turn eval/cases.ts (key patterns) into eval/resolve-eval.json (source cells) against a
 * release build. Run when the cases change: `npx tsx --conditions=@openfactors/source packages/engine/eval/author-eval.ts [releasesDir]`.
 * Prints every case whose patterns match nothing, so the set never silently loses a case.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { readLatestArtifact } from './release-file.ts'
import { parseArtifact } from '../src/release/parse.ts'
import { CASES } from './cases.ts'
import type { EvalFile } from './eval-file.ts'

const dir = process.argv[2]
const latest = readLatestArtifact(dir)
if (!latest) throw new Error('no release build found (run `npm run corpus -- build`)')
const artifact = parseArtifact(latest.bytes)
const out: EvalFile = { format: 'openfactors.resolve-eval/1', built_against: artifact.mb_version, cases: [] }
let missing = 0
for (const spec of CASES) {
  const patterns = spec.accept.map((p) => new RegExp(p))
  const rows = artifact.factors.filter((f) => patterns.some((p) => p.test(f.key)))
  if (rows.length === 0) {
    missing++
    console.error(`NO MATCH: ${spec.description}  ${spec.accept.join(' ')}`)
    continue
  }
  out.cases.push({
    description: spec.description,
    ...(spec.country ? { country: spec.country } : {}),
    ...(spec.unit ? { unit: spec.unit } : {}),
    ...(spec.note ? { note: spec.note } : {}),
    set: spec.set ?? 'dev',
    accept: rows.map((r) => ({ source: r.source_id, cell_ref: r.cell_ref, key_when_written: r.key })),
  })
}
writeFileSync(join(import.meta.dirname, 'resolve-eval.json'), `${JSON.stringify(out, null, 1)}\n`)
console.log(`${out.cases.length} cases written, ${missing} without a match`)
