/**
 * Quantity conversion (docs/embodied.md B7, docs/decisions.md §5): a line's quantity into the factor's
 * declared unit, and into kg whenever the data allows. Conversions chain through the material's
 * own published data (density, area mass, thickness, kg per declared unit) or values the line
 * gives; anything that cannot be reached is `unit_not_convertible` naming what is missing.
 */
import { EngineError } from '../../errors.ts'
import { dec, type Dec } from '../decimal.ts'

export type QUnit = 'kg' | 'm3' | 'm2' | 'm' | 'piece'

export interface ConversionData {
  density_kg_m3?: number | undefined
  area_mass_kg_m2?: number | undefined
  thickness_m?: number | undefined
  /** kg per one unit of the line's own quantity unit (line `mass_per_unit_kg`, for m or piece). */
  mass_per_line_unit_kg?: number | undefined
  /** kg per one declared unit (material data). */
  kg_per_declared_unit?: number | undefined
}

export interface Quantities {
  mass_kg: Dec | null
  /** Quantity in the declared unit (before dividing by the declared reference quantity). */
  declared: Dec
  /** What each conversion step used, for the audit. */
  steps: string[]
}

export function normalizeUnit(unit: string): { unit: QUnit; scale: Dec } {
  if (unit === 't') return { unit: 'kg', scale: dec(1000) }
  if (unit === 'unit') return { unit: 'piece', scale: dec(1) }
  return { unit: unit as QUnit, scale: dec(1) }
}

/** What would let `from` reach `to`, for the error message. */
function missingFor(from: QUnit, to: QUnit): string[] {
  const toMass: Record<QUnit, string[]> = {
    kg: [],
    m3: ['density_kg_m3'],
    m2: ['area_mass_kg_m2', 'thickness_m with density_kg_m3'],
    m: ['mass_per_unit_kg (kg per metre)'],
    piece: ['mass_per_unit_kg (kg per piece)'],
  }
  const fromMass: Record<QUnit, string[]> = {
    kg: [],
    m3: ['density_kg_m3'],
    m2: ['area_mass_kg_m2', 'thickness_m with density_kg_m3'],
    m: ['mass_per_unit_kg (kg per metre)'],
    piece: ['mass_per_unit_kg (kg per piece)'],
  }
  if (from === 'm2' && to === 'm3') return ['thickness_m']
  if (from === 'm3' && to === 'm2') return ['thickness_m']
  return [...new Set([...toMass[from], ...fromMass[to]])]
}

export function convertQuantity(
  value: number,
  lineUnit: string,
  declaredUnit: QUnit,
  data: ConversionData,
  where: { line: string; material_key: string },
): Quantities {
  const { unit: start, scale } = normalizeUnit(lineUnit)
  const known = new Map<QUnit, Dec>([[start, dec(value).times(scale)]])
  const steps: string[] = []
  const rules: Array<[QUnit, QUnit, number | undefined, 'times' | 'div', string]> = [
    ['m3', 'kg', data.density_kg_m3, 'times', 'kg = m3 x density_kg_m3'],
    ['kg', 'm3', data.density_kg_m3, 'div', 'm3 = kg / density_kg_m3'],
    ['m2', 'kg', data.area_mass_kg_m2, 'times', 'kg = m2 x area_mass_kg_m2'],
    ['kg', 'm2', data.area_mass_kg_m2, 'div', 'm2 = kg / area_mass_kg_m2'],
    ['m2', 'm3', data.thickness_m, 'times', 'm3 = m2 x thickness_m'],
    ['m3', 'm2', data.thickness_m, 'div', 'm2 = m3 / thickness_m'],
  ]
  if (start === 'm' || start === 'piece') {
    rules.push([start, 'kg', data.mass_per_line_unit_kg, 'times', `kg = ${start} x mass_per_unit_kg`])
  }
  if (declaredUnit !== 'kg') {
    rules.push([declaredUnit, 'kg', data.kg_per_declared_unit, 'times', `kg = ${declaredUnit} x kg_per_declared_unit`])
    rules.push(['kg', declaredUnit, data.kg_per_declared_unit, 'div', `${declaredUnit} = kg / kg_per_declared_unit`])
  }
  for (let changed = true; changed; ) {
    changed = false
    for (const [from, to, factor, op, step] of rules) {
      const have = known.get(from)
      if (have === undefined || known.has(to) || factor === undefined) continue
      known.set(to, op === 'times' ? have.times(dec(factor)) : have.div(dec(factor)))
      steps.push(step)
      changed = true
    }
  }
  const declared = known.get(declaredUnit)
  if (declared === undefined) {
    throw new EngineError(
      'unit_not_convertible',
      `Line ${where.line} (${where.material_key}): cannot convert ${lineUnit} to the factor's declared unit ${declaredUnit}; missing ${missingFor(start, declaredUnit).join(' or ')}`,
      { from: lineUnit, to: declaredUnit, missing: missingFor(start, declaredUnit), line: where.line, material_key: where.material_key },
    )
  }
  return { mass_kg: known.get('kg') ?? null, declared, steps }
}

/** Mass is needed for per-kg defaults (A4, A5 waste via C2/C3-C4, C2, C3-C4, allocation). */
export function requireMass(q: Quantities, lineUnit: string, where: { line: string; material_key: string }, forWhat: string): Dec {
  if (q.mass_kg) return q.mass_kg
  const { unit } = normalizeUnit(lineUnit)
  const missing = missingFor(unit, 'kg')
  throw new EngineError(
    'unit_not_convertible',
    `Line ${where.line} (${where.material_key}): ${forWhat} needs the mass in kg; missing ${missing.join(' or ')}`,
    { from: lineUnit, to: 'kg', missing, line: where.line, material_key: where.material_key },
  )
}
