/**
 * Benchmarks of the finding half on the full latest release (issue 3 targets):
 * cold start (parse + index), restore from snapshot, heap after load, lookup, search,
 * resolve (median, p99) and resolve against a plain minisearch query over names.
 *
 * Node-only (reads the gzipped artifact from disk), so it sits outside the engine's
 * runtime-neutral sources. Run alone: `npx tsx packages/engine/bench/find.ts`.
 */
import MiniSearch from 'minisearch'
import { createEngine } from '../src/engine.ts'
import { EVAL_DESCRIPTIONS_FOR_BENCH } from './descriptions.ts'
import { parseArtifact } from '../src/release/parse.ts'
import { defaultReleasesDir, readLatestArtifact } from '../eval/release-file.ts'

interface Spread {
  median: number
  p90: number
  p99: number
  max: number
}

export interface FindingBenchResult {
  mb_version: string
  factors: number
  artifact_mb: number
  cold_start_ms: number
  cold_start_full_validation_ms: number
  restore_ms: number
  /** Whole JS heap after load and GC (what the process holds with one release loaded). */
  heap_after_load_mb: number
  /** Growth of the heap caused by the load. */
  heap_growth_mb: number
  lookup_median_us: number
  search_median_ms: number
  /** One-word searches ("diesel", "electricity", …): median, p90, p99, max. */
  search_one_word_ms: Spread
  /**
   * The same calls in CPU time of the process (user + system, all its threads): what the wall time
   * would be with the cores to itself, since a shared machine's run queue adds wall time only.
   * Microsecond resolution, so short calls read 0 or 1 µs steps.
   */
  search_one_word_cpu_ms: Spread
  /** The first search of each of those words (fuzzy neighbours not yet remembered). */
  search_one_word_first_ms: Spread
  /** Resolve over the whole development set (eval/dev-set.ts), each description 3 times. */
  resolve_descriptions: number
  resolve_ms: Spread
  /** The same calls in CPU time (see search_one_word_cpu_ms). */
  resolve_cpu_ms: Spread
  /** The first resolve of each description (lazy indexes built, memos filled on the way). */
  resolve_first_pass_ms: Spread
  resolve_median_ms: number
  resolve_p99_ms: number
  baseline_median_ms: number
  resolve_to_baseline_ratio: number
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

function timeEach<T>(items: readonly T[], rounds: number, fn: (item: T) => unknown, cpu?: number[]): number[] {
  const out: number[] = []
  for (let r = 0; r < rounds; r++) {
    for (const item of items) {
      const c = cpu ? process.cpuUsage() : null
      const t = performance.now()
      fn(item)
      out.push(performance.now() - t)
      if (cpu && c) {
        const used = process.cpuUsage(c)
        cpu.push((used.user + used.system) / 1000)
      }
    }
  }
  cpu?.sort((a, b) => a - b)
  return out.sort((a, b) => a - b)
}

function gc(): void {
  const g = (globalThis as { gc?: () => void }).gc
  if (g) {
    g()
    g()
  }
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d

export function benchFinding(dir = defaultReleasesDir()): FindingBenchResult | null {
  const latest = readLatestArtifact(dir)
  if (!latest) return null

  // Cold start is the first load in this process (parse + validate + index), JIT included.
  gc()
  const heapBefore = process.memoryUsage().heapUsed
  let t = performance.now()
  const engine = createEngine()
  engine.load(latest.bytes)
  const cold = performance.now() - t
  gc()
  const heapAfter = process.memoryUsage().heapUsed

  t = performance.now()
  createEngine({ validation: 'full' }).load(latest.bytes)
  const coldFull = performance.now() - t

  // A snapshot travels through IndexedDB as a structured clone; restore starts from the object.
  const snapshot = structuredClone(engine.snapshot())
  const restoreTimes: number[] = []
  for (let r = 0; r < 3; r++) {
    const copy = structuredClone(snapshot)
    t = performance.now()
    createEngine().restore(copy)
    restoreTimes.push(performance.now() - t)
  }
  const restore = Math.min(...restoreTimes)

  const all = engine.search({ limit: 100 })
  const keys: string[] = []
  for (let offset = 0; offset < all.total && keys.length < 2000; offset += 97) {
    const page = engine.search({ limit: 1, offset })
    if (page.factors[0]) keys.push(page.factors[0].key)
  }
  // Lookup is too fast to time one call: time batches and divide.
  const batches: number[] = []
  for (let r = 0; r < 50; r++) {
    const s = performance.now()
    for (const k of keys) engine.lookup(k)
    batches.push(((performance.now() - s) * 1000) / keys.length)
  }
  batches.sort((a, b) => a - b)

  gc()
  const searches = ['diesel', 'electricity', 'hotel', 'concrete', 'natural gas', 'flights economy', 'steel', 'waste landfill', 'petrol car', 'cement']
  const searchTimes = timeEach(searches, 30, (q) => engine.search({ search: q }))

  const oneWord = ['diesel', 'electricity', 'hotel', 'concrete', 'steel', 'cement', 'petrol', 'flights', 'waste', 'water']
  // The first search of each word walks the term tree for its fuzzy neighbours; later ones reuse them.
  const oneWordFirst = timeEach(oneWord, 1, (q) => engine.search({ search: q }))
  const oneWordCpu: number[] = []
  const oneWordTimes = timeEach(oneWord, 30, (q) => engine.search({ search: q }), oneWordCpu)

  const descriptions = EVAL_DESCRIPTIONS_FOR_BENCH(parseArtifact(latest.bytes))
  // Each timed phase starts after a collection of the phases before: the cold starts and restores above
  // leave four engines' garbage, which a serving process (one engine, loaded once) does not carry, and
  // whose collection otherwise lands in the resolve timings (p99 5.0-5.3 ms with it, 3.8-4.0 without:
  // docs/benchmarks.md).
  gc()
  // The first pass builds the per-gas and industry indexes on first use and fills the per-index
  // memos of fuzzy neighbours and typo corrections: a description's first resolve.
  const firstPass = timeEach(descriptions, 1, (d) => engine.resolve({ description: d }))
  const resolveCpu: number[] = []
  const resolveTimes = timeEach(descriptions, 3, (d) => engine.resolve({ description: d }), resolveCpu)
  const spread = (t: number[]) => ({ median: round(quantile(t, 0.5)), p90: round(quantile(t, 0.9)), p99: round(quantile(t, 0.99)), max: round(t.at(-1) ?? Number.NaN) })

  const names = new MiniSearch<{ id: number; name: string }>({ fields: ['name'] })
  names.addAll(all.total ? collectNames(engine, all.total) : [])
  const baselineTimes = timeEach(descriptions, 3, (d) => names.search(d, { prefix: true, fuzzy: 0.2 }).slice(0, 5))

  const resolveMedian = quantile(resolveTimes, 0.5)
  const baselineMedian = quantile(baselineTimes, 0.5)
  return {
    mb_version: latest.mb_version,
    factors: all.total,
    artifact_mb: round(latest.bytes.byteLength / 1e6, 1),
    cold_start_ms: round(cold, 0),
    cold_start_full_validation_ms: round(coldFull, 0),
    restore_ms: round(restore, 0),
    heap_after_load_mb: round(heapAfter / 2 ** 20, 0),
    heap_growth_mb: round((heapAfter - heapBefore) / 2 ** 20, 0),
    lookup_median_us: round(quantile(batches, 0.5), 2),
    search_median_ms: round(quantile(searchTimes, 0.5)),
    search_one_word_ms: spread(oneWordTimes),
    search_one_word_cpu_ms: spread(oneWordCpu),
    search_one_word_first_ms: spread(oneWordFirst),
    resolve_descriptions: descriptions.length,
    resolve_ms: spread(resolveTimes),
    resolve_cpu_ms: spread(resolveCpu),
    resolve_first_pass_ms: spread(firstPass),
    resolve_median_ms: round(resolveMedian),
    resolve_p99_ms: round(quantile(resolveTimes, 0.99)),
    baseline_median_ms: round(baselineMedian),
    resolve_to_baseline_ratio: round(resolveMedian / baselineMedian, 1),
  }
}

function collectNames(engine: ReturnType<typeof createEngine>, total: number): Array<{ id: number; name: string }> {
  const out: Array<{ id: number; name: string }> = []
  for (let offset = 0; offset < total; offset += 100) {
    for (const f of engine.search({ limit: 100, offset }).factors) out.push({ id: out.length, name: f.name })
  }
  return out
}

/** Run alone: `node --expose-gc --import tsx packages/engine/bench/find.ts` (GC makes the heap figure exact). */
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = benchFinding()
  if (!result) {
    console.error(`No release build in ${defaultReleasesDir()} (run \`npm run corpus -- build\`).`)
    process.exitCode = 1
  } else {
    console.table(result)
  }
}
