/**
 * `npm run bench [-- <suite> ...]`: every benchmark of the project in one run, printed as JSON
 * lines. Suites: finding, calc, emissions, corpus, server, browser (default: all). Figures are recorded
 * by hand in docs/benchmarks.md with the machine and the date; they are never asserted in tests.
 */
import { cpus, totalmem, loadavg } from 'node:os'
import { benchCorpusBuild } from '../packages/corpus/bench/build.ts'
import { benchFinding } from '../packages/engine/bench/find.ts'
import { runCalcBench } from '../packages/engine/bench/calc.ts'
import { formatBenchTable, runServerBench } from '../packages/server/bench/load.ts'
import { runEmissionsBench } from '../packages/server/bench/emissions.ts'
import { benchBrowser } from '../packages/web-worker/bench/browser.ts'

type Suite = 'finding' | 'calc' | 'emissions' | 'corpus' | 'server' | 'browser'
const ALL: Suite[] = ['finding', 'calc', 'emissions', 'server', 'browser', 'corpus']

const SUITES: Record<Suite, () => Promise<unknown>> = {
  finding: async () => benchFinding() ?? { skipped: 'no data/releases: run npm run corpus -- build first' },
  calc: async () => {
    // `npm run bench` starts node with --expose-gc so heap deltas are measured after a collection.
    const gc = (globalThis as { gc?: () => void }).gc
    return runCalcBench({ heapUsed: () => process.memoryUsage().heapUsed, ...(gc ? { gc } : {}) })
  },
  emissions: () => runEmissionsBench(),
  corpus: () => benchCorpusBuild(),
  server: async () => {
    const rows = await runServerBench()
    process.stderr.write(`${formatBenchTable(rows)}\n`)
    return rows
  },
  browser: () => benchBrowser(),
}

function pickSuites(argv: string[]): Suite[] {
  if (argv.length === 0) return ALL
  const unknown = argv.filter((a) => !(a in SUITES))
  if (unknown.length > 0) {
    process.stderr.write(`unknown suite(s): ${unknown.join(', ')}; choose from ${ALL.join(', ')}\n`)
    process.exit(2)
  }
  return argv as Suite[]
}

async function main(): Promise<void> {
  const machine = { cpus: cpus().length, cpu_model: cpus()[0]?.model ?? 'unknown', mem_gib: Math.round(totalmem() / 2 ** 30), node: process.version }
  console.log(JSON.stringify({ bench: 'machine', date: new Date().toISOString(), ...machine, load_average: loadavg() }))
  for (const suite of pickSuites(process.argv.slice(2))) {
    const started = Date.now()
    const result = await SUITES[suite]()
    console.log(JSON.stringify({ bench: suite, wall_ms: Date.now() - started, result }))
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`)
  process.exit(1)
})
