/**
 * The client, the worker and the IndexedDB cache in real headless Chromium (Debian's
 * `chromium`, driven by playwright-core) against the harness server: first start, reload from
 * IndexedDB with identical answers, offline with and without a cache, a damaged cache entry,
 * memory fallback (IndexedDB refusing to open, and a tiny quota), two tabs, as_of on demand.
 */
import { createEngine } from '@openfactors/engine'
import { rm } from 'node:fs/promises'
import { gunzipSync } from 'node:zlib'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildBundle } from './harness/build.ts'
import { freshProfile, type Profile } from './harness/chromium.ts'
import { callClient, openTestPage, pageUpdates, reloadTestPage, startClient, valueOf, type PageStartOptions } from './harness/driver.ts'
import { startStaticServer, type StaticServer } from './harness/static-server.ts'
import { TEST_PAGE } from './harness/test-page.ts'
import { testReleases } from './harness/test-release.ts'

const releases = testReleases()
const [first, second] = releases as [(typeof releases)[0], (typeof releases)[0]]

let dist: string
let server: StaticServer
let profile: Profile
let context: BrowserContext

beforeAll(async () => {
  dist = await buildBundle()
  server = await startStaticServer({ distDir: dist, page: TEST_PAGE, releases })
  profile = await freshProfile()
  context = await profile.launch()
})

afterAll(async () => {
  await profile?.dispose()
  await server?.close()
  if (dist) await rm(dist, { recursive: true, force: true })
})

function options(dbName: string, extra: Partial<PageStartOptions> = {}): PageStartOptions {
  return { dbName, checkForUpdate: false, ...extra }
}

function artifactRequests(): string[] {
  return server.requests.filter((path) => path.startsWith('/v1/releases/'))
}

/** The answers a page gives; calculation `meta` (request id, time) is left out, it differs per call by design. */
async function answers(page: Page): Promise<unknown[]> {
  const pcaf = await valueOf<Record<string, unknown>>(page, 'pcaf', {
    asset_class: 'listed_equity_and_corporate_bonds',
    holdings: [{ outstanding_amount: 250_000, denominator: { type: 'evic', value: 1_000_000 }, company_emissions: { value: 800 }, data_quality_score: 3 }],
  })
  const { meta: _meta, ...pcafHashed } = pcaf
  return [
    await valueOf(page, 'search', { search: 'petrol', limit: 5 }),
    await valueOf(page, 'lookup', 'electricity.de.grid.location_based'),
    await valueOf(page, 'resolve', { description: 'natural gas used in France', limit: 5 }),
    pcafHashed,
  ]
}

describe('in Chromium', () => {
  it('fills the cache, and after a reload starts from IndexedDB without download and gives identical answers', async () => {
    const page = await openTestPage(context, server.url)
    const before = artifactRequests().length
    const cold = await startClient(page, options('reload'))
    expect(cold).toMatchObject({ ok: true, info: { source: 'network', storage: 'indexeddb', mb_version: '2026.2' } })
    expect(cold.progress.map((p) => p.phase)).toEqual(expect.arrayContaining(['manifest', 'download', 'verify', 'decompress', 'index', 'cache', 'ready']))
    expect(cold.progress.filter((p) => p.phase === 'download').at(-1)).toMatchObject({ bytes: second.entry.bytes, total: second.entry.bytes })
    expect(artifactRequests().length).toBe(before + 1)
    const coldAnswers = await answers(page)

    await reloadTestPage(page)
    const warm = await startClient(page, options('reload'))
    expect(warm).toMatchObject({ ok: true, info: { source: 'cache', storage: 'indexeddb', mb_version: '2026.2' } })
    expect(warm.progress.map((p) => p.phase)).toEqual(['cache', 'ready'])
    expect(artifactRequests().length).toBe(before + 1)
    expect(await answers(page)).toEqual(coldAnswers)

    // A whole new browser process on the same profile: still from the cache.
    await context.close()
    context = await profile.launch()
    const relaunched = await openTestPage(context, server.url)
    expect(await startClient(relaunched, options('reload'))).toMatchObject({ ok: true, info: { source: 'cache' } })
    expect(artifactRequests().length).toBe(before + 1)
    expect(await answers(relaunched)).toEqual(coldAnswers)
    await relaunched.close()
  })

  it('emissions in the worker in Chromium: the same body as the engine in Node on the same release bytes', async () => {
    const page = await openTestPage(context, server.url)
    await startClient(page, options('emissions'))
    const ledger = {
      activities: [
        { id: 'a', factor_key: 'fuels.fr.coal.litres', quantity: { value: 1200, unit: 'litres' } },
        { id: 'b', factor_key: 'electricity.de.grid.location_based', quantity: { value: 35, unit: 'MWh' } },
        { id: 'c', description: 'natural gas used in France', quantity: { value: 10, unit: 'US gallons' } },
        { id: 'd', factor_key: 'fuels.fr.coal.litres', quantity: { value: 1, unit: 'therm' } },
      ],
    }
    const inBrowser = await valueOf<Record<string, unknown>>(page, 'emissions', ledger)
    const node = createEngine()
    node.load(gunzipSync(second.bytes))
    const inNode = JSON.parse(JSON.stringify(node.emissions(ledger))) as Record<string, unknown>
    const stable = ({ meta, ...rest }: Record<string, unknown>) => ({ ...rest, meta: { ...(meta as object), request_id: null, computed_at: null } })
    expect(stable(inBrowser)).toEqual(stable(inNode))
    expect(inBrowser['result']).toMatchObject({ counts: { activities: 4 } })
    expect((inBrowser['activities'] as Array<{ error?: { code: string } }>)[3]?.error?.code).toBe('unit_not_convertible')
    await page.close()
  })

  it('keeps error code and data across the worker boundary', async () => {
    const page = await openTestPage(context, server.url)
    await startClient(page, options('errors'))
    const missing = await callClient(page, 'lookup', 'fuels.de.petrol.litre')
    expect(missing).toMatchObject({ ok: false, error: { name: 'EngineError', code: 'factor_not_found', isEngineError: true, isClientError: false } })
    if (missing.ok) return
    expect((missing.error.data as { candidates: Array<{ key: string }> }).candidates[0]?.key).toBe('fuels.de.petrol.litres')
    const invalid = await callClient(page, 'resolve', { description: '' })
    expect(invalid).toMatchObject({ ok: false, error: { code: 'invalid_request', isEngineError: true } })
    await page.close()
  })

  it('rejects with client_closed when the worker script cannot load, instead of hanging', async () => {
    const page = await openTestPage(context, server.url)
    const started = await startClient(page, options('no-worker', { workerUrl: '/dist/assets/missing-worker.js' }))
    expect(started).toMatchObject({ ok: false, error: { name: 'ClientError', code: 'client_closed' } })
    expect(await callClient(page, 'dataVersion')).toMatchObject({ ok: false, error: { code: 'client_closed', isClientError: true } })
    await page.close()
  })

  it('works offline from the cache, and says corpus_unavailable offline without one', async () => {
    const page = await openTestPage(context, server.url)
    await startClient(page, options('offline'))
    server.offline = true
    try {
      await reloadTestPage(page)
      const warm = await startClient(page, options('offline', { checkForUpdate: true }))
      expect(warm).toMatchObject({ ok: true, info: { source: 'cache', mb_version: '2026.2' } })
      expect(await valueOf(page, 'lookup', 'fuels.fr.coal.litres')).toMatchObject({ factor: { key: 'fuels.fr.coal.litres' } })
      expect(await valueOf(page, 'checkForUpdate')).toMatchObject({ update_available: false, applied: false, error: { code: 'corpus_unavailable' } })

      await reloadTestPage(page)
      const empty = await startClient(page, options('offline-never-filled'))
      expect(empty).toMatchObject({ ok: false, error: { name: 'ClientError', code: 'corpus_unavailable' } })
      expect(empty.error?.data).toMatchObject({ url: `${server.url}/v1/releases` })
    } finally {
      server.offline = false
    }
    await page.close()
  })

  it('detects a damaged cache entry, deletes it and fetches the release again', async () => {
    const page = await openTestPage(context, server.url)
    await startClient(page, options('damaged'))
    await reloadTestPage(page)
    // Damage both the stored artifact bytes and the index snapshot, as a broken disk would.
    await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('damaged')
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      const tx = db.transaction(['artifacts', 'snapshots'], 'readwrite')
      const damage = (store: IDBObjectStore, change: (value: Record<string, unknown>) => void) => {
        store.openCursor().onsuccess = (event) => {
          const cursor = (event.target as IDBRequest<IDBCursorWithValue | null>).result
          if (!cursor) return
          const value = cursor.value as Record<string, unknown>
          change(value)
          cursor.update(value)
          cursor.continue()
        }
      }
      damage(tx.objectStore('artifacts'), (v) => (v.bytes as Uint8Array).fill(0, 100, 200))
      damage(tx.objectStore('snapshots'), (v) => (v.bytes = (v.bytes as Uint8Array).slice(0, 1000)))
      await new Promise((resolve, reject) => ((tx.oncomplete = resolve), (tx.onerror = reject)))
      db.close()
    })
    const before = artifactRequests().length
    const repaired = await startClient(page, options('damaged'))
    expect(repaired).toMatchObject({ ok: true, info: { source: 'network', mb_version: '2026.2' } })
    expect(artifactRequests().length).toBe(before + 1)
    expect(await valueOf(page, 'lookup', 'fuels.us.lpg.litres')).toMatchObject({ factor: { key: 'fuels.us.lpg.litres' } })

    await reloadTestPage(page)
    expect(await startClient(page, options('damaged'))).toMatchObject({ ok: true, info: { source: 'cache' } })
    expect(artifactRequests().length).toBe(before + 1)
    await page.close()
  })

  it('falls back to memory when IndexedDB cannot be opened, and says so', async () => {
    const page = await openTestPage(context, server.url)
    // A database from a "future" version: our open fails with VersionError, as in a broken profile.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('from-the-future', 99)
          open.onsuccess = () => (open.result.close(), resolve())
          open.onerror = () => reject(open.error)
        }),
    )
    const started = await startClient(page, options('from-the-future'))
    expect(started).toMatchObject({ ok: true, info: { source: 'network', storage: 'memory' } })
    expect(started.info).toHaveProperty('storage_note', expect.stringContaining('IndexedDB could not be opened'))
    expect(await valueOf(page, 'search', { search: 'kerosene', limit: 1 })).toMatchObject({ count: 1 })
    await reloadTestPage(page)
    expect(await startClient(page, options('memory-only', { storage: 'memory' }))).toMatchObject({ ok: true, info: { source: 'network', storage: 'memory' } })
    await page.close()
  })

  it('falls back to memory when the quota is exceeded', async () => {
    // Own origin (another port), so the tiny quota touches no other test.
    const small = await startStaticServer({ distDir: dist, page: TEST_PAGE, releases })
    try {
      // The override lasts while this CDP session is attached, so the same page is then used.
      const limited = await context.newPage()
      const cdp = await context.newCDPSession(limited)
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: small.url, quotaSize: 4096 })
      await limited.goto(small.url)
      await limited.waitForFunction(() => 'openfactorsTest' in window)
      const started = await startClient(limited, options('quota'))
      expect(started).toMatchObject({ ok: true, info: { source: 'network', storage: 'memory' } })
      expect(started.info).toHaveProperty('storage_note', expect.stringMatching(/IndexedDB failed to store .*Quota/))
      expect(await valueOf(limited, 'lookup', 'electricity.us.grid.location_based')).toMatchObject({ factor: { key: 'electricity.us.grid.location_based' } })
      await limited.close()
    } finally {
      await small.close()
    }
  })

  it('serves two tabs at once on one database, downloading the release once', async () => {
    const [a, b] = await Promise.all([openTestPage(context, server.url), openTestPage(context, server.url)])
    const before = artifactRequests().length
    const [startA, startB] = await Promise.all([startClient(a, options('two-tabs')), startClient(b, options('two-tabs'))])
    expect(startA).toMatchObject({ ok: true, info: { mb_version: '2026.2', storage: 'indexeddb' } })
    expect(startB).toMatchObject({ ok: true, info: { mb_version: '2026.2', storage: 'indexeddb' } })
    // One tab loads while the other waits on the Web Lock, then restores from IndexedDB.
    expect(artifactRequests().length).toBe(before + 1)
    expect([startA.info, startB.info].map((info) => (info as { source: string }).source).sort()).toEqual(['cache', 'network'])
    const [answersA, answersB] = await Promise.all([answers(a), answers(b)])
    expect(answersB).toEqual(answersA)
    await Promise.all([reloadTestPage(a), reloadTestPage(b)])
    const [warmA, warmB] = await Promise.all([startClient(a, options('two-tabs')), startClient(b, options('two-tabs'))])
    expect(warmA).toMatchObject({ ok: true, info: { source: 'cache' } })
    expect(warmB).toMatchObject({ ok: true, info: { source: 'cache' } })
    expect(artifactRequests().length).toBe(before + 1)
    await Promise.all([a.close(), b.close()])
  })

  it('steps aside when another tab upgrades the database, and keeps answering', async () => {
    const page = await openTestPage(context, server.url)
    await startClient(page, options('upgraded'))
    const other = await openTestPage(context, server.url)
    // A newer build in another tab opens the database at a higher version.
    const upgrade = await other.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const open = indexedDB.open('upgraded', 2)
          open.onblocked = () => resolve('blocked')
          open.onsuccess = () => (open.result.close(), resolve('upgraded'))
          open.onerror = () => resolve(`error ${open.error?.name}`)
        }),
    )
    expect(upgrade).toBe('upgraded')
    expect(await valueOf(page, 'lookup', 'fuels.gb.biodiesel.litres')).toMatchObject({ factor: { key: 'fuels.gb.biodiesel.litres' } })
    expect(await valueOf(page, 'search', { search: 'diesel', as_of: '2026.1', limit: 1 })).toMatchObject({ data_version: '2026.1' })
    await Promise.all([page.close(), other.close()])
  })

  it('loads an older release on demand for as_of, caches it, and reports a newer release', async () => {
    server.setReleases([first])
    const page = await openTestPage(context, server.url)
    try {
      expect(await startClient(page, options('as-of'))).toMatchObject({ ok: true, info: { mb_version: '2026.1' } })
      server.setReleases(releases)
      await reloadTestPage(page)
      const warm = await startClient(page, options('as-of', { checkForUpdate: true }))
      expect(warm).toMatchObject({ ok: true, info: { source: 'cache', mb_version: '2026.1' } })
      await expect.poll(() => pageUpdates(page), { timeout: 15_000 }).toEqual([{ current: '2026.1', latest: '2026.2', update_available: true, applied: true }])
      expect(await valueOf(page, 'dataVersion')).toBe('2026.2')

      await reloadTestPage(page)
      const before = artifactRequests().length
      expect(await startClient(page, options('as-of'))).toMatchObject({ ok: true, info: { source: 'cache', mb_version: '2026.2' } })
      const old = await valueOf<{ factor: { source: { data_version: string } } }>(page, 'lookup', 'fuels.gb.coal.litres', { as_of: '2026-09-30' })
      expect(old.factor.source.data_version).toBe('2026.1')
      const early = await callClient(page, 'search', { as_of: '2026-08-09' })
      expect(early).toMatchObject({ ok: false, error: { code: 'as_of_out_of_range', data: { earliest: '2026-08-10' } } })
      expect(artifactRequests().length).toBe(before)
    } finally {
      server.setReleases(releases)
    }
    await page.close()
  })
})
