/**
 * Calculations in worker threads answer exactly what the engine answers in-process (same request,
 * same context), pass engine errors through with their code and data, and a job past its time
 * limit is stopped with 503 `calculation_timeout` while the pool replaces its worker.
 */
import { createEngine, isEngineError } from '@openfactors/engine'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '../src/errors.ts'
import { startOffloadPool, type OffloadPool } from '../src/offload/pool.ts'
import { diskReleaseFiles } from '../src/release-files.ts'
import { testRelease, writeTestReleases } from './support/test-release.ts'

let dir: string
let pool: OffloadPool

async function ready(p: OffloadPool): Promise<void> {
  for (let i = 0; i < 600 && !p.ready(); i++) await new Promise((r) => setTimeout(r, 50))
  expect(p.ready()).toBe(true)
}

const holdings = (n: number) => Array.from({ length: n }, (_, i) => ({ outstanding_amount: 1_000 + i, denominator: { type: 'evic', value: 1_000_000 + i }, company_emissions: { value: 10 + i }, data_quality_score: 1 + (i % 5) }))

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'openfactors-offload-'))
  writeTestReleases(join(dir, 'releases'))
  pool = startOffloadPool({ releasesDir: join(dir, 'releases'), size: 1, jobTimeoutMs: 30_000 })
  await ready(pool)
}, 60_000)

afterAll(async () => {
  await pool.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('calculation workers', () => {
  it('answer exactly what the engine answers in-process', async () => {
    const files = diskReleaseFiles(join(dir, 'releases'))
    const engine = createEngine({ catalog: files.manifest()?.releases ?? [], loadRelease: (v) => files.artifactJson(v) })
    engine.load(testRelease('2026.2'))
    const now = '2026-11-23T10:00:00.000Z'
    const ctx = { request_id: 'req_offload', attribution_required: true, now: () => new Date(now) }
    const pcaf = { asset_class: 'listed_equity_and_corporate_bonds' as const, holdings: holdings(50) }
    expect(JSON.parse(await pool.run('pcaf', pcaf, { request_id: 'req_offload', attribution_required: true, now }))).toEqual(JSON.parse(JSON.stringify(engine.pcaf(pcaf, ctx))))
    const resolve = { description: 'diesel litres', limit: 3 }
    expect(JSON.parse(await pool.run('resolve', resolve, {}))).toEqual(JSON.parse(JSON.stringify(engine.resolve(resolve))))
  })

  it('pass engine errors through with their code and data', async () => {
    const err = await pool.run('pcaf', { asset_class: 'listed_equity_and_corporate_bonds', holdings: [{}] }, {}).catch((e: unknown) => e)
    expect(isEngineError(err) && err.code).toBe('invalid_request')
    expect(isEngineError(err) && (err.data as { issues: unknown[] }).issues.length).toBeGreaterThan(0)
  })

  it('stop a job past its time limit with calculation_timeout and keep serving', async () => {
    const slow = startOffloadPool({ releasesDir: join(dir, 'releases'), size: 1, jobTimeoutMs: 1 })
    try {
      await ready(slow)
      const err = await slow.run('pcaf', { asset_class: 'listed_equity_and_corporate_bonds', holdings: holdings(2_000) }, {}).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(ApiError)
      expect((err as ApiError).code).toBe('calculation_timeout')
      expect((err as ApiError).headers['Retry-After']).toBe('5')
      await ready(slow)
    } finally {
      await slow.close()
    }
  }, 60_000)
})
