import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { createEngine } from '../engine.ts'
import { isEngineError } from '../errors.ts'
import type { FactorRow, ReleaseArtifact } from '../release/schema.ts'
import { FactorSchema, LookupResponseSchema, SearchResponseSchema } from './response-schemas.ts'

/** The fixture plus one row of each kind that is not an emission factor, named like an emission factor. */
function withKinds(): ReleaseArtifact {
  const a = fixtureArtifact()
  const base = a.factors[0] as FactorRow
  const extra: FactorRow[] = [
    {
      ...base,
      key: 'spend.us.diesel_refining.margins',
      name: 'Diesel refining, margins only',
      unit: 'kg CO2e per USD (2022, purchaser price)',
      cell_ref: "'Test'!D900",
      gases: undefined,
      kind: 'component',
      basis: { price: { currency: 'USD', year: 2022, basis: 'purchaser' } },
    },
    { ...base, key: 'electricity.us.grid_erct.non_baseload', name: 'Diesel electricity non-baseload', unit: 'kg CO2e per kWh', cell_ref: "'Test'!D901", gases: undefined, kind: 'not_for_inventory' },
    {
      ...base,
      key: 'fuels.gb.diesel_net_cv.kwh_net_cv',
      name: 'Diesel (average biofuel blend) Net CV',
      unit: 'kg CO2e per kWh (Net CV)',
      cell_ref: "'Test'!D902",
      gases: undefined,
      kind: 'emission_factor',
      basis: { calorific_value: 'net' },
    },
  ]
  return { ...a, factors: [...a.factors, ...extra].sort((x, y) => (x.key < y.key ? -1 : 1)) }
}

function loaded() {
  const engine = createEngine({ validation: 'full' })
  engine.load(withKinds())
  return engine
}

describe('kind: only emission factors are offered by default', () => {
  it('search (text and listing) leaves other kinds out unless asked for', () => {
    const engine = loaded()
    const text = engine.search({ search: 'diesel', limit: 100 })
    expect(text.factors.map((f) => f.key)).not.toContain('spend.us.diesel_refining.margins')
    expect(text.factors.map((f) => f.key)).not.toContain('electricity.us.grid_erct.non_baseload')
    expect(text.factors.every((f) => f.kind === 'emission_factor')).toBe(true)
    const listing = engine.search({ limit: 100 })
    expect(listing.total).toBe(fixtureArtifact().factors.length + 1)
    const components = engine.search({ search: 'diesel', kind: 'component' })
    expect(components.factors.map((f) => f.key)).toEqual(['spend.us.diesel_refining.margins'])
    expect(engine.search({ kind: 'not_for_inventory' }).factors.map((f) => f.key)).toEqual(['electricity.us.grid_erct.non_baseload'])
    const all = engine.search({ search: 'diesel', kind: 'all', limit: 100 }).factors.map((f) => f.key)
    expect(all).toContain('spend.us.diesel_refining.margins')
    expect(all).toContain('fuels.gb.diesel_average_biofuel_blend.litres')
    expect(SearchResponseSchema.safeParse(components).success).toBe(true)
  })

  it('search serves kind on every factor and basis where set', () => {
    const f = loaded().search({ search: 'diesel net cv' }).factors.find((x) => x.key === 'fuels.gb.diesel_net_cv.kwh_net_cv')
    expect(f?.basis).toEqual({ calorific_value: 'net' })
    expect(FactorSchema.parse(f).kind).toBe('emission_factor')
  })

  it('lookup reaches every kind by key and says what it is', () => {
    const r = loaded().lookup('spend.us.diesel_refining.margins')
    expect(r.factor.kind).toBe('component')
    expect(r.factor.basis?.price?.basis).toBe('purchaser')
    expect(LookupResponseSchema.safeParse(r).success).toBe(true)
    // Rows without kind (artifacts built before it existed) are emission factors.
    expect(loaded().lookup('fuels.gb.lpg.litres').factor.kind).toBe('emission_factor')
  })

  it('resolve never offers another kind, even for its exact name', () => {
    const r = loaded().resolve({ description: 'Diesel refining, margins only', limit: 10 })
    expect(r.matches.map((m) => m.key)).not.toContain('spend.us.diesel_refining.margins')
    const nb = loaded().resolve({ description: 'Diesel electricity non-baseload', limit: 10 })
    expect(nb.matches.map((m) => m.key)).not.toContain('electricity.us.grid_erct.non_baseload')
  })

  it('the artifact schema refuses an unknown kind', () => {
    const bad = { ...withKinds(), factors: [{ ...(fixtureArtifact().factors[0] as FactorRow), kind: 'guess' }] }
    for (const validation of ['light', 'full'] as const) {
      let error: unknown = null
      try {
        createEngine({ validation }).load(bad as unknown as ReleaseArtifact)
      } catch (e) {
        error = e
      }
      expect(isEngineError(error) && error.code).toBe('release_invalid')
    }
  })
})
