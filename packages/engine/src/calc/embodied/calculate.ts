/** calculateEmbodied: validated request -> material lines -> project defaults -> totals -> receipt. */
import { EngineError, type Candidate } from '../../errors.ts'
import { kindOf } from '../../release/schema.ts'
import type { ReleaseView } from '../../release/view.ts'
import type { CalcContext, Credit, FactorUsed, Warning } from '../common-schema.ts'
import { OUTPUT_SIGNIFICANT_DIGITS } from '../decimal.ts'
import { attributionOf, creditsFor, finishResponse } from '../respond.ts'
import { parseRequest } from '../validate.ts'
import { computeLine, type DefaultUse, type LineExact } from './line.ts'
import { specFromRow, specFromUserFactor, type MaterialSpec } from './material.ts'
import { METHODOLOGY_PROFILES } from './profiles.ts'
import { applyProject } from './project.ts'
import { lineResult, stageTotals } from './totals.ts'
import { EmbodiedRequestSchema, type EmbodiedRequestParsed, type EmbodiedResponse } from './schema.ts'

const FORMULAS: Record<string, string> = {
  mass_kg: 'quantity converted with density (m3), area mass or thickness x density (m2), mass per unit (m, piece) (docs/embodied.md B7)',
  module_value: 'module value = published value per declared unit x quantity in declared units',
  A4: 'A4 = mass_kg x scenario factor (kg CO2e/kg), or mass_kg x sum(distance_km x mode factor) / 1000',
  A5: 'A5.3 = WR/(1-WR) x (A1-A3 + A4 + C2 + C3-C4) (IStructE 2020, docs/embodied.md B3); + A5.2 site activities allocated by mass share',
  C2: 'C2 = mass_kg x C2 factor (default) or published',
  'C3-C4': 'C3-C4 = mass_kg x combined end-of-life factor (default) when C3/C4 are not published',
  by_stage: 'by_stage = per module, sum of the counted line values (+ A5.1 in A5); C3 and C4 apart when every line with module C publishes them, else one C3-C4 key for all end-of-life processing',
  C1: 'C1 = gia_m2 x C1 factor, allocated by mass share (default) or published',
  line_total: 'line total = sum of the counted line modules in its boundary (module counted = value, or value minus sequestration / carbonation); module D excluded',
  embodied_carbon: 'embodied_carbon = sum of line totals + project-level A5.1 demolition = upfront excluding sequestration: module D, biogenic, sequestration (negative published A1/A2/A3 or A1-A3) and carbonation (negative published B1) excluded; published C3/C4 (incl. release of stored carbon) stay in',
  sequestration: 'sequestration = sum of negative published A1, A2, A3 (or A1-A3 where not split) values: biogenic uptake inside GWP-total, kept out of every total',
  carbonation: 'carbonation = sum of negative published B1 values (CO2 uptake in use), kept out of every total',
  embodied_carbon_including_sequestration: 'embodied_carbon_including_sequestration = embodied_carbon + sequestration + carbonation + biogenic of the lines whose boundary includes C3 and C4 (RICS: sequestration only with module C)',
  module_d: 'module_d = sum of published module D values of +D lines; reported beside the total, never inside it',
}

function specs(req: EmbodiedRequestParsed, view: ReleaseView): MaterialSpec[] {
  const missing: string[] = []
  const candidates: Record<string, Candidate[]> = {}
  const byKey = new Map<string, MaterialSpec | null>()
  const out: Array<MaterialSpec | null> = req.materials.map((line, i) => {
    const id = line.id ?? String(i)
    if (line.factor) return specFromUserFactor({ ...line, factor: line.factor }, id)
    // One spec per corpus key: a bill of quantities repeats the same materials many times.
    const cached = byKey.get(line.material_key)
    if (cached) return cached
    const row = view.factor(line.material_key)
    // Only emission factors are used by calculations; components and properties are reachable by key only.
    if (!row || kindOf(row) !== 'emission_factor') {
      missing.push(line.material_key)
      candidates[line.material_key] = view.candidates(line.material_key, 5)
      return null
    }
    const spec = specFromRow(row, view, id)
    if (!spec) {
      missing.push(line.material_key)
      return null
    }
    byKey.set(line.material_key, spec)
    return spec
  })
  if (missing.length > 0) {
    const keys = [...new Set(missing)]
    throw new EngineError('unknown_factor', `Not a material factor in data version ${view.mb_version}: ${keys.join(', ')}`, { keys, candidates })
  }
  return out as MaterialSpec[]
}

/** One entry per distinct factor, naming the lines that used it. */
function factorsUsed(specs: MaterialSpec[], lines: LineExact[]): FactorUsed[] {
  const byFactor = new Map<MaterialSpec, string[]>()
  for (const [i, spec] of specs.entries()) {
    const ids = byFactor.get(spec) ?? []
    ids.push(lines[i]!.id)
    byFactor.set(spec, ids)
  }
  return [...byFactor].map(([spec, ids]) => ({ ...spec.factorUsed, used_for: `materials ${ids.length > 20 ? `${ids.slice(0, 20).join(', ')} and ${ids.length - 20} more` : ids.join(', ')}` }))
}

function defaultsUsed(lines: LineExact[], project: DefaultUse[]): EmbodiedResponse['audit']['defaults_used'] {
  const byKey = new Map<string, EmbodiedResponse['audit']['defaults_used'][number]>()
  const add = (use: DefaultUse, lineId: string | null) => {
    const key = `${use.ref.table}|${use.ref.row}`
    const entry = byKey.get(key) ?? { ...use.ref, value: use.value, unit: use.unit, lines: [] }
    if (lineId !== null && entry.lines[entry.lines.length - 1] !== lineId) entry.lines.push(lineId)
    byKey.set(key, entry)
  }
  for (const line of lines) for (const use of line.defaults) add(use, line.id)
  for (const use of project) add(use, null)
  return [...byKey.values()]
}

const AUDIT_CODES = new Set(['biogenic_uptake_excluded', 'carbonation_excluded', 'sequestration_not_counted'])

/** The sequestration warnings of the lines, once per material and code. */
function auditWarnings(lines: LineExact[]): Warning[] {
  const seen = new Map<string, Warning>()
  for (const line of lines) {
    for (const w of line.warnings) {
      if (!AUDIT_CODES.has(w.code)) continue
      const key = `${w.code}|${w.message}`
      if (!seen.has(key)) seen.set(key, w)
    }
  }
  return [...seen.values()].slice(0, 200)
}

/** The embodied request checked against its schema (throws invalid_request). */
export function parseEmbodiedRequest(input: unknown): EmbodiedRequestParsed {
  return parseRequest(EmbodiedRequestSchema, input, 'embodied')
}

export function calculateEmbodied(input: unknown, view: ReleaseView, ctx: CalcContext = {}): EmbodiedResponse {
  const req = parseEmbodiedRequest(input)
  const profile = METHODOLOGY_PROFILES[req.profile]
  const materialSpecs = specs(req, view)
  const lines = req.materials.map((line, i) => computeLine(line, line.id ?? String(i), materialSpecs[i]!, profile, view.mb_version))
  const projectDefaults: DefaultUse[] = []
  const project = applyProject(lines, req, profile, projectDefaults)
  const totals = stageTotals(lines, project)

  const factors = factorsUsed(materialSpecs, lines)
  const methodologyCredits: Credit[] = profile.sources.map((s) => ({ source_id: s.id, title: s.title, license: null, attribution: `Methodology: ${s.cell_ref}` }))
  const body = {
    result: totals.result,
    materials: lines.map(lineResult),
    audit: {
      formula: FORMULAS,
      methodology_sources: profile.sources,
      profile: { id: profile.id, version: profile.version, title: profile.title },
      factors_used: factors,
      defaults_used: defaultsUsed(lines, projectDefaults),
      warnings: [...project.warnings, ...auditWarnings(lines)],
      rounding: `Decimal arithmetic (40 significant digits, half-even); every output number rounded once to ${OUTPUT_SIGNIFICANT_DIGITS} significant digits, half-even`,
    },
    attribution: attributionOf(ctx, creditsFor(view, factors, methodologyCredits)),
  }
  return finishResponse(req as unknown as Record<string, unknown>, body, view, req.as_of, ctx)
}
