/**
 * The add-in's functions module loaded in headless Chromium the way Excel's shared runtime
 * loads it: functions.html from the add-in's own web host, office.js (here a test double of the
 * host's CustomFunctions API that records associate() calls) before the module, and the engine
 * worker downloading the corpus from the REAL openfactors server on another origin (CORS). Each
 * registered function is then called as Excel would and its value or error checked against the
 * engine. The manifest is parsed as XML and cross-checked with functions.json and the build.
 */
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEngine } from '@openfactors/engine'
import { startServer, type RunningServer } from '../../../packages/server/src/serve.ts'
import { defaultConfig } from '../../../packages/server/src/config.ts'
import { testRelease, writeTestReleases } from '../../../packages/server/test/support/test-release.ts'
import { freshProfile, type Profile } from '../../../packages/web-worker/test/harness/chromium.ts'
import { serveDirectory, type StaticFiles } from './static-files.ts'

const ADDIN_DIR = join(import.meta.dirname, '..')
const OFFICE_JS = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js'

/** The host's API as a test double: records associations; Error/ErrorCode as Office defines them. */
const FAKE_OFFICE_JS = `
window.associated = []
window.CustomFunctions = {
  ErrorCode: { invalidValue: '#VALUE!', notAvailable: '#N/A', divisionByZero: '#DIV/0!', invalidNumber: '#NUM!', nullReference: '#NULL!', invalidName: '#NAME?', invalidReference: '#REF!' },
  Error: class extends Error { constructor(code, message) { super(message); this.code = code } },
  associate(id, fn) { window.associated.push({ id, fn }) },
}
`

interface Metadata {
  functions: Array<{ id: string; name: string; parameters: Array<{ name: string; optional?: boolean }> }>
}

type Outcome = { ok: true; value: unknown } | { ok: false; code: unknown; message: string; hostError: boolean }

let dir: string
let server: RunningServer
let host: StaticFiles
let profile: Profile
let context: BrowserContext
let page: Page
let metadata: Metadata

async function invoke(target: Page, id: string, ...args: unknown[]): Promise<Outcome> {
  return target.evaluate(async ([fid, fargs]) => {
    const w = window as unknown as {
      associated?: Array<{ id: string; fn: (...a: unknown[]) => unknown }>
      OPENFACTORS_FUNCTIONS?: Map<string, (...a: unknown[]) => unknown>
      CustomFunctions?: { Error: new (...a: unknown[]) => Error }
    }
    const fn = w.associated ? w.associated.find((a) => a.id === fid)?.fn : w.OPENFACTORS_FUNCTIONS?.get(fid)
    if (!fn) throw new Error(`no function ${fid}`)
    try {
      return { ok: true as const, value: await fn(...fargs) }
    } catch (error) {
      const e = error as Error & { code?: unknown }
      return { ok: false as const, code: e.code, message: e.message, hostError: w.CustomFunctions ? e instanceof w.CustomFunctions.Error : false }
    }
  }, [id, args] as const)
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'openfactors-addin-'))
  writeTestReleases(join(dir, 'releases'))
  await build({ configFile: join(ADDIN_DIR, 'vite.config.ts'), logLevel: 'warn', build: { outDir: join(dir, 'dist'), emptyOutDir: true } })
  server = await startServer(defaultConfig({ port: 0, host: '127.0.0.1', log: 'off', releasesDir: join(dir, 'releases'), sqlitePath: join(dir, 'store.db'), staticDir: join(dir, 'none') }))
  host = await serveDirectory(join(dir, 'dist'))
  metadata = JSON.parse(await readFile(join(ADDIN_DIR, 'public', 'functions.json'), 'utf8')) as Metadata
  profile = await freshProfile()
  context = await profile.launch()
  await context.route(OFFICE_JS, (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_OFFICE_JS }))
  page = await context.newPage()
  page.on('pageerror', (error) => console.error('page error:', error.message))
  await page.goto(`${host.url}/functions.html?api=${encodeURIComponent(`${server.url}/v1`)}`)
  await page.waitForSelector('body[data-ready]')
})

afterAll(async () => {
  await profile?.dispose()
  await host?.close()
  await server?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('spreadsheet add-in functions', () => {
  it('registers exactly the functions of functions.json, once each, and loads the corpus', async () => {
    expect(await page.getAttribute('body', 'data-ready')).toBe('2026.2')
    const ids = await page.evaluate(() => (window as unknown as { associated: Array<{ id: string }> }).associated.map((a) => a.id))
    expect([...ids].sort()).toEqual(metadata.functions.map((f) => f.id).sort())
    expect(ids).toEqual(['FACTOR', 'FACTOR.UNIT', 'FACTOR.SOURCE', 'RESOLVE', 'FINANCED', 'EMBODIED', 'EMISSIONS'])
    expect(await page.innerText('#status')).toContain('data version 2026.2')
    await mkdir(join(ADDIN_DIR, 'test-output', 'screenshots'), { recursive: true })
    await page.screenshot({ path: join(ADDIN_DIR, 'test-output', 'screenshots', 'functions-page.png') })
  })

  it('FACTOR, FACTOR.UNIT and FACTOR.SOURCE read one factor, now and as of a past date', async () => {
    const now = testRelease('2026.2').factors.find((f) => f.key === 'fuels.gb.diesel.litres')
    const before = testRelease('2026.1').factors.find((f) => f.key === 'fuels.gb.diesel.litres')
    expect(now && before && now.value !== before.value).toBe(true)
    expect(await invoke(page, 'FACTOR', 'fuels.gb.diesel.litres', null)).toEqual({ ok: true, value: now?.value })
    // 2026-09-01 is before 2026.2 was released (2026-10-01): the 2026.1 value.
    expect(await invoke(page, 'FACTOR', 'fuels.gb.diesel.litres', '2026-09-01')).toEqual({ ok: true, value: before?.value })
    expect(await invoke(page, 'FACTOR.UNIT', 'fuels.gb.diesel.litres')).toEqual({ ok: true, value: now?.unit })
    expect(await invoke(page, 'FACTOR.SOURCE', 'fuels.gb.diesel.litres')).toEqual({ ok: true, value: `${now?.source_id} ${now?.cell_ref} (data 2026.2)` })
  })

  it('RESOLVE gives the best key; FINANCED and EMBODIED give the engine’s numbers', async () => {
    expect(await invoke(page, 'RESOLVE', 'diesel for the vans', 'GB')).toEqual({ ok: true, value: 'fuels.gb.diesel.litres' })
    // 1,000,000 / 50,000,000 × 12,000 tCO2e.
    expect(await invoke(page, 'FINANCED', 1_000_000, 50_000_000, 12_000, null)).toEqual({ ok: true, value: 240 })
    const engine = createEngine()
    engine.load(testRelease('2026.2'))
    const expected = engine.embodied({ materials: [{ material_key: 'materials.concrete.ready_mix.c30_37', quantity: { value: 240, unit: 't' }, boundary: 'A1-A3' }] })
    expect(await invoke(page, 'EMBODIED', 'materials.concrete.ready_mix.c30_37', 240, 't', 'a1-a3')).toEqual({ ok: true, value: expected.result.embodied_carbon.value })
    expect(expected.result.embodied_carbon.value).toBe(24_000)
  })

  it('EMISSIONS gives the same kg CO2e as POST /v1/calculate/emissions on the server', async () => {
    const issued = await fetch(`${server.url}/v1/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'sheet@example.org' }) })
    const { key } = (await issued.json()) as { key: string }
    const http = async (activity: Record<string, unknown>) => {
      const res = await fetch(`${server.url}/v1/calculate/emissions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify({ activities: [activity] }) })
      return ((await res.json()) as { result: { emissions: { value: number } } }).result.emissions.value
    }
    const byKey = await http({ factor_key: 'fuels.gb.diesel.litres', quantity: { value: 10, unit: 'US gallons' } })
    expect(await invoke(page, 'EMISSIONS', 'fuels.gb.diesel.litres', 10, 'US gallons', null)).toEqual({ ok: true, value: byKey })
    expect(byKey).toBe(98.420706384) // 10 x 3.785411784 litres x 2.6
    const byText = await http({ description: 'grid electricity', country: 'GB', quantity: { value: 35, unit: 'MWh' } })
    expect(await invoke(page, 'EMISSIONS', 'grid electricity', 35, 'MWh', 'GB')).toEqual({ ok: true, value: byText })
    const ambiguous = await invoke(page, 'EMISSIONS', 'fuels.gb.diesel.litres', 10, 'gallons', null)
    expect(ambiguous).toMatchObject({ ok: false, code: '#VALUE!' })
    expect(ambiguous.ok ? '' : ambiguous.message).toMatch(/ambiguous/)
    const unknown = await invoke(page, 'EMISSIONS', 'fuels.gb.disel.litres', 1, 'l', null)
    expect(unknown).toMatchObject({ ok: false, code: '#N/A' })
    expect(unknown.ok ? '' : unknown.message).toMatch(/Did you mean fuels\.gb\.diesel\.litres/)
  })

  it('errors are spreadsheet error values with a readable message', async () => {
    const missing = await invoke(page, 'FACTOR', 'fuels.gb.disel.litres')
    expect(missing).toMatchObject({ ok: false, code: '#N/A', hostError: true })
    expect(missing.ok ? '' : missing.message).toMatch(/Did you mean fuels\.gb\.diesel\.litres/)

    const badUnit = await invoke(page, 'EMBODIED', 'materials.concrete.ready_mix.c30_37', 10, 'bags', null)
    expect(badUnit).toMatchObject({ ok: false, code: '#VALUE!', hostError: true })
    expect(badUnit.ok ? '' : badUnit.message).toMatch(/unit/)

    const badScore = await invoke(page, 'FINANCED', 1, 10, 5, 9)
    expect(badScore).toMatchObject({ ok: false, code: '#VALUE!' })
    expect(badScore.ok ? '' : badScore.message).toMatch(/data_quality_score/)

    const nothing = await invoke(page, 'RESOLVE', '')
    expect(nothing).toMatchObject({ ok: false, code: '#VALUE!' })
  })

  it('without the Office runtime the module registers through its own stand-in', async () => {
    const plain = await context.newPage()
    await plain.route(OFFICE_JS, (route) => route.fulfill({ contentType: 'text/javascript', body: '/* no Office here */' }))
    await plain.goto(`${host.url}/functions.html?api=${encodeURIComponent(`${server.url}/v1`)}`)
    await plain.waitForSelector('body[data-ready]')
    const ids = await plain.evaluate(() => [...((window as unknown as { OPENFACTORS_FUNCTIONS: Map<string, unknown> }).OPENFACTORS_FUNCTIONS.keys())])
    expect(ids.sort()).toEqual(metadata.functions.map((f) => f.id).sort())
    expect(await invoke(plain, 'FACTOR.UNIT', 'electricity.gb.grid.location_kwh')).toEqual({ ok: true, value: 'kg CO2e per kWh' })
    expect(await invoke(plain, 'FACTOR', 'nope.gb.x.y')).toMatchObject({ ok: false, code: '#N/A' })
    await plain.close()
  })

  it('manifest.xml is well-formed and its ids, urls and namespace match functions.json and the build', async () => {
    const xml = await readFile(join(ADDIN_DIR, 'manifest.xml'), 'utf8')
    const facts = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'application/xml')
      const error = doc.getElementsByTagName('parsererror')[0]?.textContent ?? null
      const all = (name: string) => [...doc.getElementsByTagName('*')].filter((e) => e.localName === name)
      const urls: Record<string, string | null> = Object.fromEntries(all('Url').map((e) => [e.getAttribute('id'), e.getAttribute('DefaultValue')]))
      const strings: Record<string, string | null> = Object.fromEntries(all('String').map((e) => [e.getAttribute('id'), e.getAttribute('DefaultValue')]))
      const images = all('Image').filter((e) => e.getAttribute('id')).map((e) => e.getAttribute('DefaultValue'))
      const point = all('ExtensionPoint').find((e) => e.getAttribute('xsi:type') === 'CustomFunctions')
      const inPoint = (name: string) => point ? [...point.getElementsByTagName('*')].find((e) => e.localName === name) : undefined
      const resid = (name: string) => inPoint(name)?.getElementsByTagName('SourceLocation')[0]?.getAttribute('resid') ?? inPoint(name)?.getAttribute('resid') ?? null
      const runtime = all('Runtime')[0]
      const usedResids = [...doc.getElementsByTagName('*')].map((e) => e.getAttribute('resid')).filter((r): r is string => r !== null)
      return {
        error,
        urls,
        strings,
        images,
        icons: [doc.getElementsByTagName('IconUrl')[0]?.getAttribute('DefaultValue'), doc.getElementsByTagName('HighResolutionIconUrl')[0]?.getAttribute('DefaultValue')],
        script: resid('Script'),
        page: resid('Page'),
        metadata: resid('Metadata'),
        namespace: resid('Namespace'),
        runtime: { resid: runtime?.getAttribute('resid'), lifetime: runtime?.getAttribute('lifetime') },
        sets: all('Set').map((e) => e.getAttribute('Name')),
        usedResids,
        defaultPage: doc.getElementsByTagName('DefaultSettings')[0]?.getElementsByTagName('SourceLocation')[0]?.getAttribute('DefaultValue'),
      }
    }, xml)

    expect(facts.error).toBeNull()
    expect(facts.runtime).toEqual({ resid: 'Shared.Url', lifetime: 'long' })
    expect(facts.page).toBe('Shared.Url')
    expect(facts.sets).toEqual(expect.arrayContaining(['SharedRuntime', 'CustomFunctionsRuntime']))
    expect(facts.strings[facts.namespace ?? '']).toBe('OPENFACTORS')
    // Every resid used names a resource, and each resource is a file the build emits.
    for (const r of facts.usedResids) expect(facts.urls[r] ?? facts.strings[r], `resid ${r}`).toBeDefined()
    const fileOf = (url: string | null | undefined) => new URL(url ?? 'x:').pathname.replace(/^\//, '')
    expect(fileOf(facts.urls[facts.script ?? ''])).toBe('functions.js')
    expect(fileOf(facts.urls[facts.metadata ?? ''])).toBe('functions.json')
    expect(fileOf(facts.urls['Shared.Url'])).toBe('functions.html')
    expect(facts.defaultPage).toBe(facts.urls['Shared.Url'])
    for (const url of [...Object.values(facts.urls).filter((u): u is string => u?.startsWith('https://localhost:3000/') ?? false), ...facts.images, ...facts.icons]) {
      expect(existsSync(join(dir, 'dist', fileOf(url))), `${url} is in the build`).toBe(true)
    }
    // Function ids and names follow Excel's rules, and each id's parameters match the module's function.
    for (const f of metadata.functions) {
      expect(f.id).toMatch(/^[A-Z][A-Z0-9._]*$/)
      expect(f.name).toBe(f.id)
      const optionalLast = f.parameters.findIndex((p) => p.optional)
      if (optionalLast >= 0) expect(f.parameters.slice(optionalLast).every((p) => p.optional)).toBe(true)
    }
    const arities = await page.evaluate(() => Object.fromEntries((window as unknown as { associated: Array<{ id: string; fn: { length: number } }> }).associated.map((a) => [a.id, a.fn.length])))
    for (const f of metadata.functions) expect(arities[f.id], f.id).toBe(f.parameters.length)
  })
})
