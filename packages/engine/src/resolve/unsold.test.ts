import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { LoadedRelease } from '../index/loaded.ts'
import type { FactorRow, ReleaseArtifact } from '../release/schema.ts'
import { RESOLVE_MODEL } from './model-data.ts'
import { parseDescription } from './parse.ts'
import { candidatesOf } from './resolve.ts'
import { ResolveRequestSchema } from './schema.ts'
import { applyHints } from './adjust.ts'
import { noSpendAnswer, spendExcluded, withoutMoneyWords } from './unsold.ts'

/** The fixture with made-up US spend factors: a maker of electricity meters, and the electric power industry when asked. */
function withSpend(power: boolean): LoadedRelease {
  const base = fixtureArtifact()
  const template = base.factors[0] as FactorRow
  const spend = (code: string, name: string): FactorRow => ({ ...template, key: `spend.us.naics_${code}_${name.toLowerCase().replace(/\W+/g, '_')}.with_margins`, name, unit: 'kg CO2e per USD', section: 'Supply chain', country: 'us', region: null, scope: 'scope_3', cell_ref: `S!B${code}` })
  const factors = [...base.factors, spend('334515', 'Instrument Manufacturing for Measuring and Testing Electricity')]
  if (power) factors.push(spend('221122', 'Electric Power Distribution'))
  const artifact: ReleaseArtifact = { ...base, factors }
  return new LoadedRelease(artifact)
}

const spendKeys = (release: LoadedRelease, description: string) => {
  const { all } = candidatesOf(release, ResolveRequestSchema.parse({ description, unit: 'USD', country: 'US' }), RESOLVE_MODEL)
  return all.map((s) => release.rows[s.position]?.key ?? '').filter((k) => k.startsWith('spend.'))
}

describe('things no spend factor sells', () => {
  it('offers no spend factor for electricity in money while the release has no electric power industry', () => {
    const release = withSpend(false)
    expect(noSpendAnswer(release, parseDescription('electricity'))).toBe(true)
    expect(noSpendAnswer(release, parseDescription('electricity costs'))).toBe(true)
    expect(spendKeys(release, 'Electricity')).toEqual([])
    expect(spendKeys(release, 'power bill')).toEqual([])
    // Something else named: a product that may well be sold.
    expect(noSpendAnswer(release, parseDescription('electricity meters'))).toBe(false)
  })

  it('offers the spend factors again once the release has the industry', () => {
    const release = withSpend(true)
    expect(noSpendAnswer(release, parseDescription('electricity'))).toBe(false)
    expect(spendKeys(release, 'Electricity').length).toBeGreaterThan(0)
  })

  it('drops the money words only where nothing else is named ("costs" is one letter from Costa Rica)', () => {
    const release = withSpend(false)
    expect(withoutMoneyWords(release, parseDescription('electricity costs')).concepts.map((c) => c.phrase)).toEqual(['electricity'])
    expect(withoutMoneyWords(release, parseDescription('concrete costs')).concepts.map((c) => c.phrase)).toEqual(['concrete', 'costs'])
  })

  it('offers no spend factor for a quantity hinted, only for one read from the text', () => {
    const release = withSpend(true)
    const hinted = (description: string, unit: string) => applyHints(parseDescription(description), ResolveRequestSchema.parse({ description, unit }))
    expect(spendExcluded(release, hinted('electricity meters', 'MWh'))).toBe(true)
    expect(spendExcluded(release, hinted('electricity meters', 'USD'))).toBe(false)
    // "55 GALLON" is the size of the bags bought, not the quantity.
    expect(spendExcluded(release, parseDescription('BAG PLASTIC LINER 55 GALLON'))).toBe(false)
    const keysOf = (unit: string) => candidatesOf(release, ResolveRequestSchema.parse({ description: 'electricity meters', unit, country: 'US' }), RESOLVE_MODEL).all.map((s) => release.rows[s.position]?.key ?? '')
    expect(keysOf('USD').some((k) => k.startsWith('spend.'))).toBe(true)
    expect(keysOf('MWh').some((k) => k.startsWith('spend.'))).toBe(false)
  })
})
