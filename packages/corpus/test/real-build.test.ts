/**
 * The real datasets, end to end: build every release once into a temp directory, then check
 * the counts, the proof, determinism, key stability and the archive's depth. Skipped only
 * when the datasets directory is absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ReleaseArtifact } from '@openfactors/engine/release'
import { buildReleases, type BuildResult } from '../src/build.ts'
import { readManifest, readReleaseArtifact } from '../src/artifacts.ts'
import { readLock } from '../src/lock/lock.ts'
import { datasetsPresent, findDatasetsDir } from '../src/paths.ts'
import { RELEASES } from '../src/releases.ts'
import { verifyReleases } from '../src/verify.ts'
import { tempDir } from './fixtures.ts'

const datasetsDir = findDatasetsDir()
const UK_DIESEL_PER_LITRE = 'fuels.gb.liquid_fuels_diesel_average_biofuel_blend.litres'

describe.skipIf(!datasetsPresent(datasetsDir))(`real datasets: full build${datasetsPresent(datasetsDir) ? '' : ` (skipped: no datasets in ${datasetsDir}; npm run corpus -- fetch)`}`, () => {
  const t = tempDir('openfactors-real-build-')
  const out = join(t.dir, 'releases')
  let result: BuildResult
  const artifacts = new Map<string, ReleaseArtifact>()

  beforeAll(async () => {
    result = await buildReleases({ outDir: out, datasetsDir, allowIncomplete: true })
    for (const a of result.artifacts) artifacts.set(a.mb_version, a)
  })
  afterAll(() => t.cleanup())

  it('builds every declared release with every edition and no error', () => {
    expect(result.written).toBe(true)
    expect(result.report.releases.map((r) => r.mb_version)).toEqual(RELEASES.map((r) => r.mb_version))
    expect(result.report.errors).toEqual([])
    for (const r of result.report.releases) expect(r.missing_editions, r.mb_version).toEqual([])
  })

  it('proves 100% of references', () => {
    expect(result.report.proof.failures).toEqual([])
    expect(result.report.proof.checked).toBeGreaterThan(0)
    expect(result.report.proof.share).toBe(1)
  })

  it('holds at least 19,561 distinct keys in the latest release, and reports them with and without per-gas keys', () => {
    const latest = result.report.latest!
    expect(latest.mb_version).toBe('2026.2')
    expect(latest.distinct_keys).toBeGreaterThanOrEqual(19_561)
    expect(latest.per_gas_keys + latest.keys_without_per_gas).toBe(latest.distinct_keys)
  })

  it('keeps the latest artifact under 2 MB gzipped', () => {
    const entry = readManifest(out)!.releases.find((r) => r.mb_version === '2026.2')!
    expect(entry.bytes).toBeLessThan(2 * 1024 * 1024)
  })

  it('rebuilds the latest artifact byte for byte', async () => {
    const again = join(t.dir, 'again')
    await buildReleases({ outDir: again, datasetsDir, only: ['2026.2'], allowIncomplete: true })
    const a = readManifest(out)!.releases.find((r) => r.mb_version === '2026.2')!
    const b = readManifest(again)!.releases.find((r) => r.mb_version === '2026.2')!
    expect(b.sha256).toBe(a.sha256)
    expect(readFileSync(join(again, b.file)).equals(readFileSync(join(out, a.file)))).toBe(true)
  })

  it('keeps keys stable across editions: UK diesel per litre in 2016.1 and 2026.2, from different editions', () => {
    const old = artifacts.get('2016.1')!.factors.find((f) => f.key === UK_DIESEL_PER_LITRE)
    const now = artifacts.get('2026.2')!.factors.find((f) => f.key === UK_DIESEL_PER_LITRE)
    expect(old?.source_id).toBe('uk-desnz-ghg-cf-2016')
    expect(now?.source_id).toBe('uk-desnz-ghg-cf-2026')
    expect(old?.unit).toBe(now?.unit)
  })

  it('reaches older editions through earlier releases (all but UK 2019, whose file post-dates UK 2020)', () => {
    const reached = new Set([...artifacts.values()].flatMap((a) => a.editions.map((e) => e.id)))
    const unreached = readLock().editions.map((e) => e.id).filter((id) => !reached.has(id))
    expect(unreached).toEqual(['uk-desnz-ghg-cf-2019'])
    expect(artifacts.get('2023.3')!.editions.map((e) => e.id)).toContain('us-epa-ghg-hub-2023')
    expect(artifacts.get('2024.3')!.editions.map((e) => e.id)).toContain('au-dcceew-nga-2024')
  })

  it('serves each edition from the release dated on its publication day (UK 2019 excepted)', () => {
    const missed: string[] = []
    for (const e of readLock().editions) {
      const release = [...artifacts.values()].filter((a) => a.released_at <= e.published_at).at(-1)
      // An edition whose every row restates a primary source (CO2.js marginal) is held but serves no row.
      const rows = result.report.editions.find((r) => r.id === e.id)?.factors ?? 0
      const served = release?.editions.some((x) => x.id === e.id) && (rows === 0 || release.factors.some((f) => f.source_id === e.id))
      if (!served) missed.push(e.id)
    }
    expect(missed).toEqual(['uk-desnz-ghg-cf-2019'])
    // The acceptance review's case: on 2026-06-15 the UK 2026, NGA 2025 and Electricity Maps 2025 editions are in force.
    const june = artifacts.get('2026.2')!.editions.map((e) => e.id)
    expect(june).toEqual(expect.arrayContaining(['uk-desnz-ghg-cf-2026', 'au-dcceew-nga-2025', 'tgwf-co2js-emaps-2025']))
  })

  it('runs the label checks on every edition of every release: none fails, every mark has a recorded reason (issue 17)', () => {
    const checks = result.report.checks
    expect(checks.marks.filter((m) => m.reason === null)).toEqual([])
    for (const c of Object.values(checks.per_check)) expect(c.failing).toBe(0)
    // What the checks marked on 2026-11-23 (all with recorded reasons): only the magnitude check.
    expect(checks.per_check.unique_name.marked).toBe(0)
    expect(checks.per_check.basis_agrees.marked).toBe(0)
    expect(checks.per_check.negative_basis.marked).toBe(0)
    expect(checks.per_check.magnitude.marked).toBe(12)
  })

  it('says what every factor is: per-kind counts of the latest release, and the audited patterns fixed (issue 17)', () => {
    const latest = artifacts.get('2026.2')!
    // 52,252 emission factors of the factor tables and 64 refrigerant GWPs (59 EPA Hub 2024, 5 NGA 2025).
    expect(result.report.releases.find((r) => r.mb_version === '2026.2')?.per_kind).toEqual({ component: 19_304, emission_factor: 52_316, not_for_inventory: 84 })
    expect(latest.factors.every((f) => f.kind !== undefined)).toBe(true)
    const byKey = new Map(latest.factors.map((f) => [f.key, f]))
    // EPA: margins only is a component; without margins is producer price.
    expect(latest.factors.filter((f) => /\.margins(_|$)/.test(f.key) && f.kind !== 'component')).toEqual([])
    expect(byKey.get('spend.us.naics_111110_soybean_farming.without_margins')?.unit).toBe('kg CO2e per USD (2022, producer price)')
    // ÖKOBAUDAT: A1+A2+A3 summed; R410a per kg cross-checked; countries from the file; negative values state their basis.
    expect(byKey.get('materials.plasterboard.gypsum.fibreboards')?.value).toBe(5.30845)
    expect(byKey.get('materials.building_services.refrigerants.r410a')?.value).toBe(8.06324206355733)
    expect(latest.factors.filter((f) => f.value < 0).every((f) => f.basis?.biogenic === 'uptake_included')).toBe(true)
    expect(latest.factors.filter((f) => f.source_id === 'de-oekobaudat-2020-ii' && f.country !== 'de').length).toBeGreaterThan(100)
    // NGA: location and market national factors named apart; Hub non-baseload not for inventories.
    expect(byKey.get('electricity.au.national.location_scope2_kwh')?.name).toMatch(/location-based/)
    expect(byKey.get('electricity.au.national.market_scope2_kwh')?.basis?.electricity).toBe('residual_mix')
    expect(latest.factors.filter((f) => f.kind === 'not_for_inventory').every((f) => /non_baseload/.test(f.key))).toBe(true)
    // UK: international flights are not gb; bioenergy kWh is Net CV as the sheet says.
    expect(latest.factors.filter((f) => f.source_id === 'uk-desnz-ghg-cf-2026' && /to\/from non-UK/i.test(f.name) && f.country === 'gb')).toEqual([])
    const bioKwh = latest.factors.filter((f) => f.source_id === 'uk-desnz-ghg-cf-2026' && f.section.startsWith('Bioenergy') && / per kWh$/.test(f.unit))
    expect(bioKwh.length).toBeGreaterThan(0)
    expect(bioKwh.every((f) => f.basis?.calorific_value === 'net')).toBe(true)
    // OEFDB: CO2-only rows are CO2.
    expect(latest.factors.filter((f) => f.basis?.ghg === 'co2').every((f) => f.unit.startsWith('kg CO2 per'))).toBe(true)
  })

  it('verify re-proves the artifacts on disk', () => {
    const v = verifyReleases({ outDir: out, datasetsDir })
    expect(v.errors).toEqual([])
    expect(v.proof.share).toBe(1)
    expect(readReleaseArtifact(out, readManifest(out)!.releases[0]!).mb_version).toBe('2016.1')
  })
})
