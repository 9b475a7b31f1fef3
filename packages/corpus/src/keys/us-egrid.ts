/**
 * Electricity keys shared by the eGRID summary tables and the EPA Hub's eGRID table, so one
 * subregion has one subject in both: `electricity.us.egrid_<acronym>.<method>`, the national
 * row `electricity.us.national.<method>`, states `electricity.us.state_<code>.<method>`.
 *
 * Methods: eGRID summary tables serve `location_total_output` (CO2e) and
 * `location_total_output_<gas>`; the Hub restates an older eGRID edition, so its rows carry a
 * `hub_` prefix (`hub_total_output_co2`, `hub_non_baseload_ch4`) — both sit in one release and
 * keys must be unique within it.
 */
import { slugify } from './slug.ts'
import { isUsNationalLabel } from './us-states.ts'

export const NATIONAL_SUBJECT = 'national'

/** Subject for an eGRID subregion acronym (`ERCT` -> `egrid_erct`) or the national row. */
export function egridSubject(acronym: string): string {
  return isUsNationalLabel(acronym) ? NATIONAL_SUBJECT : `egrid_${slugify(acronym)}`
}

export function stateSubject(code: string): string {
  return isUsNationalLabel(code) ? NATIONAL_SUBJECT : `state_${slugify(code)}`
}

/** Gas header as published (`CO₂`, `CH4 Factor`, `CO₂e`) -> `co2` | `ch4` | `n2o` | `co2e` | null. */
export function ghgOfHeader(header: string): 'co2' | 'ch4' | 'n2o' | 'co2e' | null {
  const t = header.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase()
  const m = /^(co2e|co2|ch4|n2o)\b/.exec(t)
  return m ? (m[1] as 'co2' | 'ch4' | 'n2o' | 'co2e') : null
}

export const GAS_FORMULA = { co2: 'CO2', ch4: 'CH4', n2o: 'N2O', co2e: 'CO2e' } as const
