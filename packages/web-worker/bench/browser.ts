/**
 * Browser benchmark (Node side): the built bundle in headless Chromium against the harness
 * server serving the real releases (`npm run corpus -- build` writes them). Measures, from the
 * page: first load (manifest + download + verify + gunzip + index + cache), warm start from
 * IndexedDB after a reload, and resolve round trips page -> worker -> page. Used by the root
 * `npm run bench`; runnable alone with `npx tsx --conditions=@openfactors/source packages/web-worker/bench/browser.ts [releasesDir]`.
 */
import { rm } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { buildBundle } from '../test/harness/build.ts'
import { freshProfile } from '../test/harness/chromium.ts'
import { closeClient, openTestPage, reloadTestPage, startClient, timeResolve } from '../test/harness/driver.ts'
import { hasRealReleases, readRealReleases, REAL_RELEASES_DIR } from '../test/harness/real-releases.ts'
import { startStaticServer } from '../test/harness/static-server.ts'
import { TEST_PAGE } from '../test/harness/test-page.ts'
import type { ReadyInfo } from '../src/protocol.ts'

export interface BrowserBenchOptions {
  releasesDir?: string
  /** Cold starts, each on an empty database (default 3). */
  coldRuns?: number
  /** Warm starts, each after a page reload (default 7). */
  warmRuns?: number
  /** Timed resolve calls after a warm-up (default 500). */
  resolveCalls?: number
  log?: (line: string) => void
}

export interface BrowserBenchResult {
  mb_version: string
  factor_count: number
  artifact_gz_bytes: number
  /** Page-side ms from createEngineClient() to ready(), median of cold runs (empty cache). */
  first_load_ms: number
  first_load_runs_ms: number[]
  /** Page-side ms to ready() after a reload, from IndexedDB (median of warm runs). */
  warm_start_ms: number
  warm_start_runs_ms: number[]
  /** Worker-side time per step of the last first load and the last warm start. */
  first_load_timings_ms: Record<string, number>
  warm_start_timings_ms: Record<string, number>
  resolve_median_ms: number
  resolve_p99_ms: number
  resolve_calls: number
  chromium: string
  /** 1-minute load average before and after the run (the 2 cores are shared; figures scale with it). */
  load_average: [number, number]
}

/** Descriptions people type; round trips cycle through them. */
const DESCRIPTIONS = [
  'diesel for the vans, litres',
  'grid electricity UK kWh',
  'natural gas boiler kWh',
  'Strom Deutschland',
  'petrol car km',
  'flight economy long haul passenger km',
  'concrete C30/37',
  'hotel night london',
  'electricity texas',
  'steel rebar tonnes',
]

export async function benchBrowser(options: BrowserBenchOptions = {}): Promise<BrowserBenchResult> {
  const dir = options.releasesDir ?? REAL_RELEASES_DIR
  if (!hasRealReleases(dir)) throw new Error(`no releases in ${dir}; run \`npm run corpus -- build\` first`)
  const log = options.log ?? (() => undefined)
  const releases = await readRealReleases(dir)
  const latest = releases[releases.length - 1]
  if (!latest) throw new Error(`${dir}/manifest.json lists no release`)
  const loadBefore = loadavg()[0] ?? 0
  const dist = await buildBundle()
  const server = await startStaticServer({ distDir: dist, page: TEST_PAGE, releases })
  const profile = await freshProfile()
  try {
    const context = await profile.launch()
    const page = await openTestPage(context, server.url)
    const chromium = await page.evaluate(() => navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? navigator.userAgent)

    const cold: number[] = []
    let info: ReadyInfo | undefined
    for (let run = 0; run < (options.coldRuns ?? 3); run++) {
      await reloadTestPage(page)
      const started = await startClient(page, { dbName: `bench-cold-${run}`, checkForUpdate: false })
      if (!started.ok) throw new Error(`cold start failed: ${JSON.stringify(started.error)}`)
      info = started.info as ReadyInfo
      cold.push(started.ms)
      log(`first load ${run + 1}: ${started.ms.toFixed(0)} ms (${info.source}, ${info.storage}) ${JSON.stringify(info.timings_ms)}`)
      await closeClient(page)
    }

    const warm: number[] = []
    let warmInfo: ReadyInfo | undefined
    for (let run = 0; run < (options.warmRuns ?? 7); run++) {
      await reloadTestPage(page)
      const started = await startClient(page, { dbName: 'bench-cold-0', checkForUpdate: false })
      const source = (started.info as ReadyInfo | undefined)?.source
      if (!started.ok || source !== 'cache') throw new Error(`warm start did not come from the cache: ${JSON.stringify(started)}`)
      warm.push(started.ms)
      warmInfo = started.info as ReadyInfo
      log(`warm start ${run + 1}: ${started.ms.toFixed(1)} ms ${JSON.stringify(warmInfo.timings_ms)}`)
    }

    const requests = DESCRIPTIONS.map((description) => ({ description, limit: 5 }))
    await timeResolve(page, requests, 50)
    const calls = options.resolveCalls ?? 500
    const times = (await timeResolve(page, requests, calls)).sort((a, b) => a - b)
    const result: BrowserBenchResult = {
      mb_version: info?.mb_version ?? latest.entry.mb_version,
      factor_count: info?.factor_count ?? latest.entry.factor_count,
      artifact_gz_bytes: latest.entry.bytes,
      first_load_ms: median(cold),
      first_load_runs_ms: cold.map(round1),
      warm_start_ms: median(warm),
      warm_start_runs_ms: warm.map(round1),
      first_load_timings_ms: info?.timings_ms ?? {},
      warm_start_timings_ms: warmInfo?.timings_ms ?? {},
      resolve_median_ms: round2(quantile(times, 0.5)),
      resolve_p99_ms: round2(quantile(times, 0.99)),
      resolve_calls: calls,
      chromium,
      load_average: [round2(loadBefore), round2(loadavg()[0] ?? 0)],
    }
    log(`resolve round trip: median ${result.resolve_median_ms} ms, p99 ${result.resolve_p99_ms} ms over ${calls} calls`)
    return result
  } finally {
    await profile.dispose()
    await server.close()
    await rm(dist, { recursive: true, force: true })
  }
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number
}

function median(values: number[]): number {
  return round1(quantile([...values].sort((a, b) => a - b), 0.5))
}

const round1 = (n: number): number => Math.round(n * 10) / 10
const round2 = (n: number): number => Math.round(n * 100) / 100

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await benchBrowser({ ...(process.argv[2] ? { releasesDir: process.argv[2] } : {}), log: (line) => console.log(line) })
  console.log(JSON.stringify(result, null, 2))
}
