/**
 * The demo page in headless Chromium against the REAL server (startServer) serving the built
 * page at `/` and two small test releases at `/v1/releases`: type into search and resolve, fill
 * the PCAF and embodied forms, read the answers off the page, take screenshots
 * (test-output/screenshots/*.png), then stop the server and reload: the page and its data come
 * back from the service worker's cache and IndexedDB.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEngine, type EmissionsResponse } from '@openfactors/engine'
import { startServer, type RunningServer } from '../../../packages/server/src/serve.ts'
import { defaultConfig } from '../../../packages/server/src/config.ts'
import { testRelease, writeTestReleases } from '../../../packages/server/test/support/test-release.ts'
import { freshProfile, type Profile } from '../../../packages/web-worker/test/harness/chromium.ts'
import { EXAMPLE_HOLDINGS } from '../src/panels/pcaf.ts'
import { PCAF_CLASSES, classHeaders, exampleHoldings, holdingsForClass, type AssetClass } from '../src/pcaf-classes.ts'
import { formatAmount, formatValue } from '../src/dom.ts'

const APP_DIR = join(import.meta.dirname, '..')
const SHOTS = join(APP_DIR, 'test-output', 'screenshots')

let dir: string
let server: RunningServer
let profile: Profile
let context: BrowserContext
let page: Page

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'openfactors-browser-app-'))
  await mkdir(SHOTS, { recursive: true })
  writeTestReleases(join(dir, 'releases'))
  await build({ configFile: join(APP_DIR, 'vite.config.ts'), logLevel: 'warn', build: { outDir: join(dir, 'dist'), emptyOutDir: true } })
  server = await startServer(
    defaultConfig({ port: 0, host: '127.0.0.1', log: 'off', releasesDir: join(dir, 'releases'), sqlitePath: join(dir, 'store.db'), staticDir: join(dir, 'dist') }),
  )
  profile = await freshProfile()
  context = await profile.launch()
  page = await context.newPage()
  page.on('pageerror', (error) => console.error('page error:', error.message))
})

afterAll(async () => {
  await profile?.dispose()
  await server?.close()
  await rm(dir, { recursive: true, force: true })
})

const text = (selector: string) => page.locator(selector).first().innerText()

/** The test release's row for a key: expectations come from the fixture, not from memory. */
function row(key: string) {
  const found = testRelease('2026.2').factors.find((f) => f.key === key)
  if (!found) throw new Error(`the test release has no ${key}`)
  return found
}

describe('browser-app example', () => {
  it('loads from the server, shows the download and the data version', async () => {
    await page.goto(`${server.url}/`)
    await page.waitForSelector('body[data-ready="true"]')
    expect(await page.getAttribute('body', 'data-source')).toBe('network')
    expect(await page.getAttribute('body', 'data-storage')).toBe('indexeddb')
    expect(await text('#data-version')).toBe('Data version 2026.2')
    expect(await text('#status-text')).toMatch(new RegExp(`^Ready: ${testRelease('2026.2').factors.length} factors, downloaded and verified, kept in IndexedDB`))
    const phases = (await page.getAttribute('body', 'data-phases'))?.split(' ')
    expect(phases).toEqual(expect.arrayContaining(['manifest', 'download', 'verify', 'index', 'ready']))
  })

  it('searches: value, unit and the source cell linked to the publisher', async () => {
    await page.fill('#search-input', 'diesel')
    const hit = page.locator('#search-results li[data-key="fuels.gb.diesel.litres"]')
    await hit.waitFor()
    const diesel = row('fuels.gb.diesel.litres')
    expect(await hit.locator('.value').innerText()).toBe(String(diesel.value))
    expect(await hit.locator('.unit').innerText()).toBe(diesel.unit)
    const link = hit.locator('a.cell')
    expect(await link.innerText()).toBe(`${diesel.source_id} · ${diesel.cell_ref}`)
    expect(await link.getAttribute('href')).toBe('https://example.invalid/server-test-fixture')
    expect(await text('#search-summary')).toContain('data version 2026.2')
    await page.locator('#search-panel').screenshot({ path: join(SHOTS, 'search.png') })
  })

  it('resolves and explains its choice', async () => {
    await page.fill('#resolve-input', 'electricity for the office in Germany')
    await page.click('#resolve-form button')
    await page.locator('#resolve-explanation .chosen-key').waitFor()
    expect(await text('#resolve-explanation .chosen-key')).toBe('electricity.de.grid.location_kwh')
    expect(await text('#resolve-explanation .geo-match')).toBe('exact')
    expect(await text('#resolve-explanation')).toContain('the factor is for the country named or implied')
    expect(Number(await text('#resolve-explanation .confidence'))).toBeGreaterThan(0)
  })

  it('resolve shows the emissions of the quantity typed, converted to the factor\'s unit', async () => {
    await page.fill('#resolve-input', 'diesel for the vans')
    await page.fill('#resolve-country', 'GB')
    await page.fill('#resolve-quantity', '10')
    await page.fill('#resolve-unit', 'US gallons')
    await page.click('#resolve-form button')
    await page.locator('#resolve-emissions-value').waitFor()
    // 10 US gallons = 37.85411784 litres x the fixture's diesel factor.
    const diesel = row('fuels.gb.diesel.litres')
    const format = new Intl.NumberFormat('en', { maximumFractionDigits: 2 })
    expect(await text('#resolve-emissions-value')).toBe(format.format(Number((37.85411784 * diesel.value).toPrecision(12))))
    expect(await text('#resolve-emissions')).toContain('37.8541 litre × 2.6 (fuels.gb.diesel.litres)')
    await page.fill('#resolve-quantity', '')
    await page.fill('#resolve-unit', '')
  })

  it('computes a pasted ledger as the server does: per-line results, review and failed lines highlighted, totals by scope, a chart', async () => {
    await page.waitForSelector('body[data-examples="true"]')
    const ledger = 'description\tfactor_key\tquantity\tunit\tcountry\ndiesel for the vans\t\t1,200\tlitres\tGB\n\tfuels.gb.diesel.litres\t3\tgallons\t\nelectricity\t\t35\tMWh\t\n\telectricity.gb.grid.location_kwh\t10\tMWh\t\n'
    await page.fill('#ledger-input', ledger)
    await page.click('#ledger-form button')
    await page.locator('#ledger-total').waitFor()
    // The same ledger sent to the server's POST /v1/calculate/emissions.
    const issued = await fetch(`${server.url}/v1/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ledger@example.org' }) })
    const { key } = (await issued.json()) as { key: string }
    const http = await fetch(`${server.url}/v1/calculate/emissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ activities: [
        { id: 'line 2', description: 'diesel for the vans', quantity: { value: 1200, unit: 'litres' }, country: 'GB' },
        { id: 'line 3', factor_key: 'fuels.gb.diesel.litres', quantity: { value: 3, unit: 'gallons' } },
        { id: 'line 4', description: 'electricity', quantity: { value: 35, unit: 'MWh' } },
        { id: 'line 5', factor_key: 'electricity.gb.grid.location_kwh', quantity: { value: 10, unit: 'MWh' } },
      ] }),
    })
    const expected = (await http.json()) as EmissionsResponse
    const format = new Intl.NumberFormat('en', { maximumFractionDigits: 2 })
    expect(await text('#ledger-total')).toBe(format.format(expected.result.emissions.value))
    const rows = page.locator('#ledger-lines tbody tr')
    expect(await rows.count()).toBe(4)
    const classes = await rows.evaluateAll((trs) => trs.map((tr) => tr.className))
    expect(classes).toEqual(expected.activities.map((a) => (a.error ? 'failed' : a.resolved?.decision === 'review' ? 'review' : 'ok')))
    expect(classes[1]).toBe('failed')
    expect(await rows.nth(1).innerText()).toContain('ambiguous')
    expect(await rows.nth(3).innerText()).toMatch(/electricity\.gb\.grid\.location_kwh.*2,000/s)
    const scopes = await page.locator('#ledger-result svg.stage-chart g[data-stage]').evaluateAll((gs) =>
      gs.map((g) => [g.getAttribute('data-stage'), Number(g.getAttribute('data-value'))]),
    )
    expect(Object.fromEntries(scopes)).toEqual(expected.result.by_scope)
    await page.locator('#ledger-panel').screenshot({ path: join(SHOTS, 'ledger.png') })
  })

  it('computes PCAF from holdings pasted as TSV and as CSV', async () => {
    expect(await page.inputValue('#pcaf-holdings')).toBe(EXAMPLE_HOLDINGS)
    await page.click('#pcaf-form button')
    await page.locator('#pcaf-total').waitFor()
    // 1e6/5e7 × 12,000 + 2.5e5/1e7 × 4,000 = 240 + 100 tCO2e; score (2×1e6 + 3×2.5e5)/1.25e6.
    expect(await text('#pcaf-total')).toBe('340')
    expect(await text('#pcaf-score')).toBe('2.20')
    const rows = page.locator('#pcaf-holdings-table tbody tr')
    expect(await rows.count()).toBe(2)
    expect(await rows.nth(0).innerText()).toMatch(/Example Steel plc\s+0\.02\s+240\s+2/)
    expect(await rows.nth(1).innerText()).toMatch(/Example Retail SA\s+0\.025\s+100\s+3/)
    await page.locator('#pcaf-panel').screenshot({ path: join(SHOTS, 'pcaf.png') })

    // A CSV export: other column order, quoted names with commas, a bad row named by its line.
    await page.fill('#pcaf-holdings', 'score,emissions,EVIC,outstanding,company\n1,"1,000",2000000,"100,000","Acme, Inc."\n2,500,1e6,x,Bad row\n')
    await page.click('#pcaf-form button')
    await page.locator('#pcaf-problems li').first().waitFor()
    expect(await text('#pcaf-problems')).toContain('Line 3: outstanding amount "x" is not a number.')
    await page.fill('#pcaf-holdings', 'score,emissions,EVIC,outstanding,company\n1,"1,000",2000000,"100,000","Acme, Inc."\n')
    await page.click('#pcaf-form button')
    await page.waitForFunction(() => document.querySelector('#pcaf-total')?.textContent === '50')
    expect(await page.locator('#pcaf-problems li').count()).toBe(0)
    expect(await text('#pcaf-holdings-table tbody')).toContain('Acme, Inc.')
  })

  it('offers every PCAF asset class; each class shows its own columns and example and computes as the engine does', async () => {
    const offered = await page.locator('#pcaf-asset-class option').evaluateAll((os) => os.map((o) => o.getAttribute('value')))
    expect([...offered].sort()).toEqual(Object.keys(PCAF_CLASSES).sort())
    const engine = createEngine()
    engine.load(testRelease('2026.2'))
    const classes: AssetClass[] = ['sovereign_debt', 'commercial_real_estate', 'motor_vehicle_loans', 'securitizations']
    for (const assetClass of classes) {
      await page.selectOption('#pcaf-asset-class', assetClass)
      expect(await page.inputValue('#pcaf-holdings')).toBe(exampleHoldings(assetClass))
      expect(await text('#pcaf-columns')).toBe(classHeaders(PCAF_CLASSES[assetClass]).join(', '))
      // Pasted as a user would: replace the text, then calculate through the worker.
      await page.fill('#pcaf-holdings', exampleHoldings(assetClass))
      await page.click('#pcaf-form button')
      await page.locator('#pcaf-total').waitFor()
      const expected = engine.pcaf({ asset_class: assetClass, holdings: holdingsForClass(assetClass, exampleHoldings(assetClass)).holdings })
      expect(await text('#pcaf-total')).toBe(formatAmount(expected.result.financed_emissions.value))
      const score = expected.result.weighted_data_quality_score
      expect(await text('#pcaf-score')).toBe(score === null ? 'n/a' : score.toFixed(2))
      const rows = page.locator('#pcaf-holdings-table tbody tr')
      expect(await rows.count()).toBe(expected.holdings.length)
      for (const [i, hr] of expected.holdings.entries()) {
        const cells = await rows.nth(i).locator('td').allInnerTexts()
        expect(cells.slice(1)).toEqual([formatValue(hr.attribution_factor), formatAmount(hr.financed_emissions.value), String(hr.data_quality_score)])
      }
      await page.locator('#pcaf-panel').screenshot({ path: join(SHOTS, `pcaf-${assetClass}.png`) })
    }
    await page.selectOption('#pcaf-asset-class', 'listed_equity_and_corporate_bonds')
  })

  it('computes embodied carbon for a bill of materials and charts it by stage', async () => {
    await page.waitForSelector('body[data-examples="true"]')
    const bom = await page.inputValue('#embodied-bom')
    expect(bom).toContain('materials.concrete.ready_mix.c30_37\t240\tt\tA1-C')
    await page.click('#embodied-form button')
    await page.locator('#embodied-total').waitFor()

    // The same request through the engine in Node gives the page's numbers.
    const engine = createEngine()
    engine.load(testRelease('2026.2'))
    const expected = engine.embodied({ materials: [{ material_key: 'materials.concrete.ready_mix.c30_37', quantity: { value: 240, unit: 't' }, boundary: 'A1-C' }] })
    const format = new Intl.NumberFormat('en', { maximumFractionDigits: 2 })
    expect(await text('#embodied-total')).toBe(format.format(expected.result.embodied_carbon.value))
    const stages = await page.locator('#embodied-result svg.stage-chart g[data-stage]').evaluateAll((gs) =>
      gs.map((g) => [g.getAttribute('data-stage'), Number(g.getAttribute('data-value'))]),
    )
    // the chart shows the assessed stages; the others are null in by_stage and named under the table
    const assessed = Object.fromEntries(Object.entries(expected.result.by_stage).filter(([, v]) => v !== null))
    expect(Object.fromEntries(stages)).toEqual(assessed)
    const notAssessed = Object.keys(expected.result.by_stage_not_assessed ?? {})
    expect(notAssessed.length).toBeGreaterThan(0)
    expect(await text('#embodied-not-assessed')).toContain(notAssessed.join(', '))
    expect(stages.length).toBeGreaterThanOrEqual(3)
    expect(await text('#embodied-lines tbody')).toContain('240,000')
    await page.locator('#embodied-panel').screenshot({ path: join(SHOTS, 'embodied.png') })
    await page.screenshot({ path: join(SHOTS, 'page.png'), fullPage: true })
  })

  it('works offline after the first visit: shell from the service worker, data from IndexedDB', async () => {
    await page.waitForSelector('body[data-offline-shell="true"]')
    await server.close()
    await page.reload()
    await page.waitForSelector('body[data-ready="true"]')
    expect(await page.getAttribute('body', 'data-source')).toBe('cache')
    expect(await text('#data-version')).toBe('Data version 2026.2')
    await page.fill('#search-input', 'petrol')
    const hit = page.locator('#search-results li[data-key="fuels.gb.petrol.litres"]')
    await hit.waitFor()
    expect(await hit.locator('.value').innerText()).toBe(String(row('fuels.gb.petrol.litres').value))
    await page.screenshot({ path: join(SHOTS, 'offline.png'), fullPage: true })
  })
})
