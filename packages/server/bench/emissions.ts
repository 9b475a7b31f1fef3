/**
 * Emissions of ledgers of 10, 1,000 and 10,000 lines: in-process (`engine.emissions`) and over
 * HTTP on loopback (a real server, `POST /v1/calculate/emissions`), on the real latest release.
 *
 *   npm run bench -- emissions          (or: npx tsx --conditions=@openfactors/source packages/server/bench/emissions.ts)
 *
 * Four ledgers: factor_key lines (20 keys of the corpus in converted units: US gallons, MWh,
 * miles...), description lines repeating 20 descriptions (memoised: each resolved once per call),
 * description lines with 1,000 distinct descriptions (the 20 with one of 50 sites: the resolve cost
 * shows), and the 20 descriptions with a reference of their own on every line ("ref 4411", as
 * exports carry: resolve reads past it, so each is resolved once). Each figure is
 * the median of several runs; CPU time (process.cpuUsage, user + system) is given beside wall
 * time because the machine is shared. Skipped without data/releases.
 */
import { createEngine, EMISSIONS_MAX_ACTIVITIES, latestRelease, type Engine, type EmissionsRequest } from '@openfactors/engine'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runAdmin } from '../src/admin-cli.ts'
import { defaultConfig } from '../src/config.ts'
import { defaultReleasesDir } from '../src/paths.ts'
import { diskReleaseFiles } from '../src/release-files.ts'
import { startServer } from '../src/serve.ts'

type Activity = EmissionsRequest['activities'][number]

export interface EmissionsBenchRow {
  ledger: 'factor_key' | 'description_20_repeated' | 'description_1000_distinct' | 'description_20_unique_references'
  lines: number
  where: 'in_process' | 'http'
  runs: number
  wall_ms_median: number
  cpu_ms_median: number
  response_bytes?: number
  computed: number
}

/** Keys and the units they are given in (each converts to the key's unit). */
const KEY_UNITS: Array<[RegExp, string]> = [
  [/ per litre$/, 'US gallons'], [/ per kWh$/, 'MWh'], [/ per km$/, 'miles'], [/ per passenger\.km$/, 'passenger.mile'],
  [/ per tonne\.km$/, 'tkm'], [/ per kg$/, 'tonnes'], [/ per m3$/, 'litres'], [/ per USD \(/, 'USD'],
]

const DESCRIPTIONS: Array<[string, string, string?]> = [
  ['diesel for the vans', 'litres', 'GB'], ['grid electricity', 'MWh', 'GB'], ['electricity in Texas', 'kWh'], ['petrol car', 'miles', 'GB'],
  ['natural gas', 'kWh', 'GB'], ['office furniture', 'USD', 'US'], ['hotel stay in France', 'nights'], ['rail travel', 'passenger.km', 'GB'],
  ['heavy goods vehicle freight', 'tkm', 'GB'], ['LPG', 'litres', 'GB'], ['coal', 'tonnes', 'GB'], ['water supply', 'm3', 'GB'],
  ['flight economy class', 'passenger.km', 'GB'], ['taxi', 'km', 'GB'], ['paper', 'USD', 'US'], ['electricity Germany', 'MWh'],
  ['bus travel', 'passenger.km', 'GB'], ['waste to landfill', 'tonnes', 'GB'], ['computers', 'USD', 'US'], ['heating oil', 'litres', 'GB'],
]

/** Sites a ledger line may name: with the 20 descriptions, 1,000 distinct texts. */
const SITES = [
  'Leeds depot', 'Bristol office', 'Glasgow plant', 'Cardiff warehouse', 'Belfast store', 'Manchester hub', 'York site', 'Derby works', 'Hull port', 'Oxford lab',
  'Cambridge campus', 'Norwich depot', 'Exeter office', 'Leicester plant', 'Coventry warehouse', 'Sheffield works', 'Newcastle hub', 'Aberdeen yard', 'Dundee store', 'Swansea site',
  'Plymouth dock', 'Brighton office', 'Reading campus', 'Luton depot', 'Bolton mill', 'Preston plant', 'Wigan warehouse', 'Stoke kiln', 'Ipswich port', 'Carlisle depot',
  'north depot', 'south office', 'east plant', 'west warehouse', 'head office', 'main site', 'second site', 'old mill', 'new warehouse', 'training centre',
  'sales team', 'field team', 'service vans', 'night shift', 'day shift', 'maintenance crew', 'estates team', 'design team', 'marketing team', 'finance team',
]

function pickKeys(engine: Engine): Array<[string, string]> {
  const out: Array<[string, string]> = []
  for (const [pattern, unit] of KEY_UNITS) {
    const found = engine.search({ search: unit === 'USD' ? 'furniture' : unit === 'tkm' ? 'freight' : unit === 'litres' ? 'water' : 'diesel', limit: 50 })
    for (const f of found.factors) {
      if (pattern.test(f.unit) && f.unit.startsWith('kg CO2e') && !out.some(([k]) => k === f.key)) {
        out.push([f.key, unit])
        if (out.filter(([, u]) => u === unit).length >= 3) break
      }
    }
  }
  return out.slice(0, 20)
}

function ledgers(keys: Array<[string, string]>, lines: number): Record<EmissionsBenchRow['ledger'], Activity[]> {
  const quantity = (i: number) => Math.round((10 + (i % 997) * 1.37) * 100) / 100
  return {
    factor_key: Array.from({ length: lines }, (_, i) => {
      const [factor_key, unit] = keys[i % keys.length]!
      return { id: `k${i}`, factor_key, quantity: { value: quantity(i), unit } }
    }),
    description_20_repeated: Array.from({ length: lines }, (_, i) => {
      const [description, unit, country] = DESCRIPTIONS[i % DESCRIPTIONS.length]!
      return { id: `d${i}`, description, quantity: { value: quantity(i), unit }, ...(country ? { country } : {}) }
    }),
    description_1000_distinct: Array.from({ length: lines }, (_, i) => {
      const [description, unit, country] = DESCRIPTIONS[i % DESCRIPTIONS.length]!
      // 1,000 distinct texts: the description and one of 50 sites (a reference would not do: resolve reads past it).
      return { id: `u${i}`, description: `${description} ${SITES[Math.floor((i % 1000) / DESCRIPTIONS.length) % SITES.length]}`, quantity: { value: quantity(i), unit }, ...(country ? { country } : {}) }
    }),
    description_20_unique_references: Array.from({ length: lines }, (_, i) => {
      const [description, unit, country] = DESCRIPTIONS[i % DESCRIPTIONS.length]!
      return { id: `r${i}`, description: `${description} ref ${i}`, quantity: { value: quantity(i), unit }, ...(country ? { country } : {}) }
    }),
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.floor(sorted.length / 2)]! * 10) / 10
}

async function measure(runs: number, run: () => Promise<{ computed: number; bytes?: number }>): Promise<{ wall: number; cpu: number; computed: number; bytes?: number }> {
  const walls: number[] = []
  const cpus: number[] = []
  let last = { computed: 0 } as { computed: number; bytes?: number }
  await run() // warm-up (JIT, first resolve index use)
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    last = await run()
    walls.push(performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpus.push((c.user + c.system) / 1000)
  }
  return { wall: median(walls), cpu: median(cpus), ...last }
}

/** The largest call allowed (20,000 factor-key lines) in-process: time and heap held by the response (after a GC). */
export function maxBatchMemory(engine: Engine, keys: Array<[string, string]>): { lines: number; wall_ms: number; cpu_ms: number; heap_delta_mb: number | null; response_mb: number } {
  const activities = ledgers(keys, EMISSIONS_MAX_ACTIVITIES).factor_key
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const before = process.memoryUsage().heapUsed
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  const res = engine.emissions({ activities })
  const wall = performance.now() - t0
  const c = process.cpuUsage(c0)
  gc?.()
  const heap = gc ? (process.memoryUsage().heapUsed - before) / 2 ** 20 : null
  const bytes = JSON.stringify(res).length
  return { lines: activities.length, wall_ms: Math.round(wall), cpu_ms: Math.round((c.user + c.system) / 1000), heap_delta_mb: heap === null ? null : Math.round(heap), response_mb: Math.round(bytes / 1e5) / 10 }
}

export async function runEmissionsBench(options: { releasesDir?: string; sizes?: number[]; log?: (line: string) => void } = {}): Promise<{ rows: EmissionsBenchRow[]; max_batch: ReturnType<typeof maxBatchMemory> } | { skipped: string }> {
  const dir = options.releasesDir ?? defaultReleasesDir()
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`))
  if (!existsSync(join(dir, 'manifest.json'))) return { skipped: 'no data/releases: run npm run corpus -- build first' }
  const files = diskReleaseFiles(dir)
  const latest = latestRelease(files.manifest()!.releases)!
  const engine = createEngine()
  engine.load(files.artifactJson(latest.mb_version))
  const keys = pickKeys(engine)
  const sizes = options.sizes ?? [10, 1_000, 10_000]
  const rows: EmissionsBenchRow[] = []
  const max_batch = maxBatchMemory(engine, keys)
  log(`emissions max batch: ${JSON.stringify(max_batch)}`)

  const tmp = mkdtempSync(join(tmpdir(), 'openfactors-emissions-bench-'))
  const db = join(tmp, 'bench.db')
  const server = await startServer(defaultConfig({ port: 0, host: '127.0.0.1', log: 'off', releasesDir: dir, sqlitePath: db }))
  try {
    const issued = await fetch(`${server.url}/v1/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@example.org' }) })
    const { key } = (await issued.json()) as { key: string }
    await runAdmin(['plan', 'bench@example.org', 'enterprise', '--monthly', '100000000', '--burst', '100000'], { OPENFACTORS_DB: db }, () => undefined)
    for (const lines of sizes) {
      for (const [ledger, activities] of Object.entries(ledgers(keys, lines)) as Array<[EmissionsBenchRow['ledger'], Activity[]]>) {
        // Distinct descriptions cost seconds per run at 1,000+ lines: fewer runs, the machine is shared.
        const runs = ledger === 'description_1000_distinct' && lines >= 1_000 ? 3 : lines >= 10_000 ? 5 : lines >= 1_000 ? 9 : 25
        const inProcess = await measure(runs, async () => ({ computed: engine.emissions({ activities }).result.counts.computed }))
        rows.push({ ledger, lines, where: 'in_process', runs, wall_ms_median: inProcess.wall, cpu_ms_median: inProcess.cpu, computed: inProcess.computed })
        log(`emissions ${ledger} ${lines} lines in-process: ${inProcess.wall} ms wall, ${inProcess.cpu} ms CPU`)
        const body = JSON.stringify({ activities })
        const http = await measure(runs, async () => {
          // A fresh connection per call: a kept-alive socket may have timed out during the in-process runs.
          const res = await fetch(`${server.url}/v1/calculate/emissions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, connection: 'close' }, body })
          const text = await res.text()
          if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${text.slice(0, 300)}`)
          return { computed: (JSON.parse(text) as { result: { counts: { computed: number } } }).result.counts.computed, bytes: text.length }
        })
        rows.push({ ledger, lines, where: 'http', runs, wall_ms_median: http.wall, cpu_ms_median: http.cpu, response_bytes: http.bytes ?? 0, computed: http.computed })
        log(`emissions ${ledger} ${lines} lines over HTTP: ${http.wall} ms wall, ${http.cpu} ms CPU (server and client in one process), ${http.bytes} bytes`)
      }
    }
  } finally {
    await server.close()
    rmSync(tmp, { recursive: true, force: true })
  }
  return { rows, max_batch }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `--sizes 10000` measures one size only.
  const at = process.argv.indexOf('--sizes')
  const sizes = at > 0 ? (process.argv[at + 1] ?? '').split(',').map(Number) : undefined
  runEmissionsBench(sizes ? { sizes } : {}).then((rows) => console.log(JSON.stringify(rows, null, 1)), (err: unknown) => {
    console.error(err)
    process.exit(1)
  })
}
