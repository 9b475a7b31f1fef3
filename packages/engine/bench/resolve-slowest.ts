/**
 * The slowest descriptions of the development set for resolve, on the real latest release:
 * one warm-up pass, then `rounds` timed passes; prints the spread over every call and the
 * descriptions whose best time is slowest. Run: `npx tsx --conditions=@openfactors/source
 * packages/engine/bench/resolve-slowest.ts [rounds] [--search]`.
 */
import { createEngine } from '../src/engine.ts'
import { parseArtifact } from '../src/release/parse.ts'
import { readLatestArtifact } from '../eval/release-file.ts'
import { EVAL_DESCRIPTIONS_FOR_BENCH } from './descriptions.ts'

const latest = readLatestArtifact()
if (!latest) throw new Error('no release build')
const engine = createEngine()
engine.load(latest.bytes)
const descriptions = EVAL_DESCRIPTIONS_FOR_BENCH(parseArtifact(latest.bytes))
const rounds = Number(process.argv[2] ?? 3)
const q = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN
const spread = (t: number[]) => {
  const s = [...t].sort((a, b) => a - b)
  return { median: q(s, 0.5).toFixed(3), p90: q(s, 0.9).toFixed(3), p99: q(s, 0.99).toFixed(3), max: (s.at(-1) ?? NaN).toFixed(1) }
}
if (process.argv.includes('--search')) {
  const oneWord = ['diesel', 'electricity', 'hotel', 'concrete', 'steel', 'cement', 'petrol', 'flights', 'waste', 'water']
  for (const w of oneWord) engine.search({ search: w })
  const all: number[] = []
  const per = new Map<string, number[]>()
  for (let r = 0; r < 30; r++) for (const w of oneWord) {
    const t = performance.now()
    engine.search({ search: w })
    const d = performance.now() - t
    all.push(d)
    per.set(w, [...(per.get(w) ?? []), d])
  }
  console.log('one-word search', spread(all))
  for (const [w, t] of per) console.log(w, spread(t))
} else {
  let t0 = performance.now()
  for (const d of descriptions) engine.resolve({ description: d })
  console.log(`first pass ${(performance.now() - t0).toFixed(0)} ms`)
  const all: number[] = []
  const cpuAll: number[] = []
  const best = new Map<string, number>()
  t0 = performance.now()
  const cpu0 = process.cpuUsage()
  for (let r = 0; r < rounds; r++) {
    for (const d of descriptions) {
      const c = process.cpuUsage()
      const t = performance.now()
      engine.resolve({ description: d })
      const e = performance.now() - t
      const used = process.cpuUsage(c)
      cpuAll.push((used.user + used.system) / 1000)
      all.push(e)
      best.set(d, Math.min(best.get(d) ?? Infinity, e))
    }
  }
  const cpu = process.cpuUsage(cpu0)
  console.log(`timed ${rounds} passes ${(performance.now() - t0).toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU`)
  console.log('all calls', spread(all))
  console.log('all calls, CPU time', spread(cpuAll))
  console.log('best per description', spread([...best.values()]))
  for (const [d, t] of [...best].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 25))) console.log(t.toFixed(2).padStart(8), d)
}
