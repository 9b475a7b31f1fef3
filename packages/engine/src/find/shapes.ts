/**
 * Response shapes built from a release row: the search `Factor` and the lookup body
 * (docs/api.md + docs/decisions.md §3).
 */
import type { Edition, FactorBasis, FactorKind, FactorRow, ModuleLabel, Scope } from '../release/schema.ts'
import { kindOf } from '../release/schema.ts'
import type { SourceRef } from '../release/view.ts'
import { sourceOf } from '../release/view.ts'

/**
 * One gas of a factor: its value and the cell it was read from. Everything else of its source
 * (dataset, edition, licence, data version) is the factor's own `source`, so it is not repeated.
 */
export interface GasValue {
  value: number
  cell_ref: string
}

/** A factor as listed by search. */
export interface Factor {
  key: string
  name: string
  value: number
  unit: string
  scope: Scope | null
  section: string
  country: string
  region: string | null
  /** What the row is; only `emission_factor` rows are offered by default (issue 17). */
  kind: FactorKind
  /** The basis the value is stated on, where one applies. */
  basis?: FactorBasis
  source: SourceRef
  gases?: Record<string, GasValue>
}

export interface ModuleValue {
  value: number
  unit: string
  source: SourceRef
}

/** `factor` of the lookup body: `factor.factor {value, unit}` + `factor.source` per the contract. */
export interface LookupFactor {
  key: string
  name: string
  name_original?: string
  factor: { value: number; unit: string; key: string; name: string; scope: Scope | null; section: string }
  source: SourceRef
  scope: Scope | null
  section: string
  country: string
  region: string | null
  kind: FactorKind
  basis?: FactorBasis
  /** How `factor.value` was computed when it is not one cell (ÖKOBAUDAT A1-A3 = A1 + A2 + A3). */
  derived?: NonNullable<FactorRow['derived']>
  gases?: Record<string, GasValue>
  published?: NonNullable<FactorRow['published']>
  modules?: Partial<Record<ModuleLabel, ModuleValue>>
  material?: NonNullable<FactorRow['material']>
  tags?: string[]
  data_version: string
}

export interface LookupResponse {
  factor: LookupFactor
}

function gasesOf(row: FactorRow): Record<string, GasValue> | undefined {
  if (!row.gases) return undefined
  const out: Record<string, GasValue> = {}
  for (const [gas, cell] of Object.entries(row.gases)) {
    if (cell) out[gas] = { value: cell.value, cell_ref: cell.cell_ref }
  }
  return out
}

export function toSearchFactor(row: FactorRow, edition: Edition, mb_version: string): Factor {
  const factor: Factor = {
    key: row.key,
    name: row.name,
    value: row.value,
    unit: row.unit,
    scope: row.scope,
    section: row.section,
    country: row.country,
    region: row.region ?? null,
    kind: kindOf(row),
    source: sourceOf(row, edition, mb_version),
  }
  if (row.basis) factor.basis = row.basis
  const gases = gasesOf(row)
  if (gases) factor.gases = gases
  return factor
}

/** Module values per declared unit: the unit is `kg CO2e per <declared unit>`. */
function modulesOf(row: FactorRow, edition: Edition, mb_version: string): Partial<Record<ModuleLabel, ModuleValue>> | undefined {
  if (!row.modules) return undefined
  const unit = row.material ? `kg CO2e per ${row.material.declared_unit}` : row.unit
  const out: Partial<Record<ModuleLabel, ModuleValue>> = {}
  for (const [label, cell] of Object.entries(row.modules) as Array<[ModuleLabel, { value: number; cell_ref: string } | undefined]>) {
    if (cell) out[label] = { value: cell.value, unit, source: sourceOf(row, edition, mb_version, cell.cell_ref) }
  }
  return out
}

export function toLookupResponse(row: FactorRow, edition: Edition, mb_version: string): LookupResponse {
  const source = sourceOf(row, edition, mb_version)
  const gases = gasesOf(row)
  const inner: LookupFactor['factor'] = { value: row.value, unit: row.unit, key: row.key, name: row.name, scope: row.scope, section: row.section }
  const factor: LookupFactor = {
    key: row.key,
    name: row.name,
    factor: inner,
    source,
    scope: row.scope,
    section: row.section,
    country: row.country,
    region: row.region ?? null,
    kind: kindOf(row),
    data_version: mb_version,
  }
  if (row.basis) factor.basis = row.basis
  if (row.derived) factor.derived = row.derived
  if (row.name_original !== undefined) factor.name_original = row.name_original
  if (gases) factor.gases = gases
  if (row.published) factor.published = row.published
  const modules = modulesOf(row, edition, mb_version)
  if (modules) factor.modules = modules
  if (row.material) factor.material = row.material
  if (row.tags) factor.tags = row.tags
  return { factor }
}
