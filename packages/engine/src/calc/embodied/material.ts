/**
 * What one material line computes with: the factor (corpus row or user-supplied EPD factor),
 * its declared unit, its published module values and the data that converts quantities.
 */
import type { FactorRow } from '../../release/schema.ts'
import { sourceOf, type ReleaseView } from '../../release/view.ts'
import type { FactorUsed, SourceRefOut } from '../common-schema.ts'
import { dec, type Dec } from '../decimal.ts'
import type { QUnit } from './quantity.ts'
import type { MaterialLineInput } from './schema.ts'

export type PublishedModule = 'A1-A3' | 'A4' | 'A5' | 'B1' | 'B2' | 'B3' | 'B4' | 'B5' | 'B6' | 'B7' | 'C1' | 'C2' | 'C3' | 'C4' | 'D'

export interface ModuleData {
  /** kg CO2e per one declared unit (already divided by the declared reference quantity). */
  perUnit: Dec
  source: SourceRefOut
}

export interface MaterialSpec {
  key: string
  declaredUnit: QUnit
  userSupplied: boolean
  modules: Partial<Record<PublishedModule, ModuleData>>
  /** A1, A2 and A3 where the dataset publishes all three: a negative one (biogenic uptake) is kept out of the headline on its own. */
  a1a3Parts?: Record<'A1' | 'A2' | 'A3', ModuleData>
  biogenic: Partial<Record<'A1-A3' | 'C3' | 'C4', Dec>>
  conversion: { density_kg_m3?: number; area_mass_kg_m2?: number; thickness_m?: number; kg_per_declared_unit?: number }
  factorUsed: FactorUsed
}

const MASS_TO_KG: Record<string, string> = { g: '0.001', kg: '1', t: '1000' }
const UNIT_WORDS: Record<string, { unit: QUnit; scale: string }> = {
  kg: { unit: 'kg', scale: '1' }, tonne: { unit: 'kg', scale: '0.001' }, t: { unit: 'kg', scale: '0.001' },
  m3: { unit: 'm3', scale: '1' }, m2: { unit: 'm2', scale: '1' }, m: { unit: 'm', scale: '1' },
  piece: { unit: 'piece', scale: '1' }, unit: { unit: 'piece', scale: '1' }, item: { unit: 'piece', scale: '1' },
}
/** `kg CO2e per m3`, `kg CO2e per tonne`, or with the reference quantity: `kg CO2e per 1.25 m2`. */
const FACTOR_UNIT = /^(g|kg|t) CO2e per (?:\d+(?:\.\d+)? )?(kg|tonne|t|m3|m2|m|piece|unit|item)s?$/

/** Declared unit of a corpus row and the multiplier from "per declared unit" to "kg CO2e per QUnit". */
function declaredOf(row: FactorRow): { unit: QUnit; scale: Dec } | null {
  const m = FACTOR_UNIT.exec(row.unit)
  if (!m) return null
  const massScale = dec(MASS_TO_KG[m[1]!]!)
  const material = row.material
  const word = material ? material.declared_unit : m[2]!
  const entry = UNIT_WORDS[word]
  if (!entry) return null
  const reference = material?.declared_quantity?.value
  const perReference = reference && reference !== 1 ? dec(1).div(dec(reference)) : dec(1)
  return { unit: entry.unit, scale: massScale.times(dec(entry.scale)).times(perReference) }
}

export function specFromRow(row: FactorRow, view: ReleaseView, lineId: string): MaterialSpec | null {
  const declared = declaredOf(row)
  if (!declared) return null
  const edition = view.edition(row.source_id)
  const src = (cell: string): SourceRefOut =>
    edition ? sourceOf(row, edition, view.mb_version, cell) : { id: row.source_id, cell_ref: cell, data_version: view.mb_version }
  const modules: MaterialSpec['modules'] = {}
  const published = row.modules ?? {}
  for (const [label, cell] of Object.entries(published)) {
    if (!cell || label === 'A1' || label === 'A2' || label === 'A3') continue
    modules[label as PublishedModule] = { perUnit: dec(cell.value).times(declared.scale), source: src(cell.cell_ref) }
  }
  const parts = [published.A1, published.A2, published.A3]
  const a1a3Parts = parts.every((p) => p !== undefined)
    ? {
        A1: { perUnit: dec(parts[0]!.value).times(declared.scale), source: src(parts[0]!.cell_ref) },
        A2: { perUnit: dec(parts[1]!.value).times(declared.scale), source: src(parts[1]!.cell_ref) },
        A3: { perUnit: dec(parts[2]!.value).times(declared.scale), source: src(parts[2]!.cell_ref) },
      }
    : undefined
  if (!modules['A1-A3']) {
    if (parts.every((p) => p !== undefined)) {
      const total = parts.reduce((acc, p) => acc.plus(dec(p!.value)), dec(0))
      modules['A1-A3'] = { perUnit: total.times(declared.scale), source: src(parts.map((p) => p!.cell_ref).join(' + ')) }
    } else {
      modules['A1-A3'] = { perUnit: dec(row.value).times(declared.scale), source: src(row.cell_ref) }
    }
  }
  const mat = row.material
  const conversion: MaterialSpec['conversion'] = {}
  if (mat?.density_kg_m3) conversion.density_kg_m3 = mat.density_kg_m3.value
  if (mat?.area_mass_kg_m2) conversion.area_mass_kg_m2 = mat.area_mass_kg_m2.value
  if (mat?.thickness_m) conversion.thickness_m = mat.thickness_m.value
  if (mat?.kg_per_declared_unit) {
    const reference = mat.declared_quantity?.value
    conversion.kg_per_declared_unit = reference && reference !== 1 ? mat.kg_per_declared_unit.value / reference : mat.kg_per_declared_unit.value
  } else if (mat?.units_per_kg) {
    // published as declared quantities per kg: kg per one unit = 1 / (units_per_kg × reference)
    const reference = mat.declared_quantity?.value
    conversion.kg_per_declared_unit = dec(1).div(dec(mat.units_per_kg.value).times(dec(reference && reference !== 1 ? reference : 1))).toNumber()
  }
  return {
    key: row.key,
    declaredUnit: declared.unit,
    userSupplied: false,
    modules,
    ...(a1a3Parts ? { a1a3Parts } : {}),
    biogenic: {},
    conversion,
    factorUsed: { key: row.key, name: row.name, value: row.value, unit: row.unit, used_for: `materials.${lineId}`, user_supplied: false, source: src(row.cell_ref) },
  }
}

export function specFromUserFactor(line: MaterialLineInput & { factor: NonNullable<MaterialLineInput['factor']> }, lineId: string): MaterialSpec {
  const f = line.factor
  const { id, cell_ref, ...rest } = f.source
  const source: SourceRefOut = { id, cell_ref }
  for (const k of ['title', 'publisher', 'url', 'attribution', 'retrieved_at', 'published_at'] as const) {
    const v = rest[k]
    if (typeof v === 'string') source[k] = v
  }
  const scale = f.unit === 't' ? dec('0.001') : dec(1)
  const declaredUnit: QUnit = f.unit === 't' ? 'kg' : f.unit
  const modules: MaterialSpec['modules'] = { 'A1-A3': { perUnit: dec(f.value).times(scale), source } }
  for (const [label, value] of Object.entries(f.modules ?? {})) {
    if (value !== undefined) modules[label as PublishedModule] = { perUnit: dec(value).times(scale), source }
  }
  const biogenic: MaterialSpec['biogenic'] = {}
  for (const [label, value] of Object.entries(f.biogenic ?? {})) {
    if (value !== undefined) biogenic[label as 'A1-A3' | 'C3' | 'C4'] = dec(value).times(scale)
  }
  const conversion: MaterialSpec['conversion'] = {}
  if (f.density_kg_m3) conversion.density_kg_m3 = f.density_kg_m3
  if (f.kg_per_unit) conversion.kg_per_declared_unit = f.unit === 't' ? 1 : f.kg_per_unit
  return {
    key: line.material_key,
    declaredUnit,
    userSupplied: true,
    modules,
    biogenic,
    conversion,
    factorUsed: { key: line.material_key, name: `User-supplied factor (${id})`, value: f.value, unit: `kg CO2e per ${f.unit}`, used_for: `materials.${lineId}`, user_supplied: true, source },
  }
}
