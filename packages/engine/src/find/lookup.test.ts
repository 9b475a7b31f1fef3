import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { createEngine } from '../engine.ts'
import { isEngineError } from '../errors.ts'
import { editDistance } from '../index/candidates.ts'
import { LookupResponseSchema } from './response-schemas.ts'

const engine = createEngine()
engine.load(fixtureArtifact())

function notFound(key: string) {
  try {
    engine.lookup(key)
  } catch (e) {
    if (isEngineError(e) && e.code === 'factor_not_found') return e.data as { key: string; candidates: Array<{ key: string; name: string; score: number }> }
    throw e
  }
  throw new Error('expected factor_not_found')
}

describe('lookup', () => {
  it('has the contract shape: factor.factor {value, unit} and factor.source', () => {
    const res = engine.lookup('fuels.gb.diesel_average_biofuel_blend.litres')
    expect(LookupResponseSchema.safeParse(res).success).toBe(true)
    expect(res.factor.factor).toMatchObject({ value: 0.2, unit: 'kg CO2e per litre', key: 'fuels.gb.diesel_average_biofuel_blend.litres', scope: 'scope_1' })
    expect(res.factor).toMatchObject({ key: 'fuels.gb.diesel_average_biofuel_blend.litres', name: 'Diesel (average biofuel blend)', section: 'Fuels > Liquid fuels' })
    expect(res.factor.source).toMatchObject({ id: 'test-primary-2099', cell_ref: "'Test'!D2", data_version: '2099.1', license: { name: 'Test licence' } })
    expect(res.factor.gases?.ch4).toEqual({ value: 0.01, cell_ref: "'Test'!F2" })
  })
  it('gives materials their modules, each with its own cell, and material data', () => {
    const res = engine.lookup('materials.concrete.ready_mix.c30_37')
    expect(res.factor.modules?.['A1-A3']).toMatchObject({ value: 220, unit: 'kg CO2e per m3', source: { cell_ref: 'OBD.csv#L10:GWP' } })
    expect(res.factor.modules?.C3?.source.cell_ref).toBe('OBD.csv#L11:GWP')
    expect(res.factor.material?.density_kg_m3?.value).toBe(2365)
    expect(res.factor.name_original).toBe('Transportbeton C30/37')
  })
  it('ranks the right key first for a one-character typo', () => {
    const typos = [
      'fuels.gb.diesel_average_biofuel_blend.litre',
      'fuels.gb.disel_average_biofuel_blend.litres',
      'electricity.gb.grid.locaton',
      'electricity.us.grid_erct.lccation',
      'hotel.de.hotel_stay_germani.room_night',
    ]
    const expected = [
      'fuels.gb.diesel_average_biofuel_blend.litres',
      'fuels.gb.diesel_average_biofuel_blend.litres',
      'electricity.gb.grid.location',
      'electricity.us.grid_erct.location',
      'hotel.de.hotel_stay_germany.room_night',
    ]
    typos.forEach((typo, i) => {
      const data = notFound(typo)
      expect(data.key).toBe(typo)
      expect(data.candidates[0]?.key).toBe(expected[i])
      expect(data.candidates[0]?.name).toBeTruthy()
      expect(data.candidates[0]?.score).toBeGreaterThan(data.candidates[1]?.score ?? 0)
    })
  })
  it('still offers candidates for words of a badly wrong key', () => {
    expect(notFound('hotel_germany').candidates.map((c) => c.key)).toContain('hotel.de.hotel_stay_germany.room_night')
  })
})

describe('editDistance', () => {
  it('counts edits and stops early past the bound', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('abc', 'abc')).toBe(0)
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3)
  })
})
