/**
 * The declared unit of an ÖKOBAUDAT dataset and the data that converts quantities to mass.
 * Every value is a published cell (`{ value, cell_ref }`), or null where the file has none.
 */
import type { MaterialData } from '@openfactors/engine/release'
import { csvRef } from '../../read/csv.ts'
import type { ObdColumn, ObdRow } from './read.ts'

const DECLARED: Record<string, { unit: string; enumUnit: MaterialData['declared_unit'] }> = {
  qm: { unit: 'm2', enumUnit: 'm2' },
  m2: { unit: 'm2', enumUnit: 'm2' },
  kg: { unit: 'kg', enumUnit: 'kg' },
  m3: { unit: 'm3', enumUnit: 'm3' },
  'pcs.': { unit: 'piece', enumUnit: 'piece' },
  pcs: { unit: 'piece', enumUnit: 'piece' },
  m: { unit: 'm', enumUnit: 'm' },
  MJ: { unit: 'MJ', enumUnit: 'mj' },
  kWh: { unit: 'kWh', enumUnit: 'kwh' },
  kgkm: { unit: 'kg.km', enumUnit: 'other' },
  a: { unit: 'year', enumUnit: 'other' },
}

/** Reference quantities that are exactly another canonical unit (1000 kg = 1 tonne, 3.6 MJ = 1 kWh). */
const EXACT_RESCALE: Record<string, Record<string, string>> = {
  kg: { '1000': 'tonne' },
  kgkm: { '1000': 'tonne.km' },
  m: { '1000': 'km' },
  MJ: { '3.6': 'kWh' },
}

export interface DeclaredUnit {
  /** Activity unit of the served value, e.g. `m3`, `tonne`, `kWh`, `199.35 kg`. */
  activityUnit: string
  enumUnit: MaterialData['declared_unit']
}

/**
 * Activity unit of a dataset's values: the declared unit per declared quantity. A quantity
 * of 1 (to 1e-9: the file has `0.999999999999999`) is the unit itself; a quantity that is
 * exactly another unit is that unit; any other is written out (`199.35 kg`).
 */
export function declaredUnitOf(unitText: string, quantityText: string): DeclaredUnit | null {
  const d = DECLARED[unitText.trim()]
  if (!d) return null
  const q = Number(quantityText)
  const rescaled = EXACT_RESCALE[unitText.trim()]?.[quantityText.trim()]
  if (rescaled) return { activityUnit: rescaled, enumUnit: d.enumUnit }
  if (quantityText.trim() === '' || (Number.isFinite(q) && Math.abs(q - 1) < 1e-9)) return { activityUnit: d.unit, enumUnit: d.enumUnit }
  if (!Number.isFinite(q) || q <= 0) return null
  return { activityUnit: `${quantityText.trim()} ${d.unit}`, enumUnit: d.enumUnit }
}

function cell(row: ObdRow, file: string, column: ObdColumn): { value: number; cell_ref: string } | null {
  const text = row.get(column)
  if (text === '') return null
  const value = Number(text)
  return Number.isFinite(value) ? { value, cell_ref: csvRef(file, row.line, column) } : null
}

/**
 * `Umrechungsfaktor auf 1kg` is meant as kg per declared unit, but some datasets publish its
 * reciprocal (Holzfaserdämmplatten: 0.0058 at 173 kg/m3). Where density (m3), area mass (m2)
 * or mass per metre (m) can check it, a factor that matches the reciprocal is dropped (the
 * density or area mass still converts); unchecked, a factor below 1 kg per m3 is dropped too.
 */
export function plausibleKgPerUnit(unit: string, factor: number, check: { density?: number; areaMass?: number; perMetre?: number }): boolean {
  const ref = unit === 'm3' ? check.density : unit === 'm2' ? check.areaMass : unit === 'm' ? check.perMetre : undefined
  if (ref !== undefined && ref > 0) {
    if (Math.abs(factor * ref - 1) < 0.05 && Math.abs(factor - ref) / ref > 0.05) return false
    return true
  }
  if (unit === 'm3' && factor < 1) return false
  return true
}

export interface MaterialResult {
  material: MaterialData
  /** Why `Umrechungsfaktor auf 1kg` was not used, when it was published but dropped. */
  droppedFactor: string | null
}

export function materialData(row: ObdRow, file: string, declared: DeclaredUnit): MaterialResult {
  const density = cell(row, file, 'Rohdichte (kg/m3)')
  const areaMass = cell(row, file, 'Flaechengewicht (kg/m2)')
  const perMetre = cell(row, file, 'Laengengewicht (kg/m)')
  const factor = cell(row, file, 'Umrechungsfaktor auf 1kg')
  const unit = declared.enumUnit
  let kgPerUnit = factor
  let droppedFactor: string | null = null
  if (factor && !plausibleKgPerUnit(unit, factor.value, { density: density?.value, areaMass: areaMass?.value, perMetre: perMetre?.value })) {
    kgPerUnit = null
    droppedFactor = `Umrechungsfaktor auf 1kg ${factor.value} looks like 1 / (kg per ${unit})`
  }
  // for metre-declared products the published mass per metre is the mass of one declared unit
  if (!kgPerUnit && unit === 'm' && perMetre) kgPerUnit = perMetre
  return {
    material: {
      declared_unit: unit,
      declared_quantity: cell(row, file, 'Bezugsgroesse'),
      density_kg_m3: density,
      area_mass_kg_m2: areaMass,
      kg_per_declared_unit: kgPerUnit,
      thickness_m: cell(row, file, 'Schichtdicke (m)'),
      biogenic_separate: false,
    },
    droppedFactor,
  }
}
