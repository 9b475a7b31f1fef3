import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { createEngine } from '../engine.ts'
import type { ReleaseArtifact } from '../release/schema.ts'
import { RESOLVE_MODEL } from './model-data.ts'
import type { ResolveModel } from './model.ts'
import { fitsThisEngine } from './model.ts'

const diesel = { description: 'diesel litres', limit: 3 }

function withoutModel(): ReleaseArtifact {
  const { resolve_model: _model, ...rest } = fixtureArtifact()
  return rest
}

/** The fitted model with every weight zero but the text relevance: ranks differently, visibly. */
const textOnly: ResolveModel = { ...RESOLVE_MODEL, version: 'test-text-only', weights: RESOLVE_MODEL.features.map((f) => (f === 'text_rel' ? 1 : 0)), acceptAt: 0.001 }

describe('the resolve model a release is resolved with', () => {
  it('is the one the release carries, even when the host gives another', () => {
    const plain = createEngine()
    plain.load(fixtureArtifact())
    const own = createEngine({ resolveModel: textOnly })
    own.load(fixtureArtifact())
    const other = createEngine({ resolveModel: RESOLVE_MODEL })
    other.load({ ...fixtureArtifact(), resolve_model: textOnly })
    expect(own.resolve(diesel)).toEqual(plain.resolve(diesel))
    // textOnly accepts everything it can (acceptAt 0.001): the release's model is the one that ran.
    const checkable = other.resolve(diesel).matches.filter((m) => m.geo_match !== 'mismatch' && m.unit_match !== 'mismatch')
    expect(checkable.length).toBeGreaterThan(0)
    expect(checkable.every((m) => m.decision === 'accept')).toBe(true)
    expect(plain.resolve(diesel).matches.some((m) => m.decision === 'review')).toBe(true)
  })
  it("falls back to the host's model for a release without one, and the answers equal the release's own", () => {
    const fallback = createEngine({ resolveModel: RESOLVE_MODEL })
    fallback.load(withoutModel())
    const carried = createEngine()
    carried.load(fixtureArtifact())
    expect(fallback.resolve(diesel)).toEqual(carried.resolve(diesel))
  })
  it("falls back when the release's model does not fit this engine's features", () => {
    const stale: ResolveModel = { ...RESOLVE_MODEL, version: 'old', features: RESOLVE_MODEL.features.slice(1), weights: RESOLVE_MODEL.weights.slice(1) }
    expect(fitsThisEngine(stale)).toBe(false)
    expect(fitsThisEngine(RESOLVE_MODEL)).toBe(true)
    const engine = createEngine({ resolveModel: RESOLVE_MODEL })
    engine.load({ ...fixtureArtifact(), resolve_model: stale })
    const carried = createEngine()
    carried.load(fixtureArtifact())
    expect(engine.resolve(diesel)).toEqual(carried.resolve(diesel))
  })
  it('refuses to resolve (release_invalid, with the reason) when neither has one; lookups still work', () => {
    const engine = createEngine()
    engine.load(withoutModel())
    expect(() => engine.resolve(diesel)).toThrow(expect.objectContaining({ code: 'release_invalid', data: { reason: 'release 2099.1: it carries no resolve model' } }))
    expect(engine.lookup('fuels.gb.lpg.litres').factor.key).toBe('fuels.gb.lpg.litres')
  })
  it("calibrates and accepts a spend factor's top match by the model's spend calibration and threshold", () => {
    const base = fixtureArtifact()
    const like = base.factors[0]
    if (!like) throw new Error('empty fixture')
    const furniture = {
      ...like, key: 'spend.us.naics_337214_office_furniture_except_wood_manufacturing.with_margins', name: 'Office furniture (except wood) manufacturing',
      unit: 'kg CO2e per USD (2022, purchaser price)', country: 'us', section: 'Supply chain emission factors > With margins', cell_ref: "'Test'!D999",
    }
    const artifact = { ...base, factors: [...base.factors, furniture] }
    const { calibrationSpend: _calibration, acceptAtSpend: _threshold, ...beforeSpendApart } = RESOLVE_MODEL
    const acceptAll: ResolveModel = { ...beforeSpendApart, version: 'test-accept-all', acceptAt: 0.001 }
    const apart: ResolveModel = { ...acceptAll, version: 'test-spend-apart', calibrationSpend: { x: [0, 1], y: [0.3, 0.3] }, acceptAtSpend: 1 }
    const engine = createEngine()
    engine.load({ ...artifact, resolve_model: apart })
    const spend = engine.resolve({ description: 'office furniture', limit: 3 }).matches[0]
    expect(spend).toMatchObject({ key: furniture.key, confidence: 0.3, decision: 'review' })
    // Other top matches keep the model's own calibration and threshold.
    const fuel = engine.resolve(diesel).matches.find((m) => m.geo_match !== 'mismatch' && m.unit_match !== 'mismatch')
    expect(fuel?.decision).toBe('accept')
    // A model fitted before (neither field) treats both alike: the spend answer is accepted there.
    const before = createEngine()
    before.load({ ...artifact, resolve_model: acceptAll })
    expect(before.resolve({ description: 'office furniture', limit: 3 }).matches[0]).toMatchObject({ key: furniture.key, decision: 'accept' })
  })
  it('is checked by the schema when the release is loaded', () => {
    const broken = { ...fixtureArtifact(), resolve_model: { ...RESOLVE_MODEL, acceptAt: 2 } }
    expect(() => createEngine().load(broken)).toThrow(expect.objectContaining({ code: 'release_invalid' }))
  })
})
