import { describe, expect, it } from 'vitest'
import type { FactorRow, ReleaseArtifact } from '@openfactors/engine/release'
import { ReleaseArtifactSchema } from '@openfactors/engine/release'
import { parseArtifact } from '@openfactors/engine'
import { RESOLVE_MODEL } from '@openfactors/engine/resolve-model'
import { artifactJson, canonicalFactor } from './canonical.ts'
import { deterministicGzip, gunzipText, sha256Hex } from './gzip.ts'

const f1: FactorRow = { key: 'fuels.gb.diesel.litres', name: 'Diesel', value: 2.51, unit: 'kg CO2e per litre', scope: 'scope_1', section: 'Fuels', country: 'gb', region: null, source_id: 'uk-2026', cell_ref: "'Fuels'!D30", tags: [], gases: {} }
const f2: FactorRow = { tags: ['petrol'], cell_ref: "'Fuels'!D40", source_id: 'uk-2026', country: 'gb', section: 'Fuels', scope: 'scope_1', unit: 'kg CO2e per litre', value: 2.1, name: 'Petrol', key: 'fuels.gb.petrol.litres', gases: { n2o: { cell_ref: "'Fuels'!G40", value: 0.01 }, co2: { value: 2.0, cell_ref: "'Fuels'!E40" } } }
const artifact = (factors: FactorRow[]): ReleaseArtifact => ({ format: 'openfactors.release/1', mb_version: '2026.1', released_at: '2026-11-22', editions: [], factors })

describe('canonical artifact JSON', () => {
  it('drops empty optional fields and orders keys as the schema does', () => {
    const c = canonicalFactor(f1)
    expect(Object.keys(c)).toEqual(['key', 'name', 'value', 'unit', 'scope', 'section', 'country', 'source_id', 'cell_ref', 'kind'])
    expect(Object.keys(canonicalFactor(f2))).toEqual(['key', 'name', 'value', 'unit', 'scope', 'section', 'country', 'source_id', 'cell_ref', 'gases', 'kind', 'tags'])
    expect(Object.keys(canonicalFactor(f2).gases as object)).toEqual(['co2', 'n2o'])
  })
  it('gives the same text for the same rows in any order, and the text parses back to a valid artifact', () => {
    const a = artifactJson(artifact([f1, f2]))
    expect(artifactJson(artifact([f2, f1]))).toBe(a)
    const parsed = ReleaseArtifactSchema.parse(JSON.parse(a))
    expect(parsed.factors.map((f) => f.key)).toEqual(['fuels.gb.diesel.litres', 'fuels.gb.petrol.litres'])
  })
  it('writes the industry words in code order when the release has any, and they parse back (engine envelope and full parse)', () => {
    const words = { '332216': 'hammer wrench', '326122': 'fitting pipe' }
    const text = artifactJson({ ...artifact([f1]), industry_words: words })
    expect(text.indexOf('"326122"')).toBeLessThan(text.indexOf('"332216"'))
    expect(ReleaseArtifactSchema.parse(JSON.parse(text)).industry_words).toEqual(words)
    // The engine's light and envelope checks share one envelope schema, which must keep the words.
    expect(parseArtifact(text, 'envelope').industry_words).toEqual(words)
    expect(artifactJson(artifact([f1]))).not.toContain('industry_words')
  })
  it('writes the resolve model with its fields in a fixed order, whatever order they came in, and it parses back equal', () => {
    const { learnedWords, ...rest } = RESOLVE_MODEL
    const shuffled = { learnedWords: Object.fromEntries(Object.entries(learnedWords).reverse()), ...Object.fromEntries(Object.entries(rest).reverse()) } as typeof RESOLVE_MODEL
    const text = artifactJson({ ...artifact([f1]), resolve_model: RESOLVE_MODEL })
    expect(artifactJson({ ...artifact([f1]), resolve_model: shuffled })).toBe(text)
    expect(ReleaseArtifactSchema.parse(JSON.parse(text)).resolve_model).toEqual(RESOLVE_MODEL)
    expect(parseArtifact(text, 'envelope').resolve_model).toEqual(RESOLVE_MODEL)
    expect(artifactJson(artifact([f1]))).not.toContain('resolve_model')
  })
  it('writes kind on every factor, and basis and derived where set (issue 17)', () => {
    expect(canonicalFactor(f1).kind).toBe('emission_factor')
    const summed: FactorRow = {
      ...f1, kind: 'component', basis: { note: 'A1 + A2 + A3', biogenic: 'uptake_included' },
      derived: { op: 'sum', inputs: [{ value: 1, cell_ref: 'a' }, { value: 2, cell_ref: 'b' }] },
    }
    const c = canonicalFactor(summed)
    expect(c.kind).toBe('component')
    expect(c.basis).toEqual({ biogenic: 'uptake_included', note: 'A1 + A2 + A3' })
    expect(Object.keys(c.basis as object)).toEqual(['biogenic', 'note'])
    expect(c.derived).toEqual({ op: 'sum', inputs: [{ value: 1, cell_ref: 'a' }, { value: 2, cell_ref: 'b' }] })
    expect(ReleaseArtifactSchema.parse(JSON.parse(artifactJson(artifact([summed])))).factors[0]?.derived?.inputs).toHaveLength(2)
  })
  it('refuses non-finite numbers', () => {
    expect(() => artifactJson(artifact([{ ...f1, value: Number.NaN }]))).toThrow(/not a finite number/)
  })
})

describe('deterministic gzip', () => {
  it('gives identical bytes every time, with mtime 0 and OS byte 255, and round-trips', async () => {
    const text = artifactJson(artifact([f1, f2]))
    const a = deterministicGzip(text)
    await new Promise((r) => setTimeout(r, 1100)) // a second later: mtime must not leak in
    const b = deterministicGzip(text)
    expect(sha256Hex(a)).toBe(sha256Hex(b))
    expect(a.readUInt32LE(4)).toBe(0)
    expect(a[9]).toBe(255)
    expect(gunzipText(a)).toBe(text)
  })
})
