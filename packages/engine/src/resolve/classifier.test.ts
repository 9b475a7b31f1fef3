import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { LoadedRelease } from '../index/loaded.ts'
import type { FactorRow, ReleaseArtifact } from '../release/schema.ts'
import { bestCodes, classify, gramsOf } from './classifier.ts'
import { FEATURES, featureIndex } from './features.ts'
import type { ResolveModel } from './model.ts'
import { RESOLVE_MODEL } from './model-data.ts'
import { candidatesOf } from './resolve.ts'
import { ResolveRequestSchema } from './schema.ts'

const model: ResolveModel = {
  ...RESOLVE_MODEL,
  weights: FEATURES.map(() => 0),
  learnedWords: { '326122': 'coupling pvc slip|pipe pvc sch', '332216': 'hammer peen|pliers|wrench', '332919': 'assembl valv|flang gasket|flang steel valv' },
}

describe('the character-gram classifier of labelled lines', () => {
  it('reads a word and its boundary-marked 3- and 4-grams', () => {
    expect(gramsOf('flng')).toEqual(['w:flng', '^fl', 'fln', 'lng', 'ng$', '^fln', 'flng', 'lng$'])
  })

  it('places an abbreviation no labelled line spells by the grams it shares', () => {
    const assembly = classify(model, ['assi'])
    expect(assembly.order).toEqual(['332919'])
    expect(assembly.rank.get('332919')).toBe(1)
    const pliers = classify(model, ['plir'])
    expect(pliers.order[0]).toBe('332216')
    const pvc = classify(model, ['pvc', 'coupl'])
    expect(pvc.order[0]).toBe('326122')
    expect(pvc.prob.get('326122')).toBeGreaterThan(0.5)
  })

  it('gives probabilities that fall with the rank and sum to at most 1', () => {
    const s = classify(model, ['flng', 'pvc'])
    const probs = s.order.map((c) => s.prob.get(c) ?? 0)
    for (let i = 1; i < probs.length; i++) expect(probs[i]).toBeLessThanOrEqual(probs[i - 1] ?? 0)
    expect(probs.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1 + 1e-12)
    expect(Math.min(...probs)).toBeGreaterThan(0)
  })

  it('keeps the best codes as a full sort would: highest first, ties by index, only those touched', () => {
    const score = Float64Array.from([3, 5, 5, 1, 9, 5, 2, 7])
    const touched = Uint8Array.from([1, 1, 1, 1, 1, 1, 0, 1])
    const sorted = [0, 1, 2, 3, 4, 5, 7].sort((a, b) => (score[b] ?? 0) - (score[a] ?? 0) || a - b)
    for (const k of [1, 3, 4, 5, 7, 10]) expect(bestCodes(score, touched, k)).toEqual(sorted.slice(0, k))
    expect(bestCodes(score, new Uint8Array(8), 3)).toEqual([])
  })

  it('says nothing for a line with no known gram, or none', () => {
    expect(classify(model, ['zzzz']).order).toEqual([])
    expect(classify(model, []).prob.size).toBe(0)
    expect(classify({ ...model, learnedWords: {} }, ['pvc']).order).toEqual([])
  })

  it("makes its best industries' spend factors candidates with its features", () => {
    const base = fixtureArtifact()
    const template = base.factors[0] as FactorRow
    const spend = (code: string, name: string): FactorRow => ({ ...template, key: `spend.us.naics_${code}_${name.toLowerCase().replace(/\W+/g, '_')}.with_margins`, name, unit: 'kg CO2e per USD', section: 'Supply chain', country: 'us', region: null, scope: 'scope_3', cell_ref: `S!B${code}` })
    const artifact: ReleaseArtifact = { ...base, factors: [...base.factors, spend('332919', 'Other Metal Valve and Pipe Fitting Manufacturing'), spend('326122', 'Plastics Pipe Manufacturing')] }
    const release = new LoadedRelease(artifact)
    const { all } = candidatesOf(release, ResolveRequestSchema.parse({ description: 'ASSY 4 IN' }), model)
    const valves = all.find((s) => release.rows[s.position]?.key.includes('naics_332919'))
    expect(valves?.x[featureIndex('clf_rank')]).toBe(1)
    // More probable than a uniform guess over the three industries, and its group's share with it.
    expect(valves?.x[featureIndex('clf_prob')]).toBeGreaterThan(1 / 3)
    expect(valves?.x[featureIndex('clf_log')]).toBeGreaterThan(0.9)
    expect(valves?.x[featureIndex('clf_group')]).toBe(valves?.x[featureIndex('clf_prob')])
  })
})
