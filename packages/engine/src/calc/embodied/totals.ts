/**
 * Line results and stage totals at the output edge: D beside the total, biogenic, sequestration
 * and carbonation apart (docs/embodied.md B5), one C3/C4 scheme per response (docs/embodied.md).
 */
import { dec, out, sum, type Dec } from '../decimal.ts'
import type { ExactModule, LineExact } from './line.ts'
import type { ProjectOutcome } from './project.ts'
import { countsWithEndOfLife, type Uptake, type UptakeKind } from './sequestration.ts'
import type { EmbodiedResponse, LineModule, MaterialResult, ModuleValue } from './schema.ts'
import { LINE_MODULES } from './schema.ts'

const counted = (m: ExactModule): Dec => m.counted ?? m.value

export function lineTotal(line: LineExact): Dec {
  return sum([...line.modules.values()].map(counted))
}

/** What the RICS rule lets into the figure including sequestration: only lines with module C. */
function lineApart(line: LineExact): Dec | null {
  if (line.uptakes.length === 0 && line.biogenic.size === 0) return null
  if (!countsWithEndOfLife(line.inBoundary)) return dec(0)
  return sum([...line.uptakes.map((u) => u.value), ...line.biogenic.values()])
}

function uptakeOut(uptakes: Uptake[], kind: UptakeKind): MaterialResult['sequestration'] {
  const of = uptakes.filter((u) => u.kind === kind)
  if (of.length === 0) return undefined
  return {
    value: out(sum(of.map((u) => u.value))),
    modules: of.map((u) => ({
      module: u.module,
      value: out(u.value),
      ...(u.source ? { source: { id: u.source.id, cell_ref: u.source.cell_ref, ...(u.source.data_version ? { data_version: u.source.data_version } : {}) } } : {}),
    })),
  }
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
    if (m.counted) value.counted = out(m.counted)
    modules[label] = value
  }
  const total = lineTotal(line)
  const result: MaterialResult = {
    id: line.id,
    material_key: line.material_key,
    boundary: line.boundary,
    mass_kg: line.mass ? out(line.mass) : null,
    declared_unit: line.declaredUnit,
    declared_quantity: out(line.declared),
    modules,
    modules_without_data: line.withoutData,
    total: out(total),
    defaults_applied: [...new Set(line.defaults.map((d) => `${d.ref.table}: ${d.ref.row}`))],
    warnings: line.warnings,
  }
  if (line.withD) result.module_d = out(line.d ?? dec(0))
  if (line.biogenic.size > 0) result.biogenic = Object.fromEntries([...line.biogenic].map(([k, v]) => [k, out(v)]))
  const sequestration = uptakeOut(line.uptakes, 'biogenic_uptake')
  const carbonation = uptakeOut(line.uptakes, 'carbonation')
  if (sequestration) result.sequestration = sequestration
  if (carbonation) result.carbonation = carbonation
  const apart = lineApart(line)
  if (apart !== null && countsWithEndOfLife(line.inBoundary)) result.total_including_sequestration = out(total.plus(apart))
  return result
}

/**
 * by_stage keys: every module in any line's boundary (null where no line has data: not assessed,
 * with the reason in `by_stage_not_assessed`). C3 and C4 are
 * reported apart when every line with module C publishes them; when any line used the combined
 * C3-C4 default, all end-of-life processing is reported under one `C3-C4` key (it cannot be split).
 */
function stageValues(lines: LineExact[]): Map<string, Dec | null> {
  const stages = new Map<string, Dec | null>()
  const stageOf = (l: LineExact, label: LineModule): Dec => {
    const m = l.modules.get(label)
    return m ? counted(m) : dec(0)
  }
  const combinedC = lines.some((l) => l.modules.has('C3-C4'))
  for (const label of LINE_MODULES) {
    if (label === 'D' || label === 'C3-C4') continue
    if (combinedC && (label === 'C3' || label === 'C4')) {
      if (label === 'C4') continue
      stages.set('C3-C4', sum(lines.flatMap((l) => [stageOf(l, 'C3'), stageOf(l, 'C4'), stageOf(l, 'C3-C4')])))
      continue
    }
    if (!lines.some((l) => l.modules.has(label) || (l.inBoundary as ReadonlySet<string>).has(label))) continue
    // In a boundary but assessed by no line: not assessed (null in by_stage), not 0.
    if (!lines.some((l) => l.modules.has(label))) {
      stages.set(label, null)
      continue
    }
    stages.set(label, sum(lines.map((l) => stageOf(l, label))))
  }
  return stages
}

export function stageTotals(lines: LineExact[], project: ProjectOutcome): { result: EmbodiedResponse['result'] } {
  const stages = stageValues(lines)
  const projectExtra = sum(project.unallocated.map((m) => m.value))
  if (project.unallocated.length > 0) stages.set('A5', (stages.get('A5') ?? dec(0)).plus(projectExtra))
  const total = sum(lines.map(lineTotal)).plus(projectExtra)
  const withD = lines.filter((l) => l.withD)
  const biogenic = lines.flatMap((l) => [...l.biogenic.values()])
  const uptakes = lines.flatMap((l) => l.uptakes)
  const apart = lines.map(lineApart).filter((v): v is Dec => v !== null)
  const result: EmbodiedResponse['result'] = {
    embodied_carbon: { value: out(total), unit: 'kg CO2e' },
    by_stage: Object.fromEntries([...stages].map(([k, v]) => [k, v === null ? null : out(v)])),
    project_modules: [
      ...project.unallocated.map((m) => ({ module: m.module, value: out(m.value), allocated: false, default: m.default, formula: m.formula })),
      ...project.allocated.map((m) => ({ module: m.module, value: out(m.value), allocated: true, default: m.default, formula: m.formula })),
    ],
  }
  const notAssessed = [...stages].filter(([, v]) => v === null).map(([k]) => k)
  if (notAssessed.length > 0) {
    result.by_stage_not_assessed = Object.fromEntries(notAssessed.map((k) => [k, `not assessed: no line's data publishes module ${k} and the profile has no default for it (see modules_without_data)`]))
  }
  if (withD.length > 0) result.module_d = { value: out(sum(withD.map((l) => l.d ?? dec(0)))), unit: 'kg CO2e' }
  if (biogenic.length > 0) result.biogenic = { value: out(sum(biogenic)), unit: 'kg CO2e' }
  const seq = uptakes.filter((u) => u.kind === 'biogenic_uptake')
  const carb = uptakes.filter((u) => u.kind === 'carbonation')
  if (seq.length > 0) result.sequestration = { value: out(sum(seq.map((u) => u.value))), unit: 'kg CO2e' }
  if (carb.length > 0) result.carbonation = { value: out(sum(carb.map((u) => u.value))), unit: 'kg CO2e' }
  if (apart.length > 0) result.embodied_carbon_including_sequestration = { value: out(total.plus(sum(apart))), unit: 'kg CO2e' }
  return { result }
}
