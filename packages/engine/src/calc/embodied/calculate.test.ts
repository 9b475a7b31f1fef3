import { describe, expect, it } from 'vitest'
import { isEngineError } from '../../errors.ts'
import { materialRow, testView } from '../../../test/calc-view.ts'
import { calculateEmbodied } from './calculate.ts'
import type { EmbodiedResponse } from './schema.ts'

// Rows carry the methodology's own printed figures (B6/B9 test vectors).
const view = testView([
  materialRow('materials.cement.cem_i.bagged', 0.83, 'kg'),
  materialRow('materials.cement.cem_i.low_end', 0.57, 'kg'),
  materialRow('materials.aggregate.sharp_sand.bulk', 0.0049, 'kg'),
  materialRow('materials.stone.granite.bulk', 0.01, 'kg'),
  materialRow('materials.steel.a142_mesh.sheet', 0.77, 'kg'),
  materialRow('materials.steel.rebar.world', 1.99, 'kg'),
  materialRow('materials.glass.float.single', 1.44, 'kg', { density: 2500 }),
  materialRow('materials.glass.toughened.single', 1.67, 'kg', { density: 2500 }),
  materialRow('materials.glass.double_glazing.unit', 1.63, 'kg', { density: 2500 }),
  materialRow('materials.brick.clay.common', 0.213, 'kg'),
  materialRow('materials.concrete.ready_mix.c32_40', 0.138, 'kg', { density: 2400 }),
  materialRow('materials.concrete.precast_slab.c40', 331.2, 'm3', {
    density: 2400,
    kgPerUnit: 2400,
    modules: {
      'A1-A3': { value: 331.2, cell_ref: 'test.csv#L9:GWP A1-A3' },
      A4: { value: 12, cell_ref: 'test.csv#L10:GWP A4' },
      C3: { value: 3, cell_ref: 'test.csv#L11:GWP C3' },
      C4: { value: 2, cell_ref: 'test.csv#L12:GWP C4' },
      D: { value: -40, cell_ref: 'test.csv#L13:GWP D' },
    },
  }),
])

const line = (material_key: string, value: number, unit: string, boundary: string, extra: Record<string, unknown> = {}) => ({
  material_key,
  quantity: { value, unit },
  boundary,
  ...extra,
})
const run = (materials: unknown[], extra: Record<string, unknown> = {}): EmbodiedResponse => calculateEmbodied({ materials, ...extra }, view)
const istructe = (materials: unknown[], extra: Record<string, unknown> = {}) => run(materials, { profile: 'istructe-2020', ...extra })

describe('embodied worked examples (docs/embodied.md B9)', () => {
  it('PB-3 cement 50 kg bag: EF 0.83, A4 0.032, WR 5% -> 45.4; low-end EF 0.57 -> 31.7', () => {
    const res = istructe([line('materials.cement.cem_i.bagged', 50, 'kg', 'A1-A5'), line('materials.cement.cem_i.low_end', 50, 'kg', 'A1-A5')])
    const [bag, low] = res.materials
    expect(bag!.modules['A1-A3']!.value).toBe(41.5)
    expect(bag!.modules.A4).toMatchObject({ value: 1.6, basis: 'default', default: { row: 'national' } })
    expect(bag!.total).toBeCloseTo(45.4, 1)
    expect(bag!.total).toBe(45.4157894737) // 50 x (0.862 + 0.88 x 0.05/0.95)
    expect(low!.total).toBeCloseTo(31.7, 1)
  })

  it('PB-4 sharp sand 1 t -> 11.4, granite 1 t -> 16.7, A142 mesh 1 m2 at 2.22 kg/m2 -> 1.88', () => {
    const res = istructe([
      line('materials.aggregate.sharp_sand.bulk', 1, 't', 'A1-A5'),
      line('materials.stone.granite.bulk', 1, 't', 'A1-A5'),
      line('materials.steel.a142_mesh.sheet', 1, 'm2', 'A1-A5', { area_mass_kg_m2: 2.22 }),
    ])
    const totals = res.materials.map((m) => Math.round(m.total * 100) / 100)
    expect(totals[0]).toBeCloseTo(11.4, 1)
    expect(totals[1]).toBeCloseTo(16.7, 1)
    expect(totals[2]).toBe(1.88)
    expect(res.materials[2]!.mass_kg).toBe(2.22)
  })

  it('PB-5 glass by area and thickness: 6 mm x 2.5 x 1.44 = 21.6; 10 mm toughened 41.75; 20 mm double glazing 81.5', () => {
    const res = run([
      line('materials.glass.float.single', 1, 'm2', 'A1-A3', { thickness_m: 0.006 }),
      line('materials.glass.toughened.single', 1, 'm2', 'A1-A3', { thickness_m: 0.01 }),
      line('materials.glass.double_glazing.unit', 1, 'm2', 'A1-A3', { thickness_m: 0.02 }),
    ])
    expect(res.materials.map((m) => m.total)).toEqual([21.6, 41.75, 81.5])
    expect(res.materials[0]!.mass_kg).toBe(15)
    expect(res.result.embodied_carbon).toEqual({ value: 144.85, unit: 'kg CO2e' })
  })

  it('PB-6 brick by count: 2.13 kg x 0.213 = 0.45369', () => {
    const res = run([line('materials.brick.clay.common', 1, 'piece', 'A1-A3', { mass_per_unit_kg: 2.13 })])
    expect(res.materials[0]!.total).toBe(0.45369)
  })

  it('PB-7 project allocation (IStructE): A5 site 1,000,000 x 0.007 x 0.1 = 700; C1 500 m2 x 3.4 x 0.1 = 170', () => {
    const res = istructe(
      [line('materials.steel.rebar.world', 200_000, 'kg', 'A1-C'), line('materials.aggregate.sharp_sand.bulk', 1_800, 't', 'A1-C')],
      { project: { gia_m2: 500, project_cost: 1_000_000 } },
    )
    const element = res.materials[0]!
    expect(element.modules.A5!.parts!['A5.2']).toBe(700)
    expect(element.modules.C1!.value).toBe(170)
    expect(res.result.project_modules.map((m) => [m.module, m.value, m.allocated])).toEqual([['A5.2', 7_000, true], ['C1', 1_700, true]])
  })

  it('PB-8 RICS A5.1: demolishing 2,000 m2 GIA -> 100,000 kg CO2e, in A5 and in the total', () => {
    const res = run([line('materials.steel.rebar.world', 1_000, 'kg', 'A1-A5')], { project: { demolition_gia_m2: 2_000 } })
    expect(res.result.project_modules).toEqual([expect.objectContaining({ module: 'A5.1', value: 100_000, allocated: false })])
    const lineTotal = res.materials[0]!.total
    expect(res.result.embodied_carbon.value).toBe(Number((lineTotal + 100_000).toPrecision(12)))
    expect(res.result.by_stage.A5).toBe(Number((res.materials[0]!.modules.A5!.value + 100_000).toPrecision(12)))
  })

  it('PB-9 RICS A4 defaults: 10 t reinforcement -> 158.4; 100 m3 ready-mix concrete -> 624', () => {
    const res = run([line('materials.steel.rebar.world', 10, 't', 'A1-A4'), line('materials.concrete.ready_mix.c32_40', 100, 'm3', 'A1-A4')])
    expect(res.materials[0]!.modules.A4).toMatchObject({ value: 158.4, basis: 'default', default: { profile: 'rics-2023/2026-1', row: 'uk_national' } })
    expect(res.materials[1]!.modules.A4).toMatchObject({ value: 624, default: { row: 'uk_local_ready_mix' } })
    expect(res.materials[1]!.mass_kg).toBe(240_000)
  })

  it('PB-11 timber biogenic kept apart: 1 m3 CLT at 500 kg/m3 -> fossil 218.5, biogenic -818.5 (A1-A3) and +818.5 (C3)', () => {
    const res = run([
      line('materials.timber.clt.epd', 1, 'm3', 'A1-A3', {
        density_kg_m3: 500,
        factor: { value: 0.437, unit: 'kg', biogenic: { 'A1-A3': -1.637, C3: 1.637 }, source: { id: 'epd-clt-example', cell_ref: 'EPD table 5, GWP-fossil A1-A3' } },
      }),
    ])
    const m = res.materials[0]!
    expect(m.total).toBe(218.5)
    expect(m.biogenic).toEqual({ 'A1-A3': -818.5 })
    expect(m.modules['A1-A3']).toMatchObject({ basis: 'user_supplied', source: { id: 'epd-clt-example' } })
    // A1-A3 only: the biogenic uptake is not counted anywhere without module C (RICS)
    expect(m.warnings.map((w) => w.code)).toEqual(['sequestration_not_counted', 'user_supplied_factor'])
    expect(res.result.embodied_carbon.value).toBe(218.5)
    expect(res.audit.factors_used[0]).toMatchObject({ user_supplied: true })

    const whole = run([line('materials.timber.clt.epd', 1, 'm3', 'A1-C', { density_kg_m3: 500, factor: { value: 0.437, unit: 'kg', biogenic: { 'A1-A3': -1.637, C3: 1.637 }, source: { id: 'epd', cell_ref: 'x' } } })])
    expect(whole.materials[0]!.biogenic).toEqual({ 'A1-A3': -818.5, C3: 818.5 })
    expect(whole.result.biogenic).toEqual({ value: 0, unit: 'kg CO2e' })
  })
})

describe('embodied rules', () => {
  it('published module values come first, per declared unit, with their cells; D beside the total', () => {
    const res = run([line('materials.concrete.precast_slab.c40', 4_800, 'kg', 'A1-C4+D')])
    const m = res.materials[0]!
    expect(m.declared_unit).toBe('m3')
    expect(m.declared_quantity).toBe(2)
    expect(m.modules['A1-A3']).toMatchObject({ value: 662.4, basis: 'published', source: { cell_ref: 'test.csv#L9:GWP A1-A3', data_version: '2026.1' } })
    expect(m.modules.A4).toMatchObject({ value: 24, basis: 'published' })
    expect(m.modules.C3!.value).toBe(6)
    expect(m.modules.C4!.value).toBe(4)
    expect(m.modules['C3-C4']).toBeUndefined()
    expect(m.module_d).toBe(-80)
    expect(res.result.module_d).toEqual({ value: -80, unit: 'kg CO2e' })
    expect(m.modules_without_data).toEqual(['B1', 'B2', 'B3', 'B4', 'B5', 'C1'])
    const moduleSum = Object.values(m.modules).reduce((a, v) => a + v.value, 0)
    expect(m.total).toBeCloseTo(moduleSum, 9)
    expect(res.result.embodied_carbon.value).toBe(m.total)
  })

  it('line overrides: transport distance and mode, waste rate', () => {
    const res = run([line('materials.steel.rebar.world', 1_000, 'kg', 'A1-A5', { transport: { distance_km: 100, mode: 'road' }, waste_rate: 0.1 })])
    const m = res.materials[0]!
    expect(m.modules.A4).toMatchObject({ value: 11.36, basis: 'override' })
    expect(m.modules.A5!.basis).toBe('override')
    // WR 10%: (1990 + 11.36 + 5 + 13) / 9
    expect(m.modules.A5!.value).toBe(224.373333333)
  })

  it('unit_not_convertible names what is missing; unknown keys give unknown_factor with candidates', () => {
    const catchErr = (fn: () => unknown) => {
      try {
        fn()
      } catch (e) {
        if (isEngineError(e)) return e
      }
      throw new Error('expected EngineError')
    }
    const area = catchErr(() => run([line('materials.steel.rebar.world', 3, 'm2', 'A1-A3')]))
    expect(area.code).toBe('unit_not_convertible')
    expect(area.data).toMatchObject({ from: 'm2', to: 'kg', missing: ['area_mass_kg_m2', 'thickness_m with density_kg_m3'], line: '0' })
    const piece = catchErr(() => run([line('materials.brick.clay.common', 3, 'piece', 'A1-A3')]))
    expect(piece.data).toMatchObject({ missing: ['mass_per_unit_kg (kg per piece)'] })
    const perPiece = testView([materialRow('materials.building_services.pump.unit', 30, 'piece')])
    const kgToPiece = catchErr(() => calculateEmbodied({ materials: [line('materials.building_services.pump.unit', 24, 'kg', 'A1-A3')] }, perPiece))
    expect(kgToPiece.data).toMatchObject({ from: 'kg', to: 'piece', missing: ['mass_per_unit_kg (kg per piece)'] })
    const pumps = calculateEmbodied({ materials: [line('materials.building_services.pump.unit', 24, 'kg', 'A1-A4', { mass_per_unit_kg: 12 })] }, perPiece)
    expect(pumps.materials[0]).toMatchObject({ declared_quantity: 2, mass_kg: 24, total: 60.38016 }) // 2 x 30 + 24 kg x 0.01584
    const unknown = catchErr(() => run([line('materials.steel.rebar.uk', 3, 'kg', 'A1-A3')]))
    expect(unknown.code).toBe('unknown_factor')
    expect(unknown.data).toMatchObject({ keys: ['materials.steel.rebar.uk'], candidates: { 'materials.steel.rebar.uk': expect.arrayContaining([expect.objectContaining({ key: 'materials.steel.rebar.world' })]) } })
  })

  it('by_stage lists every module of the boundary and sums to the total', () => {
    const res = run([line('materials.steel.rebar.world', 1_000, 'kg', 'A1-C'), line('materials.glass.float.single', 2, 'm3', 'A1-A4')])
    expect(Object.keys(res.result.by_stage)).toEqual(['A1-A3', 'A4', 'A5', 'B1', 'B2', 'B3', 'B4', 'B5', 'C1', 'C2', 'C3-C4'])
    const stageSum = Object.values(res.result.by_stage).reduce<number>((a, v) => a + (v ?? 0), 0)
    expect(res.result.embodied_carbon.value).toBeCloseTo(stageSum, 6)
    expect(res.audit.defaults_used.map((d) => d.row)).toEqual(expect.arrayContaining(['uk_national', 'uk_regional', 'steel_reinforcement', 'general materials']))
  })
})

describe('embodied response shape', () => {
  it('is exactly what EmbodiedResponseSchema describes (no undeclared fields)', async () => {
    const { EmbodiedResponseSchema } = await import('./schema.ts')
    const res = run(
      [line('materials.concrete.precast_slab.c40', 4_800, 'kg', 'A1-C4+D'), line('materials.steel.rebar.world', 1_000, 'kg', 'A1-C', { id: 'rebar' })],
      { project: { gia_m2: 100, demolition_gia_m2: 50 }, as_of: '2026-09-01' },
    )
    const json = JSON.parse(JSON.stringify(res))
    expect(EmbodiedResponseSchema.parse(json)).toEqual(json)
    expect(res.materials[1]!.id).toBe('rebar')
    expect(res.meta.as_of).toBe('2026-09-01')
  })
})

describe('sources of module values', () => {
  it('every module value, published or default, carries a source with the data version; defaults name standard, edition and table', () => {
    const res = run([line('materials.concrete.ready_mix.c32_40', 1000, 'kg', 'A1-C')])
    const modules = Object.entries(res.materials[0]!.modules)
    expect(modules.length).toBeGreaterThan(3)
    for (const [label, m] of modules) {
      expect(m.source, label).toBeDefined()
      expect(m.source?.data_version, label).toBe(res.meta.data_version)
    }
    const defaults = modules.filter(([, m]) => m.basis === 'default')
    expect(defaults.length).toBeGreaterThan(0)
    for (const [label, m] of defaults) {
      expect(m.source?.id, label).toBe('rics-2023')
      expect(m.source?.cell_ref, label).toMatch(/RICS Whole life carbon assessment.*2nd edition.*table "/)
    }
  })
})
