import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { LoadedRelease } from '../index/loaded.ts'
import type { FactorRow, ReleaseArtifact } from '../release/schema.ts'
import type { WordVectors } from '../release/word-vectors.ts'
import { FEATURES, featureIndex } from './features.ts'
import type { ResolveModel } from './model.ts'
import { RESOLVE_MODEL } from './model-data.ts'
import { candidatesOf } from './resolve.ts'
import { ResolveRequestSchema } from './schema.ts'
import { addRow, base64Bytes, semanticIndustries, wordVectorBytes } from './semantic.ts'

/** Sign vectors of 16 dimensions: clothing words share the first half's signs, medical words the second's. */
function vectors(rows: Record<string, string>): WordVectors {
  const words = Object.keys(rows)
  const bytes = new Uint8Array(words.length * 2)
  words.forEach((w, i) => {
    const bits = rows[w] ?? ''
    for (let d = 0; d < 16; d++) if (bits[d] === '1') bytes[i * 2 + (d >> 3)] = (bytes[i * 2 + (d >> 3)] ?? 0) | (1 << (d & 7))
  })
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return { source: 'test', dims: 16, words: words.join(' '), signs: btoa(binary) }
}

const CLOTHING = '1111111100000000'
const MEDICAL = '0000000011111111'
const VECTORS = vectors({
  apparel: CLOTHING,
  sew: '1111111000000001',
  jean: '1111110100000000',
  trouser: '1111111100000010',
  surgical: MEDICAL,
  instrument: '0000000111111111',
  endotracheal: '1000000011111110',
  catheter: '0000000011111101',
})

const model: ResolveModel = { ...RESOLVE_MODEL, weights: FEATURES.map(() => 0), learnedWords: { '315240': 'trouser' } }

function releaseWith(extra: Partial<ReleaseArtifact>): LoadedRelease {
  const base = fixtureArtifact()
  const template = base.factors[0] as FactorRow
  const spend = (code: string, name: string): FactorRow => ({ ...template, key: `spend.us.naics_${code}_${name.toLowerCase().replace(/\W+/g, '_')}.with_margins`, name, unit: 'kg CO2e per USD', section: 'Supply chain', country: 'us', region: null, scope: 'scope_3', cell_ref: `S!B${code}` })
  return new LoadedRelease({
    ...base,
    factors: [...base.factors, spend('315240', "Women's Cut and Sew Apparel Manufacturing"), spend('339112', 'Surgical and Medical Instrument Manufacturing')],
    industry_words: { '315240': 'apparel sew', '339112': 'instrument surgical' },
    ...extra,
  })
}

describe('word vectors', () => {
  it('decode each sign bit to plus or minus one over the square root of the dimensions', () => {
    const space = wordVectorBytes(VECTORS)
    expect(space.dims).toBe(16)
    expect(space.words[2]).toBe('jean')
    const jean = new Float32Array(16)
    addRow(space, 2, 2, jean)
    expect([...jean].map((v) => Math.sign(v)).join(',')).toBe('1,1,1,1,1,1,-1,1,-1,-1,-1,-1,-1,-1,-1,-1')
    expect(Math.abs(jean[0] ?? 0)).toBeCloseTo(0.5, 6)
  })

  it('read base64 as the corpus writes it, padded or not, and refuse another character', () => {
    for (const bytes of [[], [0], [255, 1], [1, 2, 3], [0, 128, 255, 7, 9]]) {
      let binary = ''
      for (const b of bytes) binary += String.fromCharCode(b)
      expect([...base64Bytes(btoa(binary))]).toEqual(bytes)
      expect([...base64Bytes(btoa(binary).replace(/=+$/, ''))]).toEqual(bytes)
    }
    expect(() => base64Bytes('AB*C')).toThrow(/not base64/)
  })

  it('refuse a table whose bytes do not fit its words', () => {
    expect(() => wordVectorBytes({ ...VECTORS, words: `${VECTORS.words} extra` })).toThrow(/bytes for 9 words/)
  })

  it('place a word no industry text or labelled line has in the industry of the words it is near', () => {
    const release = releaseWith({ word_vectors: VECTORS })
    const jeans = semanticIndustries(release, model, ['jean'])
    expect(jeans.order[0]).toBe('315240')
    expect(jeans.rank.get('315240')).toBe(1)
    expect(jeans.prob.get('315240')).toBeGreaterThan(0.5)
    const tube = semanticIndustries(release, model, ['endotracheal', 'tube'])
    expect(tube.order[0]).toBe('339112')
    const probs = tube.order.map((c) => tube.prob.get(c) ?? 0)
    expect(probs.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9)
  })

  it("score a description as the dot product of its words' normalised mean with each industry, read again or not", () => {
    const release = releaseWith({ word_vectors: VECTORS })
    const first = semanticIndustries(release, model, ['endotracheal', 'tube', 'sew'])
    // The same words again, after other words were read: the kept projections give the same figures.
    semanticIndustries(release, model, ['jean', 'catheter', 'surgical'])
    const again = semanticIndustries(release, model, ['sew', 'endotracheal', 'tube'])
    expect([...again.prob]).toEqual([...first.prob])
    // Reference: the weighted mean of the sign vectors (weight ln(2 + row)), unit length, against
    // each industry's unit vector (the two codes' NAICS words plus, for 315240, its labelled line).
    const space = wordVectorBytes(VECTORS)
    const mean = (words: [string, number][]): number[] => {
      const v = new Float32Array(16)
      for (const [w, a] of words) addRow(space, space.words.indexOf(w), a, v)
      const n = Math.hypot(...v)
      return [...v].map((x) => x / n)
    }
    const at = (w: string): [string, number] => [w, Math.log(2 + space.words.indexOf(w))]
    const q = mean([at('endotracheal'), at('sew')])
    const idf = Math.log(2)
    const text = (words: string[]) => mean(words.map((w) => [w, idf]))
    const apparelText = text(['apparel', 'sew'])
    const apparelLine = mean([at('trouser')])
    const apparel = apparelText.map((x, d) => 0.5 * x + (apparelLine[d] ?? 0))
    const medical = text(['instrument', 'surgical']).map((x) => 0.5 * x)
    const unit = (v: number[]) => v.map((x) => x / Math.hypot(...v))
    const dot = (a: number[], b: number[]) => a.reduce((s, x, d) => s + x * (b[d] ?? 0), 0)
    const sa = 20 * dot(q, unit(apparel))
    const sm = 20 * dot(q, unit(medical))
    // Compared as log-odds: the probabilities themselves are near 0 and 1.
    expect(Math.log((first.prob.get('315240') ?? 0) / (first.prob.get('339112') ?? 1))).toBeCloseTo(sa - sm, 4)
  })

  it('say nothing without vectors in the release or for words they do not know', () => {
    expect(semanticIndustries(releaseWith({}), model, ['jean']).order).toEqual([])
    expect(semanticIndustries(releaseWith({ word_vectors: VECTORS }), model, ['zzzz']).order).toEqual([])
  })

  it("make the meant industry's spend factor a candidate with its features", () => {
    const release = releaseWith({ word_vectors: VECTORS })
    const { all } = candidatesOf(release, ResolveRequestSchema.parse({ description: 'ENDOTRACHEAL CATHETER' }), { ...model, learnedWords: {} })
    const medical = all.find((s) => release.rows[s.position]?.key.includes('naics_339112'))
    expect(medical?.x[featureIndex('sem_rank')]).toBe(1)
    expect(medical?.x[featureIndex('sem_prob')]).toBeGreaterThan(0.5)
    expect(medical?.x[featureIndex('sem_log')]).toBeGreaterThan(0.9)
  })
})
