/**
 * The demo page on the REAL corpus (data/releases, built by `npm run corpus -- build` or the
 * first `npm start`); skipped when it has not been built. Whatever the data says, the page must
 * show what the engine says for the same release: the same search hits with their publisher
 * links, the same resolve choice, the same embodied total.
 */
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { BrowserContext, Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEngine, type Engine } from '@openfactors/engine'
import { ReleaseManifestSchema, type ReleaseManifest } from '@openfactors/engine/release'
import { startServer, type RunningServer } from '../../../packages/server/src/serve.ts'
import { defaultConfig } from '../../../packages/server/src/config.ts'
import { freshProfile, type Profile } from '../../../packages/web-worker/test/harness/chromium.ts'

const APP_DIR = join(import.meta.dirname, '..')
const SHOTS = join(APP_DIR, 'test-output', 'screenshots')
const RELEASES = process.env.OPENFACTORS_RELEASES_DIR ?? join(APP_DIR, '..', '..', 'data', 'releases')
const hasRealData = existsSync(join(RELEASES, 'manifest.json'))

let dir: string
let server: RunningServer
let profile: Profile
let context: BrowserContext
let page: Page
let engine: Engine
let latest: ReleaseManifest['releases'][number]

const notFound: string[] = []
const text = (selector: string) => page.locator(selector).first().innerText()
const amount = new Intl.NumberFormat('en', { maximumFractionDigits: 2 })

describe.skipIf(!hasRealData)(`browser-app on the real corpus${hasRealData ? '' : ' (skipped: no built release in data/releases; npm run corpus -- build)'}`, () => {
  beforeAll(async () => {
    const manifest = ReleaseManifestSchema.parse(JSON.parse(readFileSync(join(RELEASES, 'manifest.json'), 'utf8')))
    const newest = manifest.releases.at(-1)
    if (!newest) throw new Error('the real manifest lists no release')
    latest = newest
    engine = createEngine()
    engine.load(gunzipSync(readFileSync(join(RELEASES, latest.file))).toString('utf8'))
    dir = await mkdtemp(join(tmpdir(), 'openfactors-browser-app-real-'))
    await mkdir(SHOTS, { recursive: true })
    await build({ configFile: join(APP_DIR, 'vite.config.ts'), logLevel: 'warn', build: { outDir: join(dir, 'dist'), emptyOutDir: true } })
    server = await startServer(defaultConfig({ port: 0, host: '127.0.0.1', log: 'off', releasesDir: RELEASES, sqlitePath: join(dir, 'store.db'), staticDir: join(dir, 'dist') }))
    profile = await freshProfile()
    context = await profile.launch()
    page = await context.newPage()
    page.on('response', (res) => {
      if (res.status() === 404) notFound.push(res.url())
    })
    await page.goto(`${server.url}/`)
    await page.waitForSelector('body[data-ready="true"]', { timeout: 120_000 })
  })

  afterAll(async () => {
    await profile?.dispose()
    await server?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('loads the newest release and names it', async () => {
    expect(await text('#data-version')).toBe(`Data version ${latest.mb_version}`)
    expect(await text('#status-text')).toContain(`Ready: ${latest.factor_count.toLocaleString('en')} factors`)
  })

  it('search shows the engine’s hits, each linked to its publisher', async () => {
    await page.fill('#search-input', 'diesel')
    const expected = engine.search({ search: 'diesel', limit: 10 }).factors
    expect(expected.length).toBeGreaterThan(0)
    await page.waitForFunction((key) => document.querySelector('#search-results li')?.getAttribute('data-key') === key, expected[0]?.key)
    const shown = await page.locator('#search-results li').evaluateAll((items) =>
      items.map((li) => ({ key: li.getAttribute('data-key'), href: li.querySelector('a.cell')?.getAttribute('href'), cell: li.querySelector('.cell')?.textContent })),
    )
    expect(shown).toEqual(expected.map((f) => ({ key: f.key, href: f.source.url, cell: `${f.source.id} · ${f.source.cell_ref}` })))
    for (const f of shown) expect(f.href).toMatch(/^https?:\/\//)
    await page.locator('#search-panel').screenshot({ path: join(SHOTS, 'real-search.png') })
  })

  it('resolve makes the engine’s choice and explains it', async () => {
    const description = 'diesel for the vans in the UK'
    const top = engine.resolve({ description, limit: 5 }).matches[0]
    await page.fill('#resolve-input', description)
    await page.click('#resolve-form button')
    await page.locator('#resolve-explanation .chosen-key').waitFor()
    expect(await text('#resolve-explanation .chosen-key')).toBe(top?.key)
    expect(await text('#resolve-explanation .geo-match')).toBe(top?.geo_match)
  })

  it('the example bill of materials comes from the corpus and totals as the engine does', async () => {
    await page.waitForSelector('body[data-examples="true"]')
    await page.click('#embodied-form button')
    await page.locator('#embodied-total, #embodied-result .error').first().waitFor()
    const materials = [['concrete', 240], ['steel', 18]].flatMap(([word, value]) => {
      const key = engine.search({ search: String(word), domain: 'materials', limit: 1 }).factors[0]?.key
      return key ? [{ material_key: key, quantity: { value: Number(value), unit: 't' as const }, boundary: 'A1-C' as const }] : []
    })
    expect(materials.length).toBeGreaterThan(0)
    const expected = engine.embodied({ materials })
    expect(await text('#embodied-total')).toBe(amount.format(expected.result.embodied_carbon.value))
    expect(await page.locator('svg.stage-chart g[data-stage]').count()).toBe(Object.values(expected.result.by_stage).filter((v) => v !== null).length)
    // material names with the key on hover; published vs default modules named and explained
    const first = page.locator('#embodied-lines tbody tr').first()
    const key = materials[0]!.material_key
    expect(await first.locator('.material-name').getAttribute('title')).toBe(key)
    expect(await first.locator('.material-name').innerText()).toBe(expected.audit.factors_used.find((f) => f.key === key)?.name)
    expect(await first.locator('.module-basis').innerText()).toMatch(/published .*A1-A3|none published/)
    expect(await text('.basis-note')).toMatch(/Published: module values read from the material's dataset/)
    await page.locator('#embodied-panel').screenshot({ path: join(SHOTS, 'real-embodied.png') })
    await page.click('#pcaf-form button')
    await page.locator('#pcaf-total').waitFor()
    expect(await text('#pcaf-total')).toBe('340')
    await page.screenshot({ path: join(SHOTS, 'real-page.png'), fullPage: true })
  })
  it('has a favicon: nothing the page loads is a 404, /favicon.ico is an icon', async () => {
    expect(notFound).toEqual([])
    const ico = await fetch(`${server.url}/favicon.ico`)
    expect(ico.status).toBe(200)
    expect(new Uint8Array(await ico.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0, 0, 1, 0]))
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('./favicon.svg')
  })

  it('search pages through every match with "Show more"', async () => {
    const query = 'concrete'
    const all = engine.search({ search: query, limit: 100 })
    expect(all.total).toBeGreaterThan(20)
    await page.fill('#search-input', query)
    await page.waitForFunction((key) => document.querySelector('#search-results li')?.getAttribute('data-key') === key, all.factors[0]?.key)
    expect(await page.locator('#search-results li').count()).toBe(10)
    expect(await text('#search-summary')).toContain(`${all.total} factors match “${query}”, showing 1–10`)
    await page.click('#search-more')
    await page.waitForFunction(() => document.querySelectorAll('#search-results li').length === 20)
    const keys = await page.locator('#search-results li').evaluateAll((items) => items.map((li) => li.getAttribute('data-key')))
    expect(keys).toEqual(all.factors.slice(0, 20).map((f) => f.key))
    expect(await text('#search-summary')).toContain('showing 1–20')
    await page.locator('#search-panel').screenshot({ path: join(SHOTS, 'real-search-more.png') })
  })

  it('marks a negative value with what it means, and long keys wrap inside their card', async () => {
    await page.setViewportSize({ width: 480, height: 900 })
    await page.fill('#search-input', 'wood pellets moisture')
    const negative = engine.search({ search: 'wood pellets moisture', limit: 10 }).factors.find((f) => f.value < 0)
    expect(negative).toBeDefined()
    const item = page.locator(`#search-results li[data-key="${negative!.key}"]`)
    await item.waitFor()
    expect(await item.locator('.value.negative').getAttribute('title')).toMatch(/removal or credit/)
    expect(await item.locator('.negative-mark').innerText()).toContain('removal/credit')
    const overflowing = await page.locator('#search-results li').evaluateAll((items) =>
      items.filter((li) => { const key = li.querySelector('.factor-key'); return key !== null && (key.getBoundingClientRect().right > li.getBoundingClientRect().right + 1 || li.scrollWidth > li.clientWidth + 1) }).map((li) => li.getAttribute('data-key')))
    expect(overflowing).toEqual([])
    await page.locator('#search-panel').screenshot({ path: join(SHOTS, 'real-search-negative-narrow.png') })
    await page.setViewportSize({ width: 1280, height: 900 })
  })
})
