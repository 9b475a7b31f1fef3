/**
 * The example against the real server (startServer, in process) on test releases, with a burst
 * limit of 6 calls a minute so the run's 10 keyed calls meet a real 429 and must wait out the
 * server's Retry-After before finishing.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../../packages/server/src/serve.ts'
import { defaultConfig } from '../../../packages/server/src/config.ts'
import { testRelease, writeTestReleases } from '../../../packages/server/test/support/test-release.ts'
import { runClient } from '../src/run.ts'

const BURST = 6
const ACTIVITIES = join(import.meta.dirname, '..', 'activities.csv')

let dir: string
let server: RunningServer

/** The burst window is a calendar minute: start early in one so a rollover cannot dodge the 429. */
async function startEarlyInAMinute(): Promise<void> {
  const second = new Date().getUTCSeconds()
  if (second >= 50) await new Promise((r) => setTimeout(r, (61 - second) * 1000))
}

/** The test release's row for a key: expectations come from the fixture, not from memory. */
function row(key: string) {
  const found = testRelease('2026.2').factors.find((f) => f.key === key)
  if (!found) throw new Error(`the test release has no ${key}`)
  return found
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'openfactors-server-client-'))
  writeTestReleases(join(dir, 'releases'))
  const base = defaultConfig()
  server = await startServer(
    defaultConfig({
      port: 0,
      host: '127.0.0.1',
      log: 'off',
      releasesDir: join(dir, 'releases'),
      sqlitePath: join(dir, 'store.db'),
      staticDir: join(dir, 'no-static'),
      plans: { ...base.plans, free: { monthly: 1_000, burst_per_minute: BURST } },
    }),
  )
})

afterAll(async () => {
  await server?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('server-client example', () => {
  it('resolves the CSV, calculates, saves, verifies receipts, and waits out a real 429', async () => {
    await startEarlyInAMinute()

    const waits: number[] = []
    const lines: string[] = []
    const outDir = join(dir, 'out')
    const started = Date.now()
    const summary = await runClient({
      baseUrl: server.url,
      email: 'example-client@example.com',
      activitiesFile: ACTIVITIES,
      outDir,
      log: (line) => lines.push(line),
      sleep: (ms) => {
        waits.push(ms)
        return new Promise((r) => setTimeout(r, ms))
      },
    })

    // Each activity resolved to the factor its words and country name, with the served value. "London"
    // narrows the country GB (engine 0.14.0): the UK's national factor covers it, a `region` match.
    const byLine = summary.activities.map((a) => [a.factor?.key, a.factor?.value, a.factor?.geo_match])
    const keys = ['fuels.gb.diesel.litres', 'electricity.gb.grid.location_kwh', 'fuels.gb.petrol.litres', 'electricity.de.grid.location_kwh']
    const geo = ['exact', 'region', 'exact', 'exact']
    expect(byLine).toEqual(keys.map((key, i) => [key, row(key).value, geo[i]]))
    expect(summary.activities[0]?.emissions).toBeCloseTo(1200 * row('fuels.gb.diesel.litres').value, 9)
    expect(summary.activities[0]?.factor?.source).toMatchObject({ id: row('fuels.gb.diesel.litres').source_id, cell_ref: row('fuels.gb.diesel.litres').cell_ref })
    expect(summary.data_version).toBe('2026.2')

    // PCAF: 1e6/5e7 × 12,000 + 2.5e5/1e7 × 4,000 = 240 + 100 t; score weighted by amount = 2.2.
    expect(summary.pcaf.financed_emissions).toEqual({ value: 340, unit: 'tCO2e' })
    expect(summary.pcaf.weighted_data_quality_score).toBeCloseTo(2.2, 9)
    expect(summary.embodied.material_key).toBe('materials.concrete.ready_mix.c30_37')
    expect(summary.embodied.embodied_carbon).toMatchObject({ unit: 'kg CO2e' })
    expect((summary.embodied.embodied_carbon as { value: number }).value).toBeGreaterThan(24_000 * 0.1)

    // Receipts verified by the server, and the saved files are the responses.
    expect(summary.receipts.map((r) => r.valid)).toEqual([true, true])
    expect(summary.receipts[0]?.receipt_id).toBe(summary.pcaf.receipt.id)
    const saved = await readdir(outDir)
    expect(saved.sort()).toEqual([...summary.files].sort())
    const savedPcaf = JSON.parse(await readFile(join(outDir, 'pcaf.json'), 'utf8')) as { receipt: { id: string } }
    expect(savedPcaf.receipt.id).toBe(summary.pcaf.receipt.id)

    // The burst limit was met for real, the server's Retry-After was waited, and the run went on.
    expect(summary.retries.length).toBeGreaterThanOrEqual(1)
    expect(summary.retries[0]?.code).toBe('rate_limited')
    const firstWait = summary.retries[0]?.waitSeconds ?? 0
    expect(firstWait).toBeGreaterThan(0)
    expect(firstWait).toBeLessThanOrEqual(60)
    expect(waits[0]).toBe(firstWait * 1000)
    expect(Date.now() - started).toBeGreaterThanOrEqual(firstWait * 1000)
    expect(lines.some((l) => l.startsWith('429 rate_limited'))).toBe(true)
  })

  it('fails fast when the server asks for a wait above the cap', async () => {
    await startEarlyInAMinute()
    const lines: string[] = []
    // A second account exhausts its burst at once; a cap of 0 s turns the 429 into an error.
    await expect(
      runClient({
        baseUrl: server.url,
        email: 'example-client-2@example.com',
        activitiesFile: ACTIVITIES,
        outDir: join(dir, 'out-2'),
        maxWaitSeconds: 0,
        log: (line) => lines.push(line),
      }),
    ).rejects.toThrow(/rate_limited|giving up: the server asks to wait/)
  })
})
