import { describe, expect, it } from 'vitest'
import { materialRow, testView } from '../../../test/calc-view.ts'
import { calculateEmbodied } from './calculate.ts'
import type { EmbodiedResponse } from './schema.ts'

const cell = (value: number, col: string) => ({ value, cell_ref: `test.csv#L5:${col}` })

// Shaped like the ÖKOBAUDAT 2020-II glulam and concrete rows: GWP-total only, A1 negative for wood.
const view = testView([
  materialRow('materials.timber.glulam.split', -650, 'm3', {
    density: 500,
    modules: { A1: cell(-750, 'GWP A1'), A2: cell(20, 'GWP A2'), A3: cell(80, 'GWP A3'), 'A1-A3': cell(-650, 'GWP A1-A3'), A5: cell(2, 'GWP A5'), C2: cell(0.5, 'GWP C2'), C3: cell(815, 'GWP C3'), D: cell(-290, 'GWP D') },
  }),
  materialRow('materials.insulation.wood_fibre.whole', -300, 'm3', { density: 150, modules: { 'A1-A3': cell(-300, 'GWP A1-A3') } }),
  materialRow('materials.concrete.ready_mix.c30_37', 200, 'm3', {
    density: 2400,
    modules: { 'A1-A3': cell(200, 'GWP A1-A3'), B1: cell(-10, 'GWP B1'), C3: cell(6, 'GWP C3'), C4: cell(1, 'GWP C4') },
  }),
  materialRow('materials.steel.rebar.world', 1.99, 'kg'),
])

const line = (material_key: string, value: number, unit: string, boundary: string, extra: Record<string, unknown> = {}) => ({ material_key, quantity: { value, unit }, boundary, ...extra })
const run = (materials: unknown[]): EmbodiedResponse => calculateEmbodied({ materials }, view)
const codes = (res: EmbodiedResponse, i = 0) => res.materials[i]!.warnings.map((w) => w.code)
const stageSum = (res: EmbodiedResponse) => Object.values(res.result.by_stage).reduce<number>((a, v) => a + (v ?? 0), 0)

describe('sequestration and carbonation stay out of the headline (docs/embodied.md B5)', () => {
  it('glulam A1-A3: negative A1 is reported as sequestration, the headline counts A2 + A3; the published value is unchanged', () => {
    const res = run([line('materials.timber.glulam.split', 1, 'm3', 'A1-A3')])
    const m = res.materials[0]!
    expect(m.modules['A1-A3']).toMatchObject({ value: -650, counted: 100, basis: 'published', source: { cell_ref: 'test.csv#L5:GWP A1-A3' } })
    expect(m.total).toBe(100)
    expect(m.sequestration).toEqual({ value: -750, modules: [{ module: 'A1', value: -750, source: { id: 'test-vectors-2026', cell_ref: 'test.csv#L5:GWP A1', data_version: '2026.1' } }] })
    expect(res.result.embodied_carbon).toEqual({ value: 100, unit: 'kg CO2e' })
    expect(res.result.sequestration).toEqual({ value: -750, unit: 'kg CO2e' })
    expect(res.result.by_stage).toEqual({ 'A1-A3': 100 })
    // RICS: without module C the uptake is not counted in the "including" figure either
    expect(res.result.embodied_carbon_including_sequestration).toEqual({ value: 100, unit: 'kg CO2e' })
    expect(m.total_including_sequestration).toBeUndefined()
    expect(codes(res)).toEqual(['biogenic_uptake_excluded', 'sequestration_not_counted'])
    const audit = res.audit.warnings.find((w) => w.code === 'biogenic_uptake_excluded')!
    expect(audit.message).toContain('materials.timber.glulam.split A1')
    expect(res.audit.formula['embodied_carbon']).toContain('sequestration')
  })

  it('a negative A1-A3 without the A1/A2/A3 split is sequestration as a whole; the headline counts 0 for it', () => {
    const res = run([line('materials.insulation.wood_fibre.whole', 2, 'm3', 'A1-A3')])
    const m = res.materials[0]!
    expect(m.modules['A1-A3']).toMatchObject({ value: -600, counted: 0 })
    expect(m.sequestration).toMatchObject({ value: -600, modules: [{ module: 'A1-A3', value: -600 }] })
    expect(res.result.embodied_carbon.value).toBe(0)
  })

  it('glulam A1-C: the release in C3 stays in the headline; the A-C net with sequestration is given beside it', () => {
    const res = run([line('materials.timber.glulam.split', 1, 'm3', 'A1-C')])
    const m = res.materials[0]!
    const countedSum = Object.values(m.modules).reduce((a, v) => a + (v.counted ?? v.value), 0)
    expect(m.total).toBeCloseTo(countedSum, 9)
    expect(m.modules.C3!.value).toBe(815)
    expect(m.total_including_sequestration).toBeCloseTo(m.total - 750, 9)
    expect(res.result.embodied_carbon_including_sequestration!.value).toBeCloseTo(res.result.embodied_carbon.value - 750, 9)
    expect(codes(res)).toEqual(['biogenic_uptake_excluded'])
    expect(res.result.embodied_carbon.value).toBeCloseTo(stageSum(res), 6)
  })

  it('concrete B1 carbonation is reported apart, B1 counts 0 in by_stage', () => {
    const res = run([line('materials.concrete.ready_mix.c30_37', 3, 'm3', 'A1-C')])
    const m = res.materials[0]!
    expect(m.modules.B1).toMatchObject({ value: -30, counted: 0 })
    expect(m.carbonation).toMatchObject({ value: -30, modules: [{ module: 'B1', value: -30 }] })
    expect(res.result.carbonation).toEqual({ value: -30, unit: 'kg CO2e' })
    expect(res.result.sequestration).toBeUndefined()
    expect(res.result.by_stage.B1).toBe(0)
    expect(res.result.embodied_carbon_including_sequestration!.value).toBeCloseTo(res.result.embodied_carbon.value - 30, 9)
    expect(codes(res)).toEqual(['carbonation_excluded'])
    expect(res.audit.warnings.map((w) => w.code)).toContain('carbonation_excluded')
  })

  it('the A5.3 waste term is taken on the counted A1-A3 (upfront excluding sequestration)', () => {
    const res = run([line('materials.timber.glulam.split', 1, 'm3', 'A1-A5', { waste_rate: 0.1 })])
    const m = res.materials[0]!
    const base = 100 + m.modules.A4!.value + 0.5 + 815 // counted A1-A3 + A4 + published C2 + published C3
    expect(m.modules.A5!.value).toBeCloseTo(base / 9, 6)
  })

  it('no sequestration fields when no value is negative', () => {
    const res = run([line('materials.steel.rebar.world', 100, 'kg', 'A1-C')])
    expect(res.result.sequestration).toBeUndefined()
    expect(res.result.carbonation).toBeUndefined()
    expect(res.result.embodied_carbon_including_sequestration).toBeUndefined()
  })
})

describe('by_stage uses one C3/C4 scheme per response', () => {
  it('C3 and C4 apart when every line with module C publishes them', () => {
    const res = run([line('materials.concrete.ready_mix.c30_37', 1, 'm3', 'A1-C')])
    expect(res.result.by_stage).toMatchObject({ C3: 6, C4: 1 })
    expect(res.result.by_stage['C3-C4']).toBeUndefined()
  })

  it('one C3-C4 key when any line used the combined default (concrete + steel)', () => {
    const res = run([line('materials.concrete.ready_mix.c30_37', 1, 'm3', 'A1-C'), line('materials.steel.rebar.world', 1_000, 'kg', 'A1-C')])
    const keys = Object.keys(res.result.by_stage)
    expect(keys).toContain('C3-C4')
    expect(keys).not.toContain('C3')
    expect(keys).not.toContain('C4')
    expect(res.result.by_stage['C3-C4']).toBeCloseTo(6 + 1 + 1_000 * 0.013, 9)
    expect(res.result.embodied_carbon.value).toBeCloseTo(stageSum(res), 6)
    // the lines keep their own modules
    expect(res.materials[0]!.modules.C3!.value).toBe(6)
    expect(res.materials[1]!.modules['C3-C4']!.value).toBe(13)
  })
})
