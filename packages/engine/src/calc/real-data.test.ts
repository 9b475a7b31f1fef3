/**
 * Calculations on the real latest release, when one has been built (`npm run corpus -- build`;
 * data/releases is gitignored, so the suite is skipped without it). Checks that the corpus's
 * material and spend factors fit the calculation paths: every declared unit converts, published
 * modules carry their cells, option 3a reads a real spend factor's currency and price year.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { createEngine } from '../engine.ts'
import { isEngineError } from '../errors.ts'
import type { FactorRow, ReleaseArtifact, ReleaseManifest } from '../release/schema.ts'
import { kindOf } from '../release/schema.ts'
import type { ReleaseView } from '../release/view.ts'
import { calculateEmbodied } from './embodied/calculate.ts'
import { calculatePcaf } from './pcaf/calculate.ts'
import { verifyReceipt } from './receipt/verify.ts'

const DIR = process.env.OPENFACTORS_RELEASES ?? join(import.meta.dirname, '..', '..', '..', '..', 'data', 'releases')
const manifestPath = join(DIR, 'manifest.json')

function latest(): { bytes: Uint8Array; artifact: ReleaseArtifact } | null {
  if (!existsSync(manifestPath)) return null
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ReleaseManifest
  const entry = [...manifest.releases].sort((a, b) => (a.released_at < b.released_at ? -1 : 1)).at(-1)
  if (!entry) return null
  const bytes = gunzipSync(readFileSync(join(DIR, entry.file)))
  return { bytes, artifact: JSON.parse(new TextDecoder().decode(bytes)) as ReleaseArtifact }
}

const release = latest()

describe.skipIf(release === null)(`calculations on the real latest release${release === null ? ` (skipped: no ${manifestPath}; run npm run corpus -- build)` : ''}`, () => {
  // The body runs at collection even when skipped: load in beforeAll, never here.
  let view!: ReleaseView
  let materials: FactorRow[] = []
  let artifact!: ReleaseArtifact
  beforeAll(() => {
    if (release === null) return
    const engine = createEngine()
    engine.load(release.bytes)
    view = engine.view()
    artifact = release.artifact
    materials = artifact.factors.filter((f) => f.key.startsWith('materials.') && f.material)
  })

  it('every construction material with a declared unit computes A1-A3 per its unit (or says what is missing)', () => {
    let computed = 0
    const refused: string[] = []
    for (const unit of ['kg', 'm3', 'm2', 'm', 'piece'] as const) {
      for (const row of materials.filter((f) => f.material!.declared_unit === unit)) {
        try {
          const res = calculateEmbodied({ materials: [{ material_key: row.key, quantity: { value: 1, unit }, boundary: 'A1-A3' }] }, view)
          const reference = row.material!.declared_quantity?.value ?? 1
          // one declared unit = value / reference quantity (unit scale of `per tonne` rows aside)
          const perUnit = row.unit.includes('per tonne') ? row.value / 1000 : row.value / reference
          const m = row.modules ?? {}
          // published A1-A3, else A1 + A2 + A3 where the dataset splits them, else the factor value
          const a1a3 = m['A1-A3']?.value ?? (m.A1 && m.A2 && m.A3 ? m.A1.value + m.A2.value + m.A3.value : undefined)
          const expected = a1a3 !== undefined ? (row.unit.includes('per tonne') ? a1a3 / 1000 : a1a3 / reference) : perUnit
          const got = res.materials[0]!.modules['A1-A3']!.value
          if (Math.abs(got - expected) > 1e-11 * Math.max(1, Math.abs(expected))) throw new Error(`${row.key} ${row.unit} ref ${reference}: got ${got}, expected ${expected}, modules ${JSON.stringify(row.modules)}`)
          computed++
        } catch (error) {
          if (isEngineError(error) && error.code === 'unknown_factor') refused.push(`${row.key} (${row.unit})`)
          else throw error
        }
      }
    }
    expect(computed).toBeGreaterThan(700)
    // only rows whose unit is not a construction quantity (energy, transport per km, per year) are refused
    for (const r of refused) expect(r).not.toMatch(/\((kg|g|t) CO2e per (kg|tonne|m3|m2|m|piece)\)$/)
  })

  it('a bill of quantities over ÖKOBAUDAT rows: published modules first, defaults for the rest, receipt verifies', () => {
    const withModules = materials.filter((f) => f.modules?.A4 === undefined && f.modules?.C3 && f.material!.declared_unit === 'm3' && f.material!.density_kg_m3).slice(0, 5)
    expect(withModules.length).toBeGreaterThan(0)
    const res = calculateEmbodied(
      { materials: withModules.map((row) => ({ material_key: row.key, quantity: { value: 10, unit: 'm3' }, boundary: 'A1-C4+D' })), project: { gia_m2: 1000 } },
      view,
    )
    for (const [i, line] of res.materials.entries()) {
      const row = withModules[i]!
      expect(line.mass_kg).toBe(Number((10 * row.material!.density_kg_m3!.value).toPrecision(12)))
      expect(line.modules['A1-A3']!.source!.cell_ref).toBe(row.modules!['A1-A3']?.cell_ref ?? row.cell_ref)
      expect(line.modules.C3!.basis).toBe('published')
      expect(line.modules.A4!.basis).toBe('default')
    }
    expect(res.attribution.credits.map((c) => c.source_id)).toContain(withModules[0]!.source_id)
    expect(verifyReceipt(JSON.parse(JSON.stringify(res))).valid).toBe(true)
  })

  it('ÖKOBAUDAT glulam: the negative published A1 (biogenic uptake) is sequestration, not part of embodied_carbon', () => {
    const glulam = materials.find((f) => f.key === 'materials.timber.glulam.special_shapes_average_2020') ?? materials.find((f) => f.key.startsWith('materials.timber.glulam.') && f.modules?.A1 && f.modules.A2 && f.modules.A3 && f.modules.A1.value < 0 && f.material!.declared_unit === 'm3')
    expect(glulam).toBeDefined()
    const m = glulam!.modules!
    const res = calculateEmbodied({ materials: [{ material_key: glulam!.key, quantity: { value: 1, unit: 'm3' }, boundary: 'A1-A3' }] }, view)
    const reference = glulam!.material!.declared_quantity?.value ?? 1
    // published A1-A3, else A1 + A2 + A3 (as the engine reads it)
    const a1a3 = (m['A1-A3']?.value ?? m.A1!.value + m.A2!.value + m.A3!.value) / reference
    const uptake = [m.A1!, m.A2!, m.A3!].filter((c) => c.value < 0).reduce((a, c) => a + c.value / reference, 0)
    expect(res.materials[0]!.modules['A1-A3']!.value).toBeCloseTo(a1a3, 6) // the published number is unchanged
    expect(res.result.embodied_carbon.value).toBeGreaterThan(0)
    expect(res.result.embodied_carbon.value).toBeCloseTo(a1a3 - uptake, 6)
    expect(res.result.sequestration!.value).toBeCloseTo(uptake, 6)
    expect(res.materials[0]!.sequestration!.modules[0]!.source!.cell_ref).toBe(m.A1!.cell_ref)
    expect(res.materials[0]!.warnings.map((w) => w.code)).toContain('biogenic_uptake_excluded')
    expect(verifyReceipt(JSON.parse(JSON.stringify(res))).valid).toBe(true)
  })

  it('option 3a with a real spend factor: currency and price year come from its unit', () => {
    // An emission factor: the first purchaser-price row by key is a margins-only component (issue 17).
    const spend = artifact.factors.find((f) => /^kg CO2e per USD \(\d{4}, purchaser price\)$/.test(f.unit) && kindOf(f) === 'emission_factor')
    expect(spend).toBeDefined()
    const year = Number(/\((\d{4})/.exec(spend!.unit)![1])
    const holding = (price_year: number) => ({
      outstanding_amount: 1e6,
      denominator: { type: 'total_equity_plus_debt', value: 1e7 },
      revenue: { value: 5e6, currency: 'USD', price_year },
      spend_factor_key: spend!.key,
      data_quality_score: 4,
    })
    const res = calculatePcaf({ asset_class: 'business_loans_and_unlisted_equity', holdings: [holding(year)] }, view)
    const expected = (0.1 * 5e6 * spend!.value) / 1000
    expect(Math.abs(res.holdings[0]!.financed_emissions.value - expected)).toBeLessThanOrEqual(1e-11 * Math.max(1, expected))
    expect(res.audit.factors_used[0]!.source.cell_ref).toBe(spend!.cell_ref)
    try {
      calculatePcaf({ asset_class: 'business_loans_and_unlisted_equity', holdings: [holding(year - 1)] }, view)
      throw new Error('expected currency_mismatch')
    } catch (error) {
      expect(isEngineError(error) && error.code).toBe('currency_mismatch')
    }
  })
})
