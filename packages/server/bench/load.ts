/**
 * Load benchmark of the HTTP API on loopback: a real server process (start.ts) per store, an
 * enterprise key with a huge quota so accounting runs on every call without refusing, and
 * autocannon against lookup, resolve and PCAF (10 holdings). Prints a markdown table.
 *
 *   npx tsx --conditions=@openfactors/source packages/server/bench/load.ts [--duration 5] [--rounds 3] [--connections 10] [--stores sqlite,postgres]
 *
 * Each call is measured in `rounds` runs of `duration` seconds and the median run is reported (the
 * machine is shared, so single runs vary); `rounds_rps` keeps every run's figure.
 * Uses the real releases in data/releases when they exist, else the small test releases.
 */
import autocannon from 'autocannon'
import { defaultReleasesDir } from '../src/paths.ts'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join, resolve as resolvePath } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runAdmin } from '../src/admin-cli.ts'
import { findPostgresBin, startPostgres, type TestPostgres } from '../test/support/postgres-server.ts'
import { spawnServer } from '../test/support/spawn-server.ts'
import { writeTestReleases } from '../test/support/test-release.ts'

export interface BenchRow {
  store: 'sqlite' | 'postgres'
  scenario: string
  requests_per_second: number
  p50_ms: number
  p99_ms: number
  non2xx: number
  errors: number
  /** req/s of every round, in order. */
  rounds_rps: number[]
}

export interface ServerBenchOptions {
  durationSeconds?: number
  rounds?: number
  connections?: number
  stores?: Array<'sqlite' | 'postgres'>
  releasesDir?: string
  log?: (line: string) => void
}

interface Scenario {
  name: string
  method: 'GET' | 'POST'
  path: string
  body?: unknown
}

async function pickLookupKey(url: string): Promise<{ lookup: string; description: string }> {
  const body = (await (await fetch(`${url}/v1/factors?search=diesel&limit=1`)).json()) as { factors: Array<{ key: string }> }
  return { lookup: body.factors[0]?.key ?? 'fuels.gb.diesel.litres', description: 'diesel for the vans, litres' }
}

function scenarios(lookupKey: string, description: string): Scenario[] {
  const holdings = Array.from({ length: 10 }, (_, i) => ({
    outstanding_amount: 1_000_000 + i * 250_000, denominator: { type: 'evic', value: 50_000_000 + i * 1_000_000 },
    company_emissions: { value: 1_000 + i * 37 }, data_quality_score: 1 + (i % 5),
  }))
  return [
    { name: 'lookup', method: 'GET', path: `/v1/factors/${lookupKey}` },
    { name: 'resolve', method: 'POST', path: '/v1/calculate/resolve', body: { description, limit: 5 } },
    { name: 'pcaf (10 holdings)', method: 'POST', path: '/v1/calculate/pcaf', body: { asset_class: 'listed_equity_and_corporate_bonds', holdings } },
  ]
}

type RunOptions = Required<Pick<ServerBenchOptions, 'durationSeconds' | 'connections' | 'rounds'>>

async function benchStore(store: 'sqlite' | 'postgres', releasesDir: string, opts: RunOptions, log: (l: string) => void): Promise<BenchRow[]> {
  const work = mkdtempSync(join(tmpdir(), `openfactors-bench-${store}-`))
  let pg: TestPostgres | undefined
  try {
    const env: Record<string, string> = { OPENFACTORS_RELEASES_DIR: releasesDir, OPENFACTORS_OPEN_RATE: '100000000' }
    if (store === 'postgres') {
      pg = await startPostgres()
      env['DATABASE_URL'] = pg.url
    } else {
      env['OPENFACTORS_DB'] = join(work, 'bench.db')
    }
    const server = await spawnServer(env, 600_000)
    try {
      const issued = (await (await fetch(`${server.url}/v1/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@example.org' }) })).json()) as { key: string }
      await runAdmin(['plan', 'bench@example.org', 'enterprise', '--monthly', '2000000000', '--burst', '2000000000'], env, () => undefined)
      const { lookup, description } = await pickLookupKey(server.url)
      const rows: BenchRow[] = []
      for (const s of scenarios(lookup, description)) {
        const headers: Record<string, string> = { authorization: `Bearer ${issued.key}` }
        if (s.body) headers['content-type'] = 'application/json'
        const common = { url: `${server.url}${s.path}`, method: s.method, headers, connections: opts.connections, ...(s.body ? { body: JSON.stringify(s.body) } : {}) }
        await autocannon({ ...common, duration: 2 }) // warm-up: JIT and caches
        const runs = []
        for (let round = 0; round < opts.rounds; round += 1) runs.push(await autocannon({ ...common, duration: opts.durationSeconds }))
        const sorted = [...runs].sort((a, b) => a.requests.average - b.requests.average)
        const r = sorted[Math.floor(sorted.length / 2)] ?? runs[0]!
        const row: BenchRow = {
          store, scenario: s.name, requests_per_second: Math.round(r.requests.average), p50_ms: r.latency.p50, p99_ms: r.latency.p99,
          non2xx: runs.reduce((n, x) => n + x.non2xx, 0), errors: runs.reduce((n, x) => n + x.errors, 0),
          rounds_rps: runs.map((x) => Math.round(x.requests.average)),
        }
        log(`${store} ${s.name}: ${row.requests_per_second} req/s (rounds ${row.rounds_rps.join(', ')}), p50 ${row.p50_ms} ms, p99 ${row.p99_ms} ms, non-2xx ${row.non2xx}, errors ${row.errors}`)
        rows.push(row)
      }
      return rows
    } finally {
      await server.stop()
    }
  } finally {
    pg?.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

export function formatBenchTable(rows: BenchRow[]): string {
  const lines = ['| Store | Call | req/s (median run) | all runs | p50 ms | p99 ms | non-2xx |', '|---|---|---:|---|---:|---:|---:|']
  for (const r of rows) lines.push(`| ${r.store} | ${r.scenario} | ${r.requests_per_second} | ${r.rounds_rps.join(', ')} | ${r.p50_ms} | ${r.p99_ms} | ${r.non2xx + r.errors} |`)
  return lines.join('\n')
}

/** Run the server benchmark; used by the root `npm run bench` and runnable on its own. */
export async function runServerBench(options: ServerBenchOptions = {}): Promise<BenchRow[]> {
  const log = options.log ?? ((l: string) => console.error(l))
  let releasesDir = options.releasesDir ?? defaultReleasesDir()
  let temp: string | undefined
  if (!existsSync(join(releasesDir, 'manifest.json'))) {
    temp = mkdtempSync(join(tmpdir(), 'openfactors-bench-releases-'))
    releasesDir = join(temp, 'releases')
    writeTestReleases(releasesDir)
    log(`no releases in data/releases: benchmarking on the small test releases`)
  }
  const stores = options.stores ?? (findPostgresBin() ? ['sqlite', 'postgres'] : ['sqlite'])
  const rows: BenchRow[] = []
  try {
    for (const store of stores) {
      rows.push(...(await benchStore(store, releasesDir, { durationSeconds: options.durationSeconds ?? 5, rounds: options.rounds ?? 3, connections: options.connections ?? 10 }, log)))
    }
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true })
  }
  return rows
}

function flagValue(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`)
  return i >= 0 ? argv[i + 1] : undefined
}

// Run as a script only when this very file is the entry (scripts/bench.ts imports it too).
const isMain = process.argv[1] !== undefined && resolvePath(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
  const argv = process.argv.slice(2)
  const stores = flagValue(argv, 'stores')?.split(',') as Array<'sqlite' | 'postgres'> | undefined
  runServerBench({
    durationSeconds: Number(flagValue(argv, 'duration') ?? 5),
    rounds: Number(flagValue(argv, 'rounds') ?? 3),
    connections: Number(flagValue(argv, 'connections') ?? 10),
    ...(stores ? { stores } : {}),
  }).then((rows) => {
    console.log(`\nServer load benchmark — ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`)
    console.log(formatBenchTable(rows))
  }, (err: unknown) => {
    console.error(err)
    process.exit(1)
  })
}
