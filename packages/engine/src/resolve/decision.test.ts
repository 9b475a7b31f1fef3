import { describe, expect, it } from 'vitest'
import { belowAccept, decide, woodAsFuel } from './decision.ts'

describe('decision', () => {
  it('accepts from the threshold on', () => {
    expect(decide(0.9, 0.9)).toBe('accept')
    expect(decide(0.899, 0.9)).toBe('review')
  })

  it('keeps the confidence of a match missing the place or unit named under the threshold', () => {
    expect(belowAccept(0.999, 0.893)).toBeCloseTo(0.892)
    expect(decide(belowAccept(0.999, 0.893), 0.893)).toBe('review')
    expect(belowAccept(0.4, 0.893)).toBe(0.4)
    expect(belowAccept(0.5, 0)).toBe(0.001)
  })
})

describe('wood named as itself', () => {
  const concepts = (...phrases: Array<[string, string[]]>) => phrases.map(([phrase, alternatives]) => ({ phrase, alternatives }))
  it('is the material, so a fuel burnt is for a person to check', () => {
    expect(woodAsFuel(concepts(['timber', ['wood']]), 'bioenergy.gb.biomass_wood_chips.tonnes')).toBe(true)
    expect(woodAsFuel(concepts(['holz', ['timber', 'wood']]), 'bioenergy.gb.biomass_wood_logs.tonnes')).toBe(true)
    expect(woodAsFuel(concepts(['timber', ['wood']]), 'materials.construction.wood.primary_material_production')).toBe(false)
  })
  it('is a fuel where the fuel is named ("wood pellets", "firewood")', () => {
    expect(woodAsFuel(concepts(['wood', ['timber']], ['pellets', []]), 'bioenergy.gb.biomass_wood_pellets.tonnes')).toBe(false)
    expect(woodAsFuel(concepts(['firewood', ['wood logs']]), 'bioenergy.gb.biomass_wood_logs.tonnes')).toBe(false)
    expect(woodAsFuel([], 'bioenergy.gb.biomass_wood_logs.tonnes')).toBe(false)
  })
})
