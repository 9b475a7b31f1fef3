/**
 * The real latest release (built by `npm run corpus -- build` into data/releases, or the
 * directory in OPENFACTORS_RELEASES_DIR) through the worker in Chromium: first start from the
 * network, then a reload from IndexedDB with no download and identical answers. Skipped, and
 * says so, when no release has been built.
 */
import { rm } from 'node:fs/promises'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildBundle } from './harness/build.ts'
import { freshProfile, type Profile } from './harness/chromium.ts'
import { openTestPage, reloadTestPage, startClient, valueOf } from './harness/driver.ts'
import { hasRealReleases, readRealReleases, REAL_RELEASES_DIR } from './harness/real-releases.ts'
import { startStaticServer, type StaticServer } from './harness/static-server.ts'
import { TEST_PAGE } from './harness/test-page.ts'

const available = hasRealReleases()

describe.skipIf(!available)(`the real latest release from ${REAL_RELEASES_DIR} in Chromium${available ? '' : ' (skipped: no built release there, or no Chromium)'}`, () => {
  let dist: string
  let server: StaticServer
  let profile: Profile
  let context: BrowserContext
  let latest: { mb_version: string; factor_count: number; file: string }

  beforeAll(async () => {
    const releases = await readRealReleases()
    const entry = releases.at(-1)?.entry
    if (!entry) throw new Error('the manifest lists no release')
    latest = entry
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

  async function answers(page: Page): Promise<unknown[]> {
    const resolved = await valueOf<{ matches: Array<{ key: string }> }>(page, 'resolve', { description: 'diesel for the vans, litres', limit: 5 })
    const top = resolved.matches[0]?.key
    if (!top) throw new Error('resolve found nothing for diesel')
    return [
      resolved,
      await valueOf(page, 'search', { search: 'electricity', limit: 10 }),
      await valueOf(page, 'lookup', top),
      await valueOf(page, 'resolve', { description: 'Strom Deutschland', limit: 5 }),
    ]
  }

  it('starts from the network, then from IndexedDB after a reload with identical answers', async () => {
    const page = await openTestPage(context, server.url)
    const cold = await startClient(page, { checkForUpdate: false })
    expect(cold).toMatchObject({ ok: true, info: { source: 'network', storage: 'indexeddb', mb_version: latest.mb_version, factor_count: latest.factor_count } })
    const coldAnswers = await answers(page)
    const downloads = server.requests.filter((p) => p.startsWith('/v1/releases/'))
    expect(downloads).toEqual([`/v1/releases/${latest.file}`])

    await reloadTestPage(page)
    const warm = await startClient(page, { checkForUpdate: false })
    expect(warm).toMatchObject({ ok: true, info: { source: 'cache', mb_version: latest.mb_version, factor_count: latest.factor_count } })
    expect(warm.progress.map((p) => p.phase)).toEqual(['cache', 'ready'])
    expect(server.requests.filter((p) => p.startsWith('/v1/releases/'))).toEqual(downloads)
    expect(await answers(page)).toEqual(coldAnswers)
  })

  it('loads the release in force on an old date on demand, and caches it', async () => {
    const releases = await readRealReleases()
    const oldest = releases[0]?.entry
    if (!oldest || oldest.mb_version === latest.mb_version) return
    const page = await openTestPage(context, server.url)
    expect(await startClient(page, { checkForUpdate: false })).toMatchObject({ ok: true, info: { mb_version: latest.mb_version } })
    const old = await valueOf<{ data_version: string; factors: unknown[] }>(page, 'search', { search: 'diesel', as_of: oldest.released_at, limit: 3 })
    expect(old.data_version).toBe(oldest.mb_version)
    expect(old.factors.length).toBeGreaterThan(0)
    expect(server.requests.filter((p) => p === `/v1/releases/${oldest.file}`)).toHaveLength(1)

    await reloadTestPage(page)
    await startClient(page, { checkForUpdate: false })
    expect(await valueOf(page, 'search', { search: 'diesel', as_of: oldest.released_at, limit: 3 })).toEqual(old)
    expect(server.requests.filter((p) => p === `/v1/releases/${oldest.file}`)).toHaveLength(1)
  })
})
