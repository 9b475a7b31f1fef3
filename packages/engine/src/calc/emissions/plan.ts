/**
 * How one factor takes one quantity unit: the factor row actually used (itself, or its published
 * sibling in the quantity's dimension), the exact multiplier to its activity unit, and the
 * warnings that go with it. Pure; memoised per (factor key, unit) by the caller.
 */
import { kindOf, type FactorRow } from '../../release/schema.ts'
import type { Warning } from '../common-schema.ts'
import type { Dec } from '../decimal.ts'
import type { LineError } from './schema.ts'
import { conversionTo, isConversion, onePersonConversion, type ConversionFailure } from './units/convert.ts'
import { readFactorUnit, unitLabel, type FactorUnit, type ReadUnit } from './units/parse.ts'
import type { CiteId } from './units/table.ts'

export interface Plan {
  row: FactorRow
  factorUnit: FactorUnit
  /** The factor's activity unit as the corpus spells it (`litre`, `kWh (Net CV)`, `1.25 m2`). */
  activityUnit: string
  multiplier: Dec
  cites: CiteId[]
  /** The row asked for, when its sibling was used. */
  requested?: FactorRow
  warnings: Warning[]
}

export function activityUnitText(row: FactorRow): string {
  const at = row.unit.indexOf(' per ')
  return at >= 0 ? row.unit.slice(at + 5) : row.unit
}

/** The part of a factor that a CO2e total may use, or the reason it may not. */
function usableRow(row: FactorRow): { factorUnit: FactorUnit; warnings: Warning[] } | LineError {
  const kind = kindOf(row)
  if (kind !== 'emission_factor') {
    return { code: 'unknown_factor', message: `${row.key} is a ${kind.replace(/_/g, ' ')} row, not an emission factor; calculations use emission factors only` }
  }
  const factorUnit = readFactorUnit(row.unit)
  if (!factorUnit) return { code: 'unit_not_convertible', message: `The unit of ${row.key} ("${row.unit}") is not one this calculation reads` }
  const gas = factorUnit.gas.toLowerCase()
  if (gas === 'co2e') return { factorUnit, warnings: [] }
  if (gas === 'co2') {
    return { factorUnit, warnings: [{ code: 'co2_only', message: `${row.key} is published in kg CO2 only: other gases of this activity are not counted` }] }
  }
  return {
    code: 'unit_not_convertible',
    message: `${row.key} is in ${factorUnit.gas}, not CO2e; use its CO2e factor (no global warming potential is applied here)`,
  }
}

function failureMessage(f: ConversionFailure, quantity: ReadUnit, row: FactorRow): string {
  const from = unitLabel(quantity)
  const to = activityUnitText(row)
  if (f.kind === 'currency') return `${row.key} is per ${to}; a quantity in ${from} is not converted (no exchange rates)`
  if (f.kind === 'basis') return `${row.key} is per ${to}; the quantity is on a ${f.from} calorific-value basis and the source publishes no sibling row on that basis`
  return `${row.key} is per ${to} (${f.to}); a quantity in ${from} (${f.from}) converts only through a published row of the same fuel or activity in that unit, and there is none`
}

function basisRank(candidate: FactorUnit, quantity: ReadUnit): number {
  if (candidate.per.basis === quantity.basis) return 0
  if (candidate.per.basis === 'gross') return 1
  return 2
}

function planOf(row: FactorRow, factorUnit: FactorUnit, quantity: ReadUnit, warnings: Warning[]): Plan | ConversionFailure {
  const c = conversionTo(quantity, factorUnit)
  if (!isConversion(c)) return c
  const out: Warning[] = [...warnings]
  if (quantity.basis === null && factorUnit.per.basis !== null) {
    out.push({ code: 'energy_basis_assumed', message: `The quantity names no calorific-value basis; it is taken as ${unitLabel(factorUnit.per)} as the factor is` })
  }
  const year = factorUnit.per.unit.dimension === 'currency' ? /\b(19|20)\d{2}\b/.exec(factorUnit.qualifier ?? '') : null
  if (year) {
    out.push({ code: 'price_year', message: `${row.key} is per ${activityUnitText(row)}: amounts should be in ${year[0]} prices (no inflation adjustment is applied)` })
  }
  return { row, factorUnit, activityUnit: activityUnitText(row), multiplier: c.multiplier, cites: c.cites, warnings: out }
}

/**
 * The plan for `quantity` on `row`; `siblings` lists the rows that differ from it only in unit.
 * Returns a line error when the factor cannot be used or the unit cannot be reached.
 */
export function planFor(row: FactorRow, quantity: ReadUnit, siblings: () => readonly FactorRow[]): Plan | LineError {
  const usable = usableRow(row)
  if ('code' in usable) return usable
  const direct = planOf(row, usable.factorUnit, quantity, usable.warnings)
  if ('row' in direct) return direct
  if (direct.kind === 'currency') return { code: 'unit_not_convertible', message: failureMessage(direct, quantity, row) }
  const options: Array<{ plan: Plan; rank: number }> = []
  for (const sibling of siblings()) {
    const ok = usableRow(sibling)
    if ('code' in ok) continue
    const plan = planOf(sibling, ok.factorUnit, quantity, ok.warnings)
    if ('row' in plan) options.push({ plan, rank: basisRank(ok.factorUnit, quantity) })
  }
  options.sort((a, b) => a.rank - b.rank || a.plan.row.key.localeCompare(b.plan.row.key))
  const best = options[0]
  if (best) return { ...best.plan, requested: row }
  // No published row in the quantity's unit: a plain distance for travel per passenger distance is
  // one traveller's (a taxi's per-vehicle km is a row of its own, which resolve ranks for "taxi" in km),
  // an hour for a factor per FTE working hour one worker's.
  const person = onePersonConversion(quantity, usable.factorUnit)
  if (person) {
    const warning: Warning = person.person === 'traveller'
      ? { code: 'one_traveller_assumed', message: `${row.key} is per ${activityUnitText(row)}; the quantity, a plain ${unitLabel(quantity)} distance, is taken as one traveller's` }
      : { code: 'one_worker_assumed', message: `${row.key} is per ${activityUnitText(row)}; the quantity's hours are taken as hours worked by one person` }
    return { row, factorUnit: usable.factorUnit, activityUnit: activityUnitText(row), multiplier: person.multiplier, cites: person.cites, warnings: [...usable.warnings, warning] }
  }
  return { code: 'unit_not_convertible', message: failureMessage(direct, quantity, row) }
}
