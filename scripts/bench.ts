/**
 * `npm run bench [-- <suite> ...]`: every benchmark of the project in one run, printed as JSON
 * lines. Suites: finding, calc, emissions, corpus, server, http, browser (default: all). Figures are recorded
 * by hand in docs/benchmarks.md with the machine and the date; they are never asserted in tests.
 */
import { spawn } from 'node:child_process'
import { cpus, totalmem, loadavg } from 'node:os'
import { benchCorpusBuild } from '../packages/corpus/bench/build.ts'
import { benchFinding } from '../packages/engine/bench/find.ts'
import { runCalcBench } from '../packages/engine/bench/calc.ts'
import { formatBenchTable, runServerBench } from '../packages/server/bench/load.ts'
import { runEmissionsBench } from '../packages/server/bench/emissions.ts'
import { benchBrowser } from '../packages/web-worker/bench/browser.ts'

type Suite = 'finding' | 'calc' | 'emissions' | 'corpus' | 'server' | 'http' | 'browser'
const ALL: Suite[] = ['finding', 'calc', 'emissions', 'server', 'http', 'browser', 'corpus']

/** Runs a benchmark script of its own (it starts its servers) and returns the JSON object it prints last. */
function runScript(path: string, args: string[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=@openfactors/source', '--import', 'tsx', path, ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = '\n'
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (d: string) => { out += d })
    child.on('error', reject)
    child.on('exit', (code) => {
      const start = out.lastIndexOf('\n{\n')
      if (code !== 0 || start < 0) return reject(new Error(`${path} exited with ${code}`))
      resolve(JSON.parse(out.slice(start + 1)))
    })
  })
}

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
  // Issue 14: the lookup against a bare Hono route (throughput ratio), and search and resolve over HTTP
  // against in-process, one sequential client and a busy server (docs/benchmarks.md).
  http: async () => ({
    throughput_ratio: await runScript('packages/server/bench/throughput-ratio.ts', ['--rounds', '3']),
    http_overhead: await runScript('packages/server/bench/http-overhead.ts', ['--client', 'http', '--calls', '300', '--rounds', '3', '--load', '5']),
    // The same searches with no answers kept (OPENFACTORS_SEARCH_CACHE_BYTES=0): each one searched,
    // serialised and gzipped, as a search no client asked before is.
    http_overhead_search_unkept: await runScript('packages/server/bench/http-overhead.ts', ['--client', 'http', '--calls', '300', '--rounds', '3', '--load', '5', '--only', 'search', '--search-cache', '0']),
  }),
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
