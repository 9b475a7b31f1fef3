/**
 * Energy <-> volume <-> mass for a fuel, only through the factor's own published rows: a sibling
 * is a row of the same parent key (`<domain>.<country>.<subject>`) and scope whose method differs
 * from the factor's only in the words that spell its unit (`litres` / `kwh_gross_cv` / `tonnes`,
 * `wtt_litres` / `wtt_kwh_net_cv`, `litres_co2` / `kwh_net_cv_co2`). No density or calorific value
 * is ever invented: when the source publishes no row in the quantity's dimension, there is none.
 */
import type { FactorRow } from '../../release/schema.ts'
import { readUnit } from './units/parse.ts'

export function parentOf(key: string): string {
  return key.slice(0, key.lastIndexOf('.'))
}

function methodTokens(key: string): string[] {
  return key.slice(key.lastIndexOf('.') + 1).split('_')
}

/** Whether two keys of one parent differ only in a run of words that each spell a unit. */
export function differsOnlyInUnit(a: string, b: string): boolean {
  if (a === b || parentOf(a) !== parentOf(b)) return false
  const ta = methodTokens(a)
  const tb = methodTokens(b)
  let start = 0
  while (start < ta.length && start < tb.length && ta[start] === tb[start]) start++
  let end = 0
  while (end < ta.length - start && end < tb.length - start && ta[ta.length - 1 - end] === tb[tb.length - 1 - end]) end++
  const ra = ta.slice(start, ta.length - end)
  const rb = tb.slice(start, tb.length - end)
  if (ra.length === 0 || rb.length === 0) return false
  return spellsUnit(ra) && spellsUnit(rb)
}

/** Words naming a unit, ambiguous ones included (`gallon` in a US EPA key is still a unit word). */
function spellsUnit(words: string[]): boolean {
  const r = readUnit(words.join(' '))
  return r.ok || r.reason === 'ambiguous'
}

/** The sibling rows of `row` among `family` (rows of the same parent key). */
export function siblingsOf(row: FactorRow, family: readonly FactorRow[]): FactorRow[] {
  return family.filter((other) => other.scope === row.scope && differsOnlyInUnit(row.key, other.key))
}
