/** Line results and stage totals at the output edge: D beside the total, biogenic apart. */
import { dec, out, sum, type Dec } from '../decimal.ts'
import type { LineExact } from './line.ts'
import type { ProjectOutcome } from './project.ts'
import type { EmbodiedResponse, LineModule, MaterialResult, ModuleValue } from './schema.ts'
import { LINE_MODULES } from './schema.ts'

export function lineTotal(line: LineExact): Dec {
  return sum([...line.modules.values()].map((m) => m.value))
}

export function lineResult(line: LineExact): MaterialResult {
  const modules: MaterialResult['modules'] = {}
  for (const label of LINE_MODULES) {
    const m = line.modules.get(label)
    if (!m) continue
    const value: ModuleValue = { value: out(m.value), basis: m.basis }
    if (m.source) value.source = { id: m.source.id, cell_ref: m.source.cell_ref, ...(m.source.data_version ? { data_version: m.source.data_version } : {}) }
    if (m.default) value.default = { profile: m.default.profile, table: m.default.table, row: m.default.row }
    if (m.formula) value.formula = m.formula
    if (m.parts) value.parts = Object.fromEntries(Object.entries(m.parts).map(([k, v]) => [k, out(v)]))
    modules[label] = value
  }
  const result: MaterialResult = {
    id: line.id,
    material_key: line.material_key,
    boundary: line.boundary,
    mass_kg: line.mass ? out(line.mass) : null,
    declared_unit: line.declaredUnit,
    declared_quantity: out(line.declared),
    modules,
    modules_without_data: line.withoutData,
    total: out(lineTotal(line)),
    defaults_applied: [...new Set(line.defaults.map((d) => `${d.ref.table}: ${d.ref.row}`))],
    warnings: line.warnings,
  }
  if (line.withD) result.module_d = out(line.d ?? dec(0))
  if (line.biogenic.size > 0) result.biogenic = Object.fromEntries([...line.biogenic].map(([k, v]) => [k, out(v)]))
  return result
}

export function stageTotals(lines: LineExact[], project: ProjectOutcome): { result: EmbodiedResponse['result'] } {
  const stages = new Map<LineModule, Dec>()
  for (const label of LINE_MODULES) {
    if (label === 'D') continue
    // A line that used the combined C3-C4 default covers C3 and C4 under that one label.
    const inAny = lines.some(
      (l) => l.modules.has(label) || (label !== 'C3-C4' && l.inBoundary.has(label as never) && !((label === 'C3' || label === 'C4') && l.modules.has('C3-C4'))),
    )
    if (!inAny) continue
    stages.set(label, sum(lines.map((l) => l.modules.get(label)?.value ?? dec(0))))
  }
  const projectExtra = sum(project.unallocated.map((m) => m.value))
  if (project.unallocated.length > 0) stages.set('A5', (stages.get('A5') ?? dec(0)).plus(projectExtra))
  const total = sum(lines.map(lineTotal)).plus(projectExtra)
  const withD = lines.filter((l) => l.withD)
  const biogenic = lines.flatMap((l) => [...l.biogenic.values()])
  const result: EmbodiedResponse['result'] = {
    embodied_carbon: { value: out(total), unit: 'kg CO2e' },
    by_stage: Object.fromEntries([...stages].map(([k, v]) => [k, out(v)])),
    project_modules: [
      ...project.unallocated.map((m) => ({ module: m.module, value: out(m.value), allocated: false, default: m.default, formula: m.formula })),
      ...project.allocated.map((m) => ({ module: m.module, value: out(m.value), allocated: true, default: m.default, formula: m.formula })),
    ],
  }
  if (withD.length > 0) result.module_d = { value: out(sum(withD.map((l) => l.d ?? dec(0)))), unit: 'kg CO2e' }
  if (biogenic.length > 0) result.biogenic = { value: out(sum(biogenic)), unit: 'kg CO2e' }
  return { result }
}
