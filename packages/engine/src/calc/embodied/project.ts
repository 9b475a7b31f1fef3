/**
 * Project-level defaults (docs/embodied.md B4.2, B4.4): A5.2 site activities and C1 deconstruction
 * are allocated to lines by mass share (IStructE implementation C10; PB-7); A5.1 demolition of the
 * existing building (RICS 2nd ed., PB-8) is reported at project level and not allocated.
 */
import type { Warning } from '../common-schema.ts'
import { dec, sum, type Dec } from '../decimal.ts'
import type { DefaultUse, LineExact } from './line.ts'
import type { MethodologyProfile } from './profiles.ts'
import { requireMass } from './quantity.ts'
import type { DefaultRef, EmbodiedRequestParsed } from './schema.ts'

export interface ProjectModule {
  module: string
  value: Dec
  default: DefaultRef
  formula: string
}

export interface ProjectOutcome {
  unallocated: ProjectModule[]
  allocated: ProjectModule[]
  warnings: Warning[]
}

function allocate(lines: LineExact[], total: Dec, label: 'A5' | 'C1', part: string): void {
  const masses = lines.map((l) => requireMass(
    { mass_kg: l.mass, declared: l.declared, steps: [] },
    l.quantityUnit,
    { line: l.id, material_key: l.material_key },
    `${part} allocation by mass share`,
  ))
  const totalMass = sum(masses)
  if (totalMass.isZero()) return
  for (const [i, line] of lines.entries()) {
    const share = total.times(masses[i]!).div(totalMass)
    const existing = line.modules.get(label)
    if (existing) {
      existing.value = existing.value.plus(share)
      existing.parts = { ...(existing.parts ?? {}), [part]: share }
    } else {
      line.modules.set(label, { value: share, basis: 'default', formula: `${part} project total x line mass / mass of lines in scope`, parts: { [part]: share } })
      line.withoutData = line.withoutData.filter((m) => m !== label)
    }
  }
}

export function applyProject(lines: LineExact[], request: EmbodiedRequestParsed, profile: MethodologyProfile, defaults: DefaultUse[]): ProjectOutcome {
  const project = request.project
  const outcome: ProjectOutcome = { unallocated: [], allocated: [], warnings: [] }
  if (!project) return outcome
  const withA5 = lines.filter((l) => l.inBoundary.has('A5'))
  const withC1 = lines.filter((l) => l.inBoundary.has('C1') && l.modules.get('C1')?.basis !== 'published')
  const use = (table: string, row: string, cite: string, value: number, unit: string): DefaultRef => {
    const ref = { profile: profile.version, table, row, cite }
    defaults.push({ ref, value, unit })
    return ref
  }

  if (withA5.length > 0 && project.demolition_gia_m2 !== undefined) {
    const row = profile.a5_demolition_per_m2
    if (row) {
      const ref = use('A5.1 pre-construction demolition', 'per m2 GIA demolished', row.cite, row.value, 'kg CO2e per m2')
      outcome.unallocated.push({ module: 'A5.1', value: dec(project.demolition_gia_m2).times(dec(row.value)), default: ref, formula: 'demolition_gia_m2 x A5.1 factor' })
    } else {
      outcome.warnings.push({ code: 'no_default', message: `Profile ${profile.id} has no A5.1 demolition default; demolition_gia_m2 not used` })
    }
  }
  if (withA5.length > 0) {
    const perM2 = profile.a5_site_per_m2
    const perCost = profile.a5_site_per_cost_unit
    let site: ProjectModule | null = null
    if (perM2 && project.gia_m2 !== undefined) {
      const ref = use('A5.2 construction activities', 'per m2 GIA', perM2.cite, perM2.value, 'kg CO2e per m2')
      site = { module: 'A5.2', value: dec(project.gia_m2).times(dec(perM2.value)), default: ref, formula: 'gia_m2 x A5.2 factor, allocated by mass share' }
    } else if (perCost && project.project_cost !== undefined) {
      const ref = use('A5 site activities', 'per unit of project cost', perCost.cite, perCost.value, `kg CO2e per ${project.currency ?? 'currency unit'}`)
      site = { module: 'A5.2', value: dec(project.project_cost).times(dec(perCost.value)), default: ref, formula: 'project_cost x A5 site factor, allocated by mass share' }
    }
    if (site) {
      allocate(withA5, site.value, 'A5', 'A5.2')
      outcome.allocated.push(site)
    }
  }
  if (withC1.length > 0 && project.gia_m2 !== undefined) {
    const row = profile.c1_per_m2
    const ref = use('C1 deconstruction', 'per m2 GIA', row.cite, row.value, 'kg CO2e per m2')
    const total = dec(project.gia_m2).times(dec(row.value))
    allocate(withC1, total, 'C1', 'C1')
    outcome.allocated.push({ module: 'C1', value: total, default: ref, formula: 'gia_m2 x C1 factor, allocated by mass share' })
  }
  return outcome
}
