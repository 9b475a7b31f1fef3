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
  // `a` datasets are operating time: the circulating pumps' reference flow is `Betriebsstunde`
  // (operating hour) at quantity 1, the lifts' is 8765.778 of them (one year of 365.24 days)
  a: { unit: 'hour', enumUnit: 'other' },
}

/** Reference quantities that are exactly another canonical unit (1000 kg = 1 tonne, 3.6 MJ = 1 kWh). */
const EXACT_RESCALE: Record<string, Record<string, string>> = {
  kg: { '1000': 'tonne' },
  kgkm: { '1000': 'tonne.km' },
  m: { '1000': 'km' },
  MJ: { '3.6': 'kWh' },
}

/**
 * 1 kWh written in MJ with the rounded factor 0.27778 kWh/MJ: `3.5999712002304` is 1 / 0.27778.
 * The heat-pump datasets declare 1 kWh of heat (reference flow `Thermische Energie`) this way.
 */
const KWH_VIA_027778 = 1 / 0.27778

export interface DeclaredUnit {
  /** Activity unit of the served value, e.g. `m3`, `tonne`, `kWh`, `199.35 kg`. */
  activityUnit: string
  enumUnit: MaterialData['declared_unit']
  /** Set when the served value is the published one times `multiplier` (FactorRow `published`). */
  convert?: { multiplier: string; conversion: string; publishedUnit: string }
  /** Why the activity unit is not the published quantity and unit word for word. */
  note?: string
}

/** A power of ten that the quantity is a float artefact of (`0.00000100000000002876` -> 1e-6), or null. */
function powerOfTenArtefact(q: number): number | null {
  if (!(q > 0)) return null
  const k = Math.round(Math.log10(q))
  const p = Number(`1e${k}`)
  return k !== 0 && q !== p && Math.abs(q / p - 1) < 1e-9 ? p : null
}

/**
 * Activity unit of a dataset's values: the declared unit per declared quantity. A quantity
 * of 1 (to 1e-9: the file has `0.999999999999999`) is the unit itself; a quantity that is
 * exactly another unit is that unit; 1 / 0.27778 MJ is the kWh it was converted from; a float
 * artefact of a power of ten below 1 (`0.00000100000000002876 kg` = 1 mg) is converted to per
 * unit with that power's exact reciprocal; any other quantity is written out (`199.35 kg`).
 */
export function declaredUnitOf(unitText: string, quantityText: string): DeclaredUnit | null {
  const word = unitText.trim()
  const text = quantityText.trim()
  const d = DECLARED[word]
  if (!d) return null
  const q = Number(text)
  const rescaled = EXACT_RESCALE[word]?.[text]
  if (rescaled) return { activityUnit: rescaled, enumUnit: d.enumUnit }
  if (text === '' || (Number.isFinite(q) && Math.abs(q - 1) < 1e-9)) return { activityUnit: d.unit, enumUnit: d.enumUnit }
  if (!Number.isFinite(q) || q <= 0) return null
  if (word === 'MJ' && Math.abs(q / KWH_VIA_027778 - 1) < 1e-12) {
    return { activityUnit: 'kWh', enumUnit: d.enumUnit, note: `declared ${text} MJ is 1 kWh converted at 0.27778 kWh/MJ (1 / 0.27778 = ${text})` }
  }
  const p = powerOfTenArtefact(q)
  if (p !== null && p < 1) {
    const multiplier = `1${'0'.repeat(Math.round(-Math.log10(p)))}`
    return {
      activityUnit: d.unit,
      enumUnit: d.enumUnit,
      convert: { multiplier, publishedUnit: `${text} ${d.unit}`, conversion: `per ${text} ${d.unit} (${p} ${d.unit} with a float artefact) -> per ${d.unit}: × ${multiplier}` },
    }
  }
  return { activityUnit: `${text} ${d.unit}`, enumUnit: d.enumUnit }
}

function cell(row: ObdRow, file: string, column: ObdColumn): { value: number; cell_ref: string } | null {
  const text = row.get(column)
  if (text === '') return null
  const value = Number(text)
  return Number.isFinite(value) ? { value, cell_ref: csvRef(file, row.line, column) } : null
}

/** Relative tolerance for "the factor equals this published mass" (the file rounds to 2-4 digits). */
const MATCH = 0.05
/** Layer thicknesses a building product per m2 can have, for the density-only check. */
const MIN_LAYER_M = 0.0005
const MAX_LAYER_M = 2

export type FactorReading = 'kg_per_unit' | 'units_per_kg' | 'unusable'

export interface MassCheck {
  /** Published quantity of the declared unit (`Bezugsgroesse`), 1 when empty. */
  quantity: number
  density?: number | undefined
  areaMass?: number | undefined
  thickness?: number | undefined
  perMetre?: number | undefined
}

const near = (a: number, b: number): boolean => b > 0 && Math.abs(a / b - 1) < MATCH

/**
 * How to read one dataset's `Umrechungsfaktor auf 1kg`. The column's name says "conversion
 * factor to 1 kg" (declared quantities per kg, the reciprocal of kg per declared quantity), and
 * many datasets publish it so (Dachsteine per 1000 kg: 0.001; EPS at 22.7 kg/m3: 0.044); others
 * publish kg per declared quantity (Beton at 2400 kg/m3: 2400). Which one a dataset means:
 * 1. the mass of the declared quantity from its own cells (kg: the quantity itself; m3: density;
 *    m2: area mass, else density × thickness; m: mass per metre): the factor equals it ->
 *    kg per unit, equals its reciprocal -> units per kg, neither -> unusable;
 * 2. a mass published for another unit that the factor matches (`m3` declared, factor = 1 / area
 *    mass) -> unusable: the factor is not about the declared unit (not for pieces, which have
 *    no geometry: a piece's `area mass` 0.003156 beside a factor 316.9 is the same reading);
 * 3. m2 with only a density: the reading whose implied layer thickness is 0.5 mm..2 m;
 * 4. nothing to check against: a factor of 1 or more is kg per unit, below 1 units per kg (of the
 *    m2 factors below 1 that data can check, 21 of 24 are reciprocals).
 */
export function readConversionFactor(unit: string, factor: number, c: MassCheck): { reading: FactorReading; why: string } {
  if (!(factor > 0)) return { reading: 'unusable', why: `factor ${factor} is not positive` }
  const q = c.quantity
  const own: Array<[number | undefined, string]> =
    unit === 'kg' ? [[q, `declared quantity ${q} kg`]]
    : unit === 'm3' ? [[c.density === undefined ? undefined : c.density * q, `density ${c.density} kg/m3`]]
    : unit === 'm2' ? [
        [c.areaMass === undefined ? undefined : c.areaMass * q, `area mass ${c.areaMass} kg/m2`],
        [c.density === undefined || c.thickness === undefined ? undefined : c.density * c.thickness * q, `density ${c.density} kg/m3 × thickness ${c.thickness} m`],
      ]
    : unit === 'm' ? [[c.perMetre === undefined ? undefined : c.perMetre * q, `mass per metre ${c.perMetre} kg/m`]]
    : []
  for (const [mass, what] of own) {
    if (mass === undefined || !(mass > 0)) continue
    if (near(factor, mass)) return { reading: 'kg_per_unit', why: `equals the published ${what}` }
    if (near(factor * mass, 1)) return { reading: 'units_per_kg', why: `is 1 / the published ${what}` }
    return { reading: 'unusable', why: `is neither the published ${what} nor its reciprocal` }
  }
  // (a piece has no geometry, so its other columns say nothing about which unit the factor is for)
  const others: Array<[number | undefined, string]> = unit === 'piece' ? [] : [[c.density, 'density (kg/m3)'], [c.areaMass, 'area mass (kg/m2)'], [c.perMetre, 'mass per metre (kg/m)']]
  for (const [mass, what] of others) {
    if (mass !== undefined && mass > 0 && (near(factor, mass) || near(factor * mass, 1))) {
      return { reading: 'unusable', why: `matches the published ${what}, not the declared unit ${unit}` }
    }
  }
  if (unit === 'm2' && c.density !== undefined && c.density > 0) {
    const asKg = factor / (c.density * q)
    const asUnits = 1 / (factor * c.density * q)
    const fits = (t: number): boolean => t >= MIN_LAYER_M && t <= MAX_LAYER_M
    if (fits(asUnits) && !fits(asKg)) return { reading: 'units_per_kg', why: `as units per kg it implies a ${asUnits.toPrecision(3)} m layer at the published density ${c.density} kg/m3 (as kg per m2: ${asKg.toPrecision(3)} m)` }
    if (fits(asKg) && !fits(asUnits)) return { reading: 'kg_per_unit', why: `as kg per m2 it implies a ${asKg.toPrecision(3)} m layer at the published density ${c.density} kg/m3` }
    return { reading: 'unusable', why: `both readings or neither give a plausible layer at density ${c.density} kg/m3` }
  }
  return factor >= 1
    ? { reading: 'kg_per_unit', why: 'no published mass to check against; 1 or more read as kg per declared quantity' }
    : { reading: 'units_per_kg', why: 'no published mass to check against; below 1 read as declared quantities per kg' }
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
  const thickness = cell(row, file, 'Schichtdicke (m)')
  const quantity = cell(row, file, 'Bezugsgroesse')
  const factor = cell(row, file, 'Umrechungsfaktor auf 1kg')
  const unit = declared.enumUnit
  let kgPerUnit: MaterialData['kg_per_declared_unit'] = null
  let unitsPerKg: MaterialData['kg_per_declared_unit'] = null
  let reading: string | undefined
  let droppedFactor: string | null = null
  if (factor) {
    const r = readConversionFactor(unit, factor.value, {
      quantity: quantity?.value ?? 1, density: density?.value, areaMass: areaMass?.value, thickness: thickness?.value, perMetre: perMetre?.value,
    })
    reading = `Umrechungsfaktor auf 1kg ${factor.value} ${r.why}`
    if (r.reading === 'kg_per_unit') kgPerUnit = factor
    else if (r.reading === 'units_per_kg') unitsPerKg = factor
    else droppedFactor = reading
  }
  // for metre-declared products the published mass per metre is the mass of one declared unit
  if (!kgPerUnit && !unitsPerKg && unit === 'm' && perMetre) {
    kgPerUnit = perMetre
    reading = `Laengengewicht (kg/m) ${perMetre.value} is the mass of one metre`
  }
  return {
    material: {
      declared_unit: unit,
      declared_quantity: quantity,
      density_kg_m3: density,
      area_mass_kg_m2: areaMass,
      kg_per_declared_unit: kgPerUnit,
      units_per_kg: unitsPerKg,
      ...(reading && !droppedFactor ? { mass_factor_reading: reading } : {}),
      thickness_m: thickness,
      biogenic_separate: false,
    },
    droppedFactor,
  }
}
