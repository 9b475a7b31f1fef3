import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { LoadedRelease } from '../index/loaded.ts'
import type { FactorRow, ReleaseArtifact } from '../release/schema.ts'
import { FEATURES, featureIndex } from './features.ts'
import { industryKnows, lineCountsOf, lineVotes } from './lines.ts'
import type { ResolveModel } from './model.ts'
import { RESOLVE_MODEL } from './model-data.ts'
import { candidatesOf } from './resolve.ts'
import { ResolveRequestSchema } from './schema.ts'

const model: ResolveModel = {
  ...RESOLVE_MODEL,
  weights: FEATURES.map(() => 0),
  learnedWords: { '326122': 'coupling pvc slip|pipe pvc sch', '332216': 'hammer peen|pliers' },
}

/** The fixture release with two made-up US spend factors and the NAICS words of their industries. */
function withSpend(): ReleaseArtifact {
  const base = fixtureArtifact()
  const template = base.factors[0] as FactorRow
  const spend = (code: string, name: string): FactorRow => ({ ...template, key: `spend.us.naics_${code}_${name.toLowerCase().replace(/\W+/g, '_')}.with_margins`, name, unit: 'kg CO2e per USD', section: 'Supply chain', country: 'us', region: null, scope: 'scope_3', cell_ref: `S!B${code}` })
  return {
    ...base,
    factors: [...base.factors, spend('326122', 'Plastics Pipe Manufacturing'), spend('332216', 'Saw Blade and Handtool Manufacturing')],
    industry_words: { '326122': 'conduit fitting plastic', '332216': 'chisel handtool wrench' },
  }
}

describe('nearest labelled purchase lines', () => {
  it('vote for the industry of the lines sharing the most words', () => {
    const votes = lineVotes(model, ['pvc', 'coupling'])
    expect(votes.nearest).toBe('326122')
    expect(votes.share.get('326122')).toBe(1)
    expect(lineVotes(model, ['hammer']).nearest).toBe('332216')
    expect(lineVotes(model, []).share.size).toBe(0)
  })

  it('make the voted industry a candidate with its share and nearest features', () => {
    const release = new LoadedRelease(withSpend())
    const { all } = candidatesOf(release, ResolveRequestSchema.parse({ description: 'COUPLING PVC 3 IN' }), model)
    const pipe = all.find((s) => release.rows[s.position]?.key.includes('naics_326122'))
    expect(pipe?.x[featureIndex('line_share')]).toBe(1)
    expect(pipe?.x[featureIndex('line_nearest')]).toBe(1)
    expect(pipe?.x[featureIndex('line_best')]).toBe(1)
    expect(pipe?.x[featureIndex('line_group')]).toBe(1)
    expect(pipe?.x[featureIndex('line_prior')]).toBeCloseTo(Math.log1p(2))
    expect(pipe?.x[featureIndex('head_matched')]).toBe(1)
  })

  it('say how near the best line of each industry is and how many lines an industry has', () => {
    const votes = lineVotes(model, ['pvc', 'pliers'])
    expect([...votes.best.values()].some((v) => v === 1)).toBe(true)
    expect(Math.max(...votes.best.values())).toBe(1)
    expect(votes.group.get('3261')).toBe(votes.share.get('326122'))
    expect(lineCountsOf(model).get('332216')).toBe(2)
    expect(lineCountsOf(model).get('111111')).toBeUndefined()
  })
})

describe("the release's NAICS words", () => {
  it('match a product word no factor name has, and are not corrected as typos', () => {
    const release = new LoadedRelease(withSpend())
    expect(industryKnows(release, model, 'wrench')).toBe(true)
    expect(industryKnows(release, model, 'pvc')).toBe(true)
    expect(industryKnows(release, model, 'diesel')).toBe(false)
    const { all, parsed } = candidatesOf(release, ResolveRequestSchema.parse({ description: 'wrench set' }), model)
    expect(parsed.concepts.map((c) => c.phrase)).toContain('wrench')
    const tools = all.find((s) => release.rows[s.position]?.key.includes('naics_332216'))
    expect(tools?.x[featureIndex('in_industry')]).toBeGreaterThan(0)
  })

  it('take a word the word vectors of the release know as a word, not a typo of a factor word', () => {
    // One byte of sign bits for each of two words of eight dimensions ("sofa" is in no industry text here).
    const release = new LoadedRelease({ ...withSpend(), word_vectors: { source: 'test', dims: 8, words: 'sofa blazer', signs: 'AP8=' } })
    expect(industryKnows(release, model, 'sofa')).toBe(true)
    expect(industryKnows(release, model, 'blazer')).toBe(true)
    expect(industryKnows(new LoadedRelease(withSpend()), model, 'sofa')).toBe(false)
    const { parsed } = candidatesOf(release, ResolveRequestSchema.parse({ description: 'sofa' }), model)
    expect(parsed.concepts.map((c) => c.phrase)).toEqual(['sofa'])
  })

  it('are absent from a release without spend factors, which resolves as before', () => {
    const release = new LoadedRelease(fixtureArtifact())
    expect(release.artifact.industry_words).toBeUndefined()
    expect(industryKnows(release, model, 'wrench')).toBe(false)
  })
})
