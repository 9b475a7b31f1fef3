/**
 * Descriptions written 2026-11-24 13:20 UTC after trying resolve as a new user (none taken from the
 * development set): textiles, municipal solid waste, firewood and US heating oil, which the synonym
 * table did not know ("textiles waste" ranked construction waste first, "municipal solid waste
 * landfill" plastics, "heating oil" in the US the UK's burning oil). Written knowing the failure, so
 * they are TRAINING cases only, like eval/cases-3.ts: the held-out split stays the one frozen before
 * any ranker was fitted (dev-set.ts). Answers are key patterns read from the release build (2026.2),
 * not from running resolve.
 */
import { caseRows, type CaseRow } from './case-rows.ts'
import type { EvalCaseSpec } from './cases.ts'

const CLOTHING_WASTE = String.raw`^waste\.gb\.other_clothing_[a-z_]+\.tonnes$`
const residual = (route: string) => String.raw`^waste\.gb\.refuse_(household_residual|commercial_and_industrial)_waste_${route}\.tonnes$`
const LOGS = String.raw`^bioenergy\.gb\.biomass_wood_logs\.(tonnes|kwh)$`
const US_HEATING_OIL = String.raw`^fuels\.us\.distillate_fuel_oil_no_2\.stationary_(gallon|mmbtu)_co2$`

const ROWS: CaseRow[] = [
  ['textiles waste', 'tonnes', 'GB', CLOTHING_WASTE],
  ['textile waste to landfill', null, null, String.raw`^waste\.gb\.other_clothing_landfill\.tonnes$`],
  ['old garments recycled', 'tonnes', null, String.raw`^waste\.gb\.other_clothing_closed_loop\.tonnes$`],
  ['municipal solid waste landfill', 'tonnes', 'GB', residual('landfill')],
  ['MSW incineration tonnes', null, null, residual('combustion')],
  ['municipal waste sent to energy from waste', null, 'GB', residual('combustion')],
  ['firewood', 'kg', 'GB', LOGS],
  ['firewood for the stoves', null, null, LOGS],
  ['logs for the wood burner, tonnes', null, null, LOGS],
  ['heating oil', 'gallon', 'US', US_HEATING_OIL],
  ['home heating oil Boston', null, null, US_HEATING_OIL],
  ['heating oil deliveries Ohio gallons', null, null, US_HEATING_OIL],
]

export const CASES_5: EvalCaseSpec[] = caseRows(ROWS)
