/**
 * Throughput ratio (issue 14): factor lookup on the real server with a key and quota accounting on
 * (every call counted in the store), against a bare Hono route serving the same bytes, measured in
 * the same run, alternating rounds. Prints both rates, the ratio, and the load average.
 *
 *   npx tsx --conditions=@openfactors/source packages/server/bench/throughput-ratio.ts [--duration 5] [--rounds 3] [--connections 10]
 *     [--store sqlite|postgres] [--lease-ms ms] [--key-cache ms] [--fast-lookup true|false] [--prof dir] [--accept-encoding "gzip, deflate, br"]
 *
 * `--fast-lookup false` sends every lookup through the app (OPENFACTORS_FAST_LOOKUP, on by default).
 * `--prof dir` runs the real server under `node --cpu-prof` (profile written to dir on exit).
 * With `--store postgres`, `database_cpu_us` is the database's CPU time per lookup (its processes, from /proc).
 */
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runAdmin } from '../src/admin-cli.ts'
import { defaultReleasesDir, repoRoot } from '../src/paths.ts'
import { startPostgres, type TestPostgres } from '../test/support/postgres-server.ts'
import { spawnServer } from '../test/support/spawn-server.ts'
import { writeTestReleases } from '../test/support/test-release.ts'
import { processCpuMillis } from './proc-cpu.ts'

const here = dirname(fileURLToPath(import.meta.url))
const flag = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}

/** CPU time (user + system, µs) a process has used so far; undefined where /proc is missing. */
function cpuMicros(pid: number | undefined): number | undefined {
  const ms = processCpuMillis(pid)
  return ms === undefined ? undefined : ms * 1000
}

/** CPU time (µs) of every process of the database cluster, those alive at both reads. */
function databaseCpu(pg: TestPostgres | undefined): Map<number, number> {
  const out = new Map<number, number>()
  for (const pid of pg?.processIds() ?? []) {
    const us = cpuMicros(pid)
    if (us !== undefined) out.set(pid, us)
  }
  return out
}

/**
 * Requests per second, and the serving process's CPU time per request (load-independent, unlike the
 * rate); with a database, its processes' CPU time per request too.
 */
async function rate(url: string, headers: Record<string, string>, duration: number, connections: number, pid?: number, pg?: TestPostgres): Promise<{ rps: number; cpuUs: number | undefined; dbCpuUs: number | undefined }> {
  const before = cpuMicros(pid)
  const dbBefore = databaseCpu(pg)
  const r = await autocannon({ url, headers, duration, connections })
  const after = cpuMicros(pid)
  const dbAfter = databaseCpu(pg)
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`)
  let db = 0
  for (const [p, us] of dbAfter) db += us - (dbBefore.get(p) ?? us)
  return {
    rps: r.requests.average,
    cpuUs: before !== undefined && after !== undefined ? (after - before) / r.requests.total : undefined,
    dbCpuUs: pg ? db / r.requests.total : undefined,
  }
}

async function main(): Promise<void> {
  const duration = Number(flag('duration') ?? 5)
  const rounds = Number(flag('rounds') ?? 3)
  const connections = Number(flag('connections') ?? 10)
  const store = flag('store') ?? 'sqlite'
  const prof = flag('prof')
  const work = mkdtempSync(join(tmpdir(), 'openfactors-ratio-'))
  let releasesDir = defaultReleasesDir()
  if (!existsSync(join(releasesDir, 'manifest.json'))) {
    releasesDir = join(work, 'releases')
    writeTestReleases(releasesDir)
  }
  let pg: TestPostgres | undefined
  const env: Record<string, string> = { OPENFACTORS_RELEASES_DIR: releasesDir, OPENFACTORS_OPEN_RATE: '100000000', OPENFACTORS_KEY_CACHE_MS: flag('key-cache') ?? '0', OPENFACTORS_FAST_LOOKUP: flag('fast-lookup') ?? 'true' }
  // `--lease-ms n`: quota leases of n ms (0: off); without it, the store's default (stores/quota-lease.ts).
  const leaseMs = flag('lease-ms')
  if (leaseMs !== undefined) env['OPENFACTORS_QUOTA_LEASE_MS'] = leaseMs
  if (store === 'postgres') {
    pg = await startPostgres()
    env['DATABASE_URL'] = pg.url
  } else {
    env['OPENFACTORS_DB'] = join(work, 'ratio.db')
  }
  const server = await spawnServer(env, 600_000, prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [])
  const bare = spawn(process.execPath, ['--import', 'tsx', join(here, 'bare-server.ts'), join(work, 'body.json')], { cwd: repoRoot(), stdio: ['ignore', 'pipe', 'inherit'] })
  try {
    const issued = (await (await fetch(`${server.url}/v1/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ratio@example.org' }) })).json()) as { key: string }
    await runAdmin(['plan', 'ratio@example.org', 'enterprise', '--monthly', '2000000000', '--burst', '2000000000'], env, () => undefined)
    const found = (await (await fetch(`${server.url}/v1/factors?search=diesel&limit=1`)).json()) as { factors: Array<{ key: string }> }
    const key = found.factors[0]?.key ?? 'fuels.gb.diesel.litres'
    // `--accept-encoding "gzip, deflate, br"`: both servers get it, as a browser or fetch() sends it.
    const acceptEncoding = flag('accept-encoding')
    const encodingHeader: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}
    const headers = { authorization: `Bearer ${issued.key}`, ...encodingHeader }
    const body = new Uint8Array(await (await fetch(`${server.url}/v1/factors/${key}`, { headers })).arrayBuffer())
    writeFileSync(join(work, 'body.json'), body)
    bare.stdout?.setEncoding('utf8')
    const bareUrl = await new Promise<string>((resolve) => bare.stdout?.once('data', (d: string) => resolve(d.trim())))
    await rate(`${server.url}/v1/factors/${key}`, headers, 2, connections)
    await rate(`${bareUrl}/v1/factors/${key}`, encodingHeader, 2, connections)
    const api: number[] = []
    const ref: number[] = []
    const apiCpu: Array<number | undefined> = []
    const dbCpu: Array<number | undefined> = []
    const refCpu: Array<number | undefined> = []
    for (let i = 0; i < rounds; i++) {
      const a = await rate(`${server.url}/v1/factors/${key}`, headers, duration, connections, server.child.pid, pg)
      const b = await rate(`${bareUrl}/v1/factors/${key}`, encodingHeader, duration, connections, bare.pid)
      api.push(a.rps)
      ref.push(b.rps)
      apiCpu.push(a.cpuUs)
      dbCpu.push(a.dbCpuUs)
      refCpu.push(b.cpuUs)
    }
    const median = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b)
      const mid = Math.floor(sorted.length / 2)
      return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
    }
    const ratios = api.map((a, i) => a / (ref[i] ?? 1))
    console.log(JSON.stringify({
      date: new Date().toISOString(), store, lease_ms: leaseMs ?? 'default', key_cache_ms: Number(env['OPENFACTORS_KEY_CACHE_MS']), fast_lookup: env['OPENFACTORS_FAST_LOOKUP'], accept_encoding: acceptEncoding ?? null, key, body_bytes: body.byteLength, cores: cpus().length, loadavg: loadavg().map((l) => Math.round(l * 100) / 100),
      lookup_rps: api.map(Math.round), bare_rps: ref.map(Math.round), ratio_per_round: ratios.map((r) => Math.round(r * 100) / 100), ratio_median: Math.round(median(ratios) * 100) / 100,
      // CPU time of each serving process per request (all its threads), µs: what the rate would be bounded by on an idle core.
      lookup_cpu_us: apiCpu.map((u) => (u === undefined ? null : Math.round(u * 10) / 10)), bare_cpu_us: refCpu.map((u) => (u === undefined ? null : Math.round(u * 10) / 10)),
      // The database's CPU time per lookup (its processes alive through the round), µs.
      ...(pg ? { database_cpu_us: dbCpu.map((u) => (u === undefined ? null : Math.round(u * 10) / 10)) } : {}),
    }, null, 2))
  } finally {
    bare.kill('SIGTERM')
    await server.stop()
    pg?.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
