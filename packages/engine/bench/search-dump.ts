/**
 * Searches over the real latest release, one JSON line each (keys of the first page and the
 * total): the one-word benchmark queries and the first words of development-set descriptions,
 * with several kinds. Two dumps compared show whether a speed change altered any result.
 * Run: `npx tsx --conditions=@openfactors/source packages/engine/bench/search-dump.ts > out.jsonl`.
 */
import { createEngine } from '../src/engine.ts'
import { parseArtifact } from '../src/release/parse.ts'
import { readLatestArtifact } from '../eval/release-file.ts'
import { EVAL_DESCRIPTIONS_FOR_BENCH } from './descriptions.ts'

const latest = readLatestArtifact()
if (!latest) throw new Error('no release build')
const engine = createEngine()
engine.load(latest.bytes)
const words = ['diesel', 'electricity', 'hotel', 'concrete', 'steel', 'cement', 'petrol', 'flights', 'waste', 'water', 'co2 diesel', 'margins']
const queries = [...words, ...EVAL_DESCRIPTIONS_FOR_BENCH(parseArtifact(latest.bytes)).filter((_d, i) => i % 7 === 0).map((d) => d.split(/\s+/).slice(0, 2).join(' '))]
for (const search of queries) {
  for (const kind of ['emission_factor', 'all', 'component'] as const) {
    const r = engine.search({ search, kind, limit: 20 })
    console.log(JSON.stringify([search, kind, r.total, r.factors.map((f) => f.key)]))
  }
}
