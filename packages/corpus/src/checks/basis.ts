/**
 * A factor's unit and name agree with the basis its adapter read from the sheet (a note, a
 * table title, a column header): calorific-value basis, price basis and year, CO2 vs CO2e,
 * residual mixes. A unit that states a basis needs the same basis recorded, and the other way
 * round a recorded basis may not contradict the unit.
 */
import type { FactorRow } from '@openfactors/engine/release'
import { priceBasisOf } from '../keys/units.ts'
import type { CheckMark } from './types.ts'

const CV = /\((Gross|Net) CV\)|\b(HHV|LHV|GCV|NCV)\b/i

function cvOfUnit(unit: string): 'gross' | 'net' | null {
  const m = CV.exec(unit)
  if (!m) return null
  const word = (m[1] ?? m[2] ?? '').toLowerCase()
  return word === 'gross' || word === 'hhv' || word === 'gcv' ? 'gross' : 'net'
}

/** Problems of one row, as sentences; empty when unit, name and basis agree. */
export function basisProblems(r: FactorRow): string[] {
  const out: string[] = []
  const b = r.basis ?? {}
  const cv = cvOfUnit(r.unit)
  if (cv !== null && b.calorific_value !== cv) out.push(`unit "${r.unit}" is on a ${cv} CV basis but basis.calorific_value is ${b.calorific_value ?? 'not set'}`)
  if (cv === null && b.calorific_value !== undefined && CV.test(r.name) && cvOfUnit(r.name) !== b.calorific_value) {
    out.push(`name "${r.name}" contradicts basis.calorific_value ${b.calorific_value}`)
  }
  const price = priceBasisOf(r.unit)
  if (price) {
    if (!b.price) out.push(`unit "${r.unit}" states a price basis but basis.price is not set`)
    else if (b.price.currency !== price.currency || b.price.year !== price.year || b.price.basis !== price.basis) {
      out.push(`unit "${r.unit}" disagrees with basis.price ${b.price.currency} ${b.price.year} ${b.price.basis}`)
    }
  } else if (b.price) out.push(`basis.price is set but unit "${r.unit}" names no price basis`)
  const mass = /^(?:kg|g|t) (CO2e|CO2)\b(?! ?e)/.exec(r.unit)?.[1]
  if (b.ghg === 'co2' && mass === 'CO2e') out.push(`basis.ghg is co2 (CO2 only) but unit "${r.unit}" says CO2e`)
  if (b.ghg === 'co2e' && mass === 'CO2') out.push(`basis.ghg is co2e but unit "${r.unit}" says CO2`)
  if (b.electricity === 'residual_mix' && /grid mix/i.test(r.name) && !/residual/i.test(r.name)) out.push(`a residual mix named "${r.name}"`)
  if (b.electricity === 'market_based' && /location[- ]based/i.test(r.name)) out.push(`a market-based factor named "${r.name}"`)
  if (b.electricity === 'location_based' && /market[- ]based/i.test(r.name)) out.push(`a location-based factor named "${r.name}"`)
  return out
}

export function checkBasis(rows: readonly FactorRow[]): CheckMark[] {
  const marks: CheckMark[] = []
  for (const r of rows) for (const detail of basisProblems(r)) marks.push({ check: 'basis_agrees', source_id: r.source_id, key: r.key, detail, reason: null })
  return marks
}
