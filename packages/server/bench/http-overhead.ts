/**
 * HTTP overhead of search and resolve (issue 14: at most 1.5x their in-process time): the same
 * calls timed in-process on an engine loaded here, and over HTTP on a real server process
 * (start.ts, one connection, sequential calls, keep-alive), interleaved in rounds. Prints medians.
 *
 *   npx tsx packages/server/bench/http-overhead.ts [--calls 200] [--rounds 3]
 */
import { createEngine, latestRelease } from '@openfactors/engine'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { runAdmin } from '../src/admin-cli.ts'
import { defaultReleasesDir } from '../src/paths.ts'
import { diskReleaseFiles } from '../src/release-files.ts'
import { spawnServer } from '../test/support/spawn-server.ts'

const flag = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

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
  const env = { OPENFACTORS_RELEASES_DIR: releasesDir, OPENFACTORS_DB: join(work, 'o.db'), OPENFACTORS_OPEN_RATE: '100000000' }
  const server = await spawnServer(env, 300_000)
  try {
    const issued = (await (await fetch(`${server.url}/v1/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'overhead@example.org' }) })).json()) as { key: string }
    await runAdmin(['plan', 'overhead@example.org', 'enterprise', '--monthly', '2000000000', '--burst', '2000000000'], env, () => undefined)
    for (let i = 0; i < 300; i++) {
      if (((await (await fetch(`${server.url}/health`)).json()) as { calculations?: string }).calculations === 'workers') break
      await new Promise((r) => setTimeout(r, 100))
    }
    const searches = ['diesel', 'electricity grid germany', 'natural gas kwh', 'flights long haul economy', 'steel', 'hotel night', 'concrete c30', 'paper', 'rail', 'waste landfill']
    const descriptions = ['diesel for delivery vans, litres', 'electricity in Texas', 'natural gas for heating, kWh', 'long-haul flight economy class', 'office paper', 'hotel stay in France', 'ready-mix concrete', 'taxi ride', 'waste to landfill', 'steel rebar']
    const scenarios = [
      { name: 'search (10 results)', local: (i: number) => engine.search({ search: searches[i % 10], limit: 10 }), http: (i: number) => fetch(`${server.url}/v1/factors?search=${encodeURIComponent(searches[i % 10] ?? '')}&limit=10`) },
      { name: 'resolve (5 matches)', local: (i: number) => engine.resolve({ description: descriptions[i % 10] ?? '', limit: 5 }), http: (i: number) => fetch(`${server.url}/v1/calculate/resolve`, { method: 'POST', headers: { authorization: `Bearer ${issued.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ description: descriptions[i % 10], limit: 5 }) }) },
    ]
    const rows = []
    for (const s of scenarios) {
      for (let i = 0; i < 20; i++) { s.local(i); await (await s.http(i)).arrayBuffer() }
      const local: number[] = []
      const http: number[] = []
      let bytes = 0
      for (let r = 0; r < rounds; r++) {
        let t = performance.now()
        for (let i = 0; i < calls; i++) JSON.stringify(s.local(i))
        local.push((performance.now() - t) / calls)
        t = performance.now()
        for (let i = 0; i < calls; i++) {
          const res = await s.http(i)
          const body = await res.arrayBuffer()
          if (res.status !== 200) throw new Error(`${s.name}: HTTP ${res.status}`)
          bytes += body.byteLength
        }
        http.push((performance.now() - t) / calls)
      }
      rows.push({ scenario: s.name, in_process_ms: Math.round(median(local) * 1000) / 1000, http_ms: Math.round(median(http) * 1000) / 1000, ratio: Math.round((median(http) / median(local)) * 100) / 100, mean_body_bytes: Math.round(bytes / (calls * rounds)) })
    }
    console.log(JSON.stringify({ date: new Date().toISOString(), loadavg: loadavg().map((l) => Math.round(l * 100) / 100), rows }, null, 2))
  } finally {
    await server.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
