/**
 * One material line: quantity -> declared unit and mass, then every module of its boundary
 * (docs/embodied.md B3): published values first, profile defaults for missing A4, A5, C2-C4,
 * line overrides for transport and waste rate. Exact Decimal values; rounding is at the edge.
 */
import type { SourceRefOut, Warning } from '../common-schema.ts'
import { defaultSource } from './default-source.ts'
import { dec, type Dec } from '../decimal.ts'
import { invalidRequest } from '../validate.ts'
import { boundaryModules, type StageModule } from './boundary.ts'
import type { MaterialSpec, PublishedModule } from './material.ts'
import { isTimberClass, materialClassOf, type MethodologyProfile } from './profiles.ts'
import { convertQuantity, requireMass } from './quantity.ts'
import { countsWithEndOfLife, splitProductStage, splitUse, uptakeWarnings, type Split, type Uptake } from './sequestration.ts'
import type { DefaultRef, LineModule, MaterialLineInput, ModuleValue } from './schema.ts'

export interface ExactModule {
  value: Dec
  basis: ModuleValue['basis']
  source?: SourceRefOut
  default?: DefaultRef
  formula?: string
  parts?: Record<string, Dec>
  /** The part of `value` counted in the headline, when sequestration or carbonation is kept out of it. */
  counted?: Dec
}

export interface DefaultUse {
  ref: DefaultRef
  value: number
  unit: string
}

export interface LineExact {
  id: string
  material_key: string
  boundary: string
  quantityUnit: string
  mass: Dec | null
  declaredUnit: string
  declared: Dec
  modules: Map<LineModule, ExactModule>
  withoutData: string[]
  withD: boolean
  d: Dec | null
  biogenic: Map<string, Dec>
  /** Negative published values kept out of the headline (sequestration.ts). */
  uptakes: Uptake[]
  defaults: DefaultUse[]
  warnings: Warning[]
  inBoundary: Set<StageModule>
}

const ONE = dec(1)
const THOUSAND = dec(1000)

export function computeLine(line: MaterialLineInput, id: string, spec: MaterialSpec, profile: MethodologyProfile, dataVersion?: string): LineExact {
  const where = { line: id, material_key: line.material_key }
  const q = convertQuantity(
    line.quantity.value,
    line.quantity.unit,
    spec.declaredUnit,
    {
      density_kg_m3: line.density_kg_m3 ?? spec.conversion.density_kg_m3,
      area_mass_kg_m2: line.area_mass_kg_m2 ?? spec.conversion.area_mass_kg_m2,
      thickness_m: line.thickness_m ?? spec.conversion.thickness_m,
      mass_per_line_unit_kg: line.mass_per_unit_kg,
      // a line's mass per metre / piece also serves a factor declared per metre / piece
      kg_per_declared_unit:
        spec.conversion.kg_per_declared_unit ?? (spec.declaredUnit === 'm' || spec.declaredUnit === 'piece' ? line.mass_per_unit_kg : undefined),
    },
    where,
  )
  const { modules: stages, withD } = boundaryModules(line.boundary)
  const inBoundary = new Set(stages)
  const materialClass = materialClassOf(line.material_key, line.material_class)
  const defaults: DefaultUse[] = []
  const warnings: Warning[] = []
  const mass = (forWhat: string) => requireMass(q, line.quantity.unit, where, forWhat)

  const useDefault = (table: string, row: string, cite: string, value: number, unit: string): DefaultRef => {
    const ref = { profile: profile.version, table, row, cite }
    defaults.push({ ref, value, unit })
    return ref
  }
  const published = (label: PublishedModule): ExactModule | null => {
    const m = spec.modules[label]
    if (!m) return null
    return { value: m.perUnit.times(q.declared), basis: spec.userSupplied ? 'user_supplied' : 'published', source: m.source }
  }

  const memo = new Map<string, ExactModule | null>()
  const once = (key: string, make: () => ExactModule | null) => {
    if (!memo.has(key)) memo.set(key, make())
    return memo.get(key) ?? null
  }

  const uptakes: Uptake[] = []
  const keepApart = (m: ExactModule, split: Split): ExactModule => {
    if (split.uptakes.length === 0) return m
    uptakes.push(...split.uptakes)
    return { ...m, counted: split.counted }
  }
  const a1a3Published = published('A1-A3')!
  const a1a3 = keepApart(a1a3Published, splitProductStage(spec, a1a3Published.value, q.declared, a1a3Published.source))
  const a4 = () => once('A4', () => transport(line, profile, materialClass, published('A4'), mass, useDefault))
  const c2 = () =>
    once('C2', () => {
      const p = published('C2')
      if (p) return p
      const m = mass('C2 default')
      const ref = useDefault('C2 transport to waste processing', 'all materials', profile.c2.cite, profile.c2.value, 'kg CO2e per kg')
      return { value: m.times(dec(profile.c2.value)), basis: 'default', default: ref }
    })
  const c3c4 = (): Array<[LineModule, ExactModule]> => {
    const c3 = published('C3')
    const c4 = published('C4')
    if (c3 || c4) return [...(c3 ? [['C3', c3] as [LineModule, ExactModule]] : []), ...(c4 ? [['C4', c4] as [LineModule, ExactModule]] : [])]
    const combined = once('C3-C4', () => {
      const timber = isTimberClass(materialClass)
      const row = timber ? profile.c3_c4.timber : profile.c3_c4.general
      const ref = useDefault('C3-C4 end of life', timber ? 'timber' : 'general materials', row.cite, row.value, 'kg CO2e per kg')
      return { value: mass('C3-C4 default').times(dec(row.value)), basis: 'default', default: ref }
    })!
    return [['C3-C4', combined]]
  }

  const modules = new Map<LineModule, ExactModule>()
  const withoutData: string[] = []
  for (const stage of stages) {
    if (stage === 'A1-A3') modules.set('A1-A3', a1a3)
    else if (stage === 'A4') modules.set('A4', a4()!)
    else if (stage === 'A5') {
      const p = published('A5')
      if (p && line.waste_rate === undefined) modules.set('A5', p)
      else {
        const rate = line.waste_rate !== undefined ? null : profile.waste_rates[materialClass] ?? profile.default_waste_rate
        const wr = dec(line.waste_rate ?? rate!.value)
        const wf = wr.div(ONE.minus(wr))
        const cValues = c3c4().reduce((acc, [, m]) => acc.plus(m.value), dec(0))
        // waste of the counted (upfront, excluding sequestration) A1-A3
        const base = (a1a3.counted ?? a1a3.value).plus(a4()!.value).plus(c2()!.value).plus(cValues)
        const value = wf.times(base)
        const ref = rate
          ? useDefault('A5.3 waste rates', profile.waste_rates[materialClass] ? materialClass : 'any other product', rate.cite, rate.value, 'fraction wasted')
          : undefined
        modules.set('A5', {
          value,
          basis: rate ? 'default' : 'override',
          ...(ref ? { default: ref } : {}),
          formula: `A5.3 = WR/(1-WR) x (A1-A3 excluding sequestration + A4 + C2 + C3-C4), WR = ${wr.toString()}`,
          parts: { 'A5.3': value },
        })
      }
    } else if (stage === 'C2') modules.set('C2', c2()!)
    else if (stage === 'C3' || stage === 'C4') {
      for (const [label, m] of c3c4()) if (!modules.has(label)) modules.set(label, m)
    } else {
      const p = published(stage)
      if (p) modules.set(stage, stage === 'B1' ? keepApart(p, splitUse(p.value, p.source)) : p)
      else withoutData.push(stage)
    }
  }
  for (const label of ['C3', 'C4'] as const) {
    if (inBoundary.has(label) && !modules.has(label) && !modules.has('C3-C4')) withoutData.push(label)
  }

  const d = withD ? (published('D')?.value ?? null) : null
  if (withD && d === null) withoutData.push('D')

  const biogenic = new Map<string, Dec>()
  for (const [label, perUnit] of Object.entries(spec.biogenic)) {
    if (perUnit && inBoundary.has(label as StageModule)) biogenic.set(label, perUnit.times(q.declared))
  }
  warnings.push(...uptakeWarnings(line.material_key, uptakes))
  if ((uptakes.length > 0 || biogenic.size > 0) && !countsWithEndOfLife(inBoundary)) {
    warnings.push({
      code: 'sequestration_not_counted',
      message: `${line.material_key}: boundary ${line.boundary} stops before module C, so its stored carbon is not counted in embodied_carbon_including_sequestration either (RICS: sequestration only with module C)`,
    })
  }
  // Defaults carry their methodology source and the data version like published modules do.
  for (const [label, m] of modules) if (m.default && !m.source) modules.set(label, { ...m, source: defaultSource(profile, m.default, dataVersion ?? spec.factorUsed.source.data_version) })

  if (spec.userSupplied) warnings.push({ code: 'user_supplied_factor', message: `Factor supplied with the request (source ${spec.factorUsed.source.id}), not from the corpus` })

  return {
    id,
    material_key: line.material_key,
    boundary: line.boundary,
    quantityUnit: line.quantity.unit,
    mass: q.mass_kg,
    declaredUnit: spec.declaredUnit,
    declared: q.declared,
    modules,
    withoutData,
    withD,
    d,
    biogenic,
    uptakes,
    defaults,
    warnings,
    inBoundary,
  }
}

function transport(
  line: MaterialLineInput,
  profile: MethodologyProfile,
  materialClass: string,
  published: ExactModule | null,
  mass: (forWhat: string) => Dec,
  useDefault: (table: string, row: string, cite: string, value: number, unit: string) => DefaultRef,
): ExactModule {
  const t = line.transport
  if (t && 'scenario' in t) {
    const sc = profile.transport_scenarios[t.scenario]
    if (!sc) throw invalidRequest(`materials.${line.id ?? ''}.transport.scenario`, `unknown scenario for profile ${profile.id}; one of ${Object.keys(profile.transport_scenarios).join(', ')}`)
    const ref = useDefault('A4 transport scenarios', t.scenario, sc.cite, sc.value, 'kg CO2e per kg')
    return { value: mass('A4 scenario').times(dec(sc.value)), basis: 'default', default: ref }
  }
  if (t) {
    const legs = 'legs' in t ? t.legs : [t]
    let perKg = dec(0)
    for (const leg of legs) {
      const mode = profile.transport_modes[leg.mode]
      useDefault('A4 transport mode factors', leg.mode, mode.cite, mode.value, 'kg CO2e per tonne-km')
      perKg = perKg.plus(dec(leg.distance_km).times(dec(mode.value)).div(THOUSAND))
    }
    return { value: mass('A4 transport').times(perKg), basis: 'override' }
  }
  if (published) return published
  const name = profile.scenario_by_class[materialClass] ?? profile.default_scenario
  const sc = profile.transport_scenarios[name]!
  const ref = useDefault('A4 transport scenarios', name, sc.cite, sc.value, 'kg CO2e per kg')
  return { value: mass('A4 default').times(dec(sc.value)), basis: 'default', default: ref }
}
