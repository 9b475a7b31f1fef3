/**
 * HTTP overhead of search and resolve (issue 14: at most 1.5x their in-process time): the same
 * calls timed in-process on an engine loaded here, and over HTTP on a real server process
 * (start.ts, one connection, sequential calls, keep-alive), in rounds, the in-process ones first. Prints medians.
 *
 * Beside the client-observed times, CPU per call: in-process (`process.cpuUsage` of this process)
 * and the server process's own (all its threads, /proc/<pid>/stat, over the HTTP rounds), which
 * leaves out the client's share of the round trip. `--prof dir` runs the server under
 * `node --cpu-prof` (profiles written to dir on exit).
 *
 * Before any timed HTTP call the server gets as many calls as the in-process side was warmed with
 * (`--warm`, autocannon, the same list): with only a few hundred calls its JIT is still compiling.
 * The first scenario is the floor of any call over this stack: a bare Hono route (bare-server.ts)
 * serving a search answer's bytes as they are, called by the same client (its `ratio` and
 * `cpu_ratio` divide by nothing in-process and mean nothing).
 *
 * `--concurrency n` keeps n calls in flight (n keep-alive sockets): the server's CPU per call is then
 * what a busy server spends, its per-request costs (event loop turns, socket writes) shared by
 * the calls of one turn, and the HTTP time per call is the inverse of the throughput.
 *
 * `--load seconds` adds, per scenario, autocannon for that long with `--connections` (default 10)
 * cycling through the same calls (asking for gzip, as `fetch` does): the server's CPU per call
 * when busy, against the in-process CPU per call. A single client's sequential calls each find
 * the server asleep (a 404 then costs it 0.15-0.33 ms of CPU, mostly JavaScript, ten times what
 * a busy server spends on a call); a busy server is what a deployment pays for. `--identity`: the
 * busy searches without `Accept-Encoding` (the answer not gzipped). In-process calls are warmed first
 * (`--warm`, default 5,000 calls): a cold engine costs up to three times the CPU per search. `--threads`: the server's
 * busy CPU per call split by thread (main, calculation worker, V8's helper threads) from /proc.
 * `--search-cache 0`: the server keeps no search answers (OPENFACTORS_SEARCH_CACHE_BYTES), so the ten
 * searches, repeated, are each searched, serialised and gzipped again (by default they are kept).
 *
 *   npx tsx packages/server/bench/http-overhead.ts [--calls 200] [--rounds 3] [--prof dir] [--calc-workers n] [--only search|resolve]
 *     [--fast false] [--client http] [--concurrency 1] [--load 5 --connections 10] [--identity] [--warm 5000] [--threads] [--search-cache 0]
 */
import { createEngine, latestRelease } from '@openfactors/engine'
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { gunzipSync } from 'node:zlib'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runAdmin } from '../src/admin-cli.ts'
import { defaultReleasesDir, repoRoot } from '../src/paths.ts'
import { diskReleaseFiles } from '../src/release-files.ts'
import { spawnServer } from '../test/support/spawn-server.ts'
import { processCpuMillis, statCpuMillis } from './proc-cpu.ts'

const flag = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}

/**
 * `--client http`: the same calls through node:http on one keep-alive socket instead of `fetch`
 * (undici), asking for gzip as `fetch` does and gunzipping here: how much of the round trip is the client.
 */
function httpClient(sockets: number): typeof fetch {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets })
  // A kept socket the server closed while it sat idle (its keep-alive timeout, 5 s: as long as a load
  // phase) fails with ECONNRESET when reused; the call is then sent once more on a new socket, as
  // Node's docs advise for `reusedSocket`.
  const call = (url: string | URL | Request, init: RequestInit = {}, retried = false): Promise<Response> => new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...(init.headers as Record<string, string> | undefined) }
    const req = request(String(url), { method: init.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (d: Buffer) => chunks.push(d))
      res.on('end', () => {
        const raw = Buffer.concat(chunks)
        const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw
        resolve(new Response(body, { status: res.statusCode ?? 0 }))
      })
    })
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (!retried && req.reusedSocket && err.code === 'ECONNRESET') call(url, init, true).then(resolve, reject)
      else reject(err)
    })
    req.end(typeof init.body === 'string' ? init.body : undefined)
  })
  return ((url: string | URL | Request, init?: RequestInit) => call(url, init)) as typeof fetch
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
const round3 = (x: number) => Math.round(x * 1000) / 1000

/** CPU time (user + system, ms) a process has used so far, all threads; NaN where /proc is missing. */
const cpuMillis = (pid: number | undefined): number => processCpuMillis(pid) ?? Number.NaN
/** CPU time (ms) per thread of a process so far, keyed by `tid name` (/proc/<pid>/task). */
function threadCpuMillis(pid: number | undefined): Map<string, number> {
  const out = new Map<string, number>()
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
      out.set(`${tid} ${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))}`, statCpuMillis(stat))
    }
  } catch { /* no /proc */ }
  return out
}

/** `--threads`: a process's CPU per call by thread (main, calculation worker, V8's and libuv's helpers) since `before`. */
function threadsSpent(pid: number | undefined, before: Map<string, number>, calls: number): Record<string, number> {
  const threads: Record<string, number> = {}
  if (!process.argv.includes('--threads')) return threads
  for (const [name, ms] of threadCpuMillis(pid)) {
    const spent = (ms - (before.get(name) ?? 0)) / calls
    if (spent > 0) threads[name] = round3(spent)
  }
  return threads
}

const ownCpuMillis = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

async function main(): Promise<void> {
  const calls = Number(flag('calls') ?? 200)
  const rounds = Number(flag('rounds') ?? 3)
  const releasesDir = defaultReleasesDir()
  if (!existsSync(join(releasesDir, 'manifest.json'))) throw new Error('build data/releases first (npm run corpus -- build)')
  const files = diskReleaseFiles(releasesDir)
  const manifest = files.manifest()
  const latest = manifest ? latestRelease(manifest.releases) : undefined
  if (!manifest || !latest) throw new Error('no releases')
  const engine = createEngine({ catalog: manifest.releases, loadRelease: (v) => files.artifactJson(v) })
  engine.load(files.artifactJson(latest.mb_version))
  engine.search({ search: '-', kind: 'all' })

  const work = mkdtempSync(join(tmpdir(), 'openfactors-overhead-'))
  const workers = flag('calc-workers')
  // `--fast false`: search and resolve through the app (their fast paths off), for an A/B in the same minutes.
  const fast = flag('fast')
  const searchCache = flag('search-cache')
  const env = {
    OPENFACTORS_RELEASES_DIR: releasesDir, OPENFACTORS_DB: join(work, 'o.db'), OPENFACTORS_OPEN_RATE: '100000000',
    ...(workers ? { OPENFACTORS_CALC_WORKERS: workers } : {}), ...(fast ? { OPENFACTORS_FAST_SEARCH: fast, OPENFACTORS_FAST_RESOLVE: fast } : {}),
    // `--search-cache 0`: no search answers kept, each search made again (a repeated search is otherwise answered from kept bytes).
    ...(searchCache !== undefined ? { OPENFACTORS_SEARCH_CACHE_BYTES: searchCache } : {}),
  }
  const prof = flag('prof')
  const concurrency = Number(flag('concurrency') ?? 1)
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('--concurrency takes a whole number from 1')
  const fetch = flag('client') === 'http' ? httpClient(concurrency) : globalThis.fetch
  const server = await spawnServer(env, 300_000, prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [])
  // The floor of any call over this stack: a bare Hono route (bare-server.ts) serving a search
  // answer's bytes as they are, called by the same client.
  const barePath = join(work, 'bare.json')
  writeFileSync(barePath, JSON.stringify(engine.search({ search: 'diesel', limit: 10 })))
  const bare = spawn(process.execPath, ['--import', 'tsx', join(dirname(fileURLToPath(import.meta.url)), 'bare-server.ts'), barePath], { cwd: repoRoot(), stdio: ['ignore', 'pipe', 'inherit'] })
  try {
    bare.stdout?.setEncoding('utf8')
    const bareUrl = await new Promise<string>((resolve) => bare.stdout?.once('data', (d: string) => resolve(d.trim())))
    const issued = (await (await fetch(`${server.url}/v1/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'overhead@example.org' }) })).json()) as { key: string }
    await runAdmin(['plan', 'overhead@example.org', 'enterprise', '--monthly', '2000000000', '--burst', '2000000000'], env, () => undefined)
    for (let i = 0; i < 300; i++) {
      if (workers === '0' || ((await (await fetch(`${server.url}/health`)).json()) as { calculations?: string }).calculations === 'workers') break
      await new Promise((r) => setTimeout(r, 100))
    }
    const searches = ['diesel', 'electricity grid germany', 'natural gas kwh', 'flights long haul economy', 'steel', 'hotel night', 'concrete c30', 'paper', 'rail', 'waste landfill']
    const descriptions = ['diesel for delivery vans, litres', 'electricity in Texas', 'natural gas for heating, kWh', 'long-haul flight economy class', 'office paper', 'hotel stay in France', 'ready-mix concrete', 'taxi ride', 'waste to landfill', 'steel rebar']
    // The floor: a kept lookup answered by its fast path costs the client and the HTTP stack, next to nothing in-process.
    const lookupKey = engine.search({ search: 'diesel', limit: 1 }).factors[0]?.key ?? ''
    const auth = { authorization: `Bearer ${issued.key}` }
    const searchPath = (i: number) => `/v1/factors?search=${encodeURIComponent(searches[i % 10] ?? '')}&limit=10`
    const resolveBody = (i: number) => JSON.stringify({ description: descriptions[i % 10], limit: 5 })
    const json = { 'content-type': 'application/json' }
    // Every request of autocannon's list names its headers whole (a request's headers replace the defaults).
    const gzip = { 'accept-encoding': 'gzip, deflate, br' }
    // `--identity`: the busy searches ask for no compression (what the gzip costs the server).
    const identity = process.argv.includes('--identity')
    const scenarios = [
      { name: 'bare Hono route (the floor of any call)', url: bareUrl, pid: bare.pid, local: () => null, http: () => fetch(`${bareUrl}/v1/factors/bare`),
        load: [{ method: 'GET' as const, path: '/v1/factors/bare', headers: gzip }] },
      { name: 'lookup (kept, the HTTP floor)', url: server.url, pid: server.child.pid, local: () => engine.lookup(lookupKey), http: () => fetch(`${server.url}/v1/factors/${lookupKey}`, { headers: auth }),
        load: [{ method: 'GET' as const, path: `/v1/factors/${lookupKey}`, headers: { ...auth, ...gzip } }] },
      { name: 'search (10 results)', url: server.url, pid: server.child.pid, local: (i: number) => engine.search({ search: searches[i % 10], limit: 10 }), http: (i: number) => fetch(`${server.url}${searchPath(i)}`),
        load: searches.map((_q, i) => ({ method: 'GET' as const, path: searchPath(i), headers: identity ? {} : gzip })) },
      { name: 'resolve (5 matches)', url: server.url, pid: server.child.pid, local: (i: number) => engine.resolve({ description: descriptions[i % 10] ?? '', limit: 5 }), http: (i: number) => fetch(`${server.url}/v1/calculate/resolve`, { method: 'POST', headers: { ...auth, ...json }, body: resolveBody(i) }),
        load: descriptions.map((_d, i) => ({ method: 'POST' as const, path: '/v1/calculate/resolve', headers: { ...auth, ...json, ...gzip }, body: resolveBody(i) })) },
    ]
    const warm = Number(flag('warm') ?? 5000)
    const loadSeconds = Number(flag('load') ?? 0)
    const connections = Number(flag('connections') ?? 10)
    const only = flag('only')
    const rows = []
    for (const s of scenarios.filter((x) => !only || x.name.startsWith(only))) {
      // In-process first, warm, before any HTTP call of the scenario: the first 2,000 searches cost up to
      // three times the CPU of later ones (JIT), and after this process's own HTTP client work its CPU per
      // search is 1.5-2x (background GC of the client's garbage); either would flatter every ratio.
      for (let i = 0; i < warm; i++) JSON.stringify(s.local(i))
      const local: number[] = []
      const localCpu: number[] = []
      for (let r = 0; r < rounds; r++) {
        const t = performance.now()
        const cpu = ownCpuMillis()
        for (let i = 0; i < calls; i++) JSON.stringify(s.local(i))
        local.push((performance.now() - t) / calls)
        localCpu.push((ownCpuMillis() - cpu) / calls)
      }
      // The server warmed as the in-process side was (`warm` calls, the same list, autocannon) before any
      // timed HTTP call: after only a few hundred calls its JIT is still compiling (about 220 functions
      // optimised in a cold window of resolves against 40 warm: docs/benchmarks.md), in the sequential
      // rounds as much as in the busy window.
      if (warm > 0) await autocannon({ url: s.url, amount: warm, connections, requests: s.load })
      for (let i = 0; i < 200; i++) await (await s.http(i)).arrayBuffer()
      const seqThreadsBefore = threadCpuMillis(s.pid)
      const http: number[] = []
      const serverCpu: number[] = []
      let bytes = 0
      for (let r = 0; r < rounds; r++) {
        const t = performance.now()
        const cpu = cpuMillis(s.pid)
        let next = 0
        const lane = async () => {
          while (next < calls) {
            const res = await s.http(next++)
            const body = await res.arrayBuffer()
            if (res.status !== 200) throw new Error(`${s.name}: HTTP ${res.status}`)
            bytes += body.byteLength
          }
        }
        await Promise.all(Array.from({ length: concurrency }, lane))
        http.push((performance.now() - t) / calls)
        serverCpu.push((cpuMillis(s.pid) - cpu) / calls)
      }
      const seqThreads = threadsSpent(s.pid, seqThreadsBefore, calls * rounds)
      // Busy server: autocannon cycling through the same calls; the server's CPU per call.
      let busy: { requests_per_second: number; server_cpu_ms: number; cpu_ratio: number; threads_ms?: Record<string, number> } | undefined
      if (loadSeconds > 0) {
        const cpu = cpuMillis(s.pid)
        const threadsBefore = threadCpuMillis(s.pid)
        const r = await autocannon({ url: s.url, duration: loadSeconds, connections, requests: s.load })
        if (r.non2xx > 0 || r.errors > 0) throw new Error(`${s.name} under load: ${r.non2xx} non-2xx, ${r.errors} errors`)
        const perCall = (cpuMillis(s.pid) - cpu) / r.requests.total
        // `--threads`: the server's CPU per call by thread (main, calculation worker, V8's and libuv's helpers).
        const threads = threadsSpent(s.pid, threadsBefore, r.requests.total)
        busy = { requests_per_second: Math.round(r.requests.average), server_cpu_ms: round3(perCall), cpu_ratio: Math.round((perCall / median(localCpu)) * 100) / 100,
          ...(Object.keys(threads).length > 0 ? { threads_ms: threads } : {}) }
      }
      rows.push({
        scenario: s.name, in_process_ms: round3(median(local)), http_ms: round3(median(http)), ratio: Math.round((median(http) / median(local)) * 100) / 100,
        in_process_cpu_ms: round3(median(localCpu)), server_cpu_ms: round3(median(serverCpu)), cpu_ratio: Math.round((median(serverCpu) / median(localCpu)) * 100) / 100,
        server_cpu_rounds_ms: serverCpu.map(round3), ...(Object.keys(seqThreads).length > 0 ? { server_threads_ms: seqThreads } : {}), local_cpu_rounds_ms: localCpu.map(round3), mean_body_bytes: Math.round(bytes / (calls * rounds)),
        ...(busy ? { busy: { connections, seconds: loadSeconds, ...busy } } : {}),
      })
    }
    console.log(JSON.stringify({ date: new Date().toISOString(), fast_paths: fast ?? 'true', search_cache_bytes: searchCache ?? 'default', warm, identity, client: flag('client') ?? 'fetch', concurrency, loadavg: loadavg().map((l) => Math.round(l * 100) / 100), rows }, null, 2))
  } finally {
    bare.kill('SIGTERM')
    await server.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
