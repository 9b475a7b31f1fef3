import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { createEngine } from '../engine.ts'
import { SearchResponseSchema } from './response-schemas.ts'

const engine = createEngine()
engine.load(fixtureArtifact())

describe('search', () => {
  it('finds by name words with prefix and typos, with the contract shape', () => {
    const res = engine.search({ search: 'diesl' })
    expect(res.data_version).toBe('2099.1')
    expect(SearchResponseSchema.parse(res)).toEqual(res)
    expect(res.factors[0]?.name).toContain('Diesel')
    const f = res.factors[0]
    expect(f && Object.keys(f).sort()).toEqual(expect.arrayContaining(['key', 'name', 'value', 'unit', 'scope', 'section', 'country', 'region', 'source']))
    expect(f?.source).toMatchObject({ id: expect.any(String), cell_ref: expect.any(String), retrieved_at: '2099-01-01', data_version: '2099.1' })
    expect(engine.search({ search: 'petr' }).factors[0]?.key).toBe('fuels.gb.petrol_average_biofuel_blend.litres')
  })
  it('finds by original-language name, key segment and tag-like words', () => {
    expect(engine.search({ search: 'Transportbeton' }).factors[0]?.key).toBe('materials.concrete.ready_mix.c30_37')
    expect(engine.search({ search: 'room_night' }).total).toBe(2)
    expect(engine.search({ search: 'erct' }).factors[0]?.key).toBe('electricity.us.grid_erct.location')
  })
  it('carries gases when present', () => {
    const diesel = engine.search({ search: 'diesel', unit: 'litre', country: 'gb' }).factors.find((f) => f.key === 'fuels.gb.diesel_average_biofuel_blend.litres')
    expect(diesel?.gases?.co2).toEqual({ value: expect.any(Number), cell_ref: "'Test'!E2" })
  })
  it('lists in key order without search text, with filters and paging', () => {
    const all = engine.search({ limit: 100 })
    expect(all.total).toBe(fixtureArtifact().factors.length)
    const keys = all.factors.map((f) => f.key)
    expect(keys).toEqual([...keys].sort())
    const electricity = engine.search({ domain: 'electricity' })
    expect(electricity.factors.every((f) => f.key.startsWith('electricity.'))).toBe(true)
    expect(engine.search({ country: 'US', domain: 'electricity' }).total).toBe(3)
    expect(engine.search({ source: 'test-obd' }).total).toBe(2)
    expect(engine.search({ source: 'test-us-2099' }).total).toBe(4)
    expect(engine.search({ unit: 'kg CO2e per kWh' }).total).toBe(6)
    expect(engine.search({ unit: 'kWh' }).total).toBe(8)
    const page = engine.search({ limit: '2', offset: '1' })
    expect(page.count).toBe(2)
    expect(page.factors[0]?.key).toBe(keys[1])
  })
  it('filters a text search', () => {
    const res = engine.search({ search: 'diesel', country: 'us' })
    expect(res.factors.map((f) => f.key)).toEqual(['fuels.us.diesel_fuel.gallon'])
  })
})
