/**
 * The app over the real latest release in data/releases (built by `npm run corpus -- build`; CI
 * builds it before the tests). Skipped only where no release has been built yet.
 */
import { defaultReleasesDir } from '../src/paths.ts'
import { createEngine, latestRelease, verifyReceipt } from '@openfactors/engine'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/app.ts'
import { defaultConfig } from '../src/config.ts'
import { diskReleaseFiles } from '../src/release-files.ts'
import { openSqliteStore } from '../src/stores/sqlite.ts'
import type { Store } from '../src/stores/types.ts'

const releasesDir = defaultReleasesDir()
const built = existsSync(join(releasesDir, 'manifest.json'))

describe.skipIf(!built)(`the API over the real latest release${built ? '' : ' (skipped: no built release in data/releases; npm run corpus -- build)'}`, () => {
  let dir: string
  let store: Store
  let app: ReturnType<typeof createApp>
  let key: string
  let latest: string
  const auth = () => ({ authorization: `Bearer ${key}` })

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'openfactors-real-'))
    const files = diskReleaseFiles(releasesDir)
    const manifest = files.manifest()!
    latest = latestRelease(manifest.releases)!.mb_version
    const engine = createEngine({ catalog: manifest.releases, loadRelease: (v) => files.artifactJson(v) })
    engine.load(files.artifactJson(latest))
    store = openSqliteStore(join(dir, 'real.db'))
    app = createApp({ engine, store, config: defaultConfig({ log: 'off' }), releases: files, verifyReceipt })
    const res = await app.request('/v1/keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'real@example.org' }) })
    key = ((await res.json()) as { key: string }).key
    await store.setPlan({ email: 'real@example.org', plan: 'business' })
  })

  afterAll(async () => {
    await store?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('search, lookup and resolve answer with proven source references', async () => {
    const search = (await (await app.request('/v1/factors?search=diesel&country=gb&limit=3')).json()) as { factors: Array<{ key: string; source: { cell_ref: string; data_version: string } }>; data_version: string }
    expect(search.data_version).toBe(latest)
    expect(search.factors.length).toBeGreaterThan(0)
    const first = search.factors[0]!
    expect(first.source.cell_ref.length).toBeGreaterThan(0)
    const lookup = await app.request(`/v1/factors/${first.key}`, { headers: auth() })
    expect(lookup.status).toBe(200)
    const body = (await lookup.json()) as { factor: { factor: { value: number; unit: string }; source: { id: string; cell_ref: string } } }
    expect(body.factor.source.cell_ref).toBe(first.source.cell_ref)
    const resolve = (await (await app.request('/v1/calculate/resolve', { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: JSON.stringify({ description: 'diesel litres', country: 'gb' }) })).json()) as { matches: Array<{ key: string; unit: string }> }
    expect(resolve.matches.length).toBeGreaterThan(0)
  })

  it('PCAF verifies against its receipt', async () => {
    const res = await app.request('/v1/calculate/pcaf', { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: JSON.stringify({ asset_class: 'listed_equity_and_corporate_bonds', holdings: [{ outstanding_amount: 10, denominator: { type: 'evic', value: 100 }, company_emissions: { value: 50 }, data_quality_score: 2 }] }) })
    expect(res.status).toBe(200)
    const saved = await res.json()
    const verified = (await (await app.request('/v1/receipts/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(saved) })).json()) as { valid: boolean }
    expect(verified.valid).toBe(true)
  })

  it('the bulk feed holds only redistributable sources', async () => {
    const res = await app.request('/v1/bulk/latest', { headers: auth() })
    expect(res.status).toBe(200)
    const lines = gunzipSync(new Uint8Array(await res.arrayBuffer())).toString('utf8').trim().split('\n')
    expect(Number(res.headers.get('openfactors-factor-count'))).toBe(lines.length)
    const sample = lines.filter((_, i) => i % 97 === 0).map((l) => JSON.parse(l) as { source: { redistributable: boolean; data_version: string } })
    expect(sample.every((f) => f.source.redistributable && f.source.data_version === latest)).toBe(true)
  })

  it('the OpenAPI example of POST /v1/calculate/emissions runs on the real corpus: every line computed, the receipt verifies', async () => {
    const doc = (await (await app.request('/v1/openapi.json')).json()) as { paths: Record<string, { post?: { requestBody: { content: { 'application/json': { example: unknown } } } } }> }
    const example = doc.paths['/v1/calculate/emissions']?.post?.requestBody.content['application/json'].example
    const res = await app.request('/v1/calculate/emissions', { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: JSON.stringify(example) })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { result: { counts: { computed: number; activities: number } }; activities: Array<{ factor?: { unit: string }; factor_quantity?: { value: number } }> }
    expect(body.result.counts).toMatchObject({ activities: 3, computed: 3 })
    // 2 m3 reach a per-litre diesel factor as 2,000 litres; 35 MWh a per-kWh factor as 35,000 kWh.
    expect(body.activities[1]!.factor!.unit).toBe('kg CO2e per litre')
    expect(body.activities[1]!.factor_quantity!.value).toBe(2000)
    expect(body.activities[2]!.factor_quantity!.value).toBe(35_000)
    expect(verifyReceipt(body)).toMatchObject({ valid: true })
  })
})
