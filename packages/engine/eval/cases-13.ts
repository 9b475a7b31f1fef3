/**
 * Ledger lines as spreadsheets write them, written 2026-11-24 18:40 UTC after trying resolve as a new
 * user (none from the development set): "Fuel oil No. 2 boiler" in US gallons ranked No. 1 distillate
 * first (the "2" was dropped as a quantity), and so did "heating oil" (EPA's No. 2 is the heating oil);
 * "Waste - general - 2.4 t" ranked construction waste (the words in that order were not read as
 * general waste). Written knowing the failures, so they are TRAINING cases only, like eval/cases-3.ts:
 * the held-out split stays the one frozen before any ranker was fitted (dev-set.ts). Answers are key
 * patterns read from the release build (2026.2).
 */
import { caseRows, type CaseRow } from './case-rows.ts'
import type { EvalCaseSpec } from './cases.ts'

const usNo2 = String.raw`^fuels\.us\.distillate_fuel_oil_no_2\.stationary_gallon_co2$`
const residualAnyRoute = String.raw`^waste\.gb\.refuse_(household_residual|commercial_and_industrial)_waste_(landfill|combustion)\.tonnes$`

const ROWS: CaseRow[] = [
  ['Fuel oil No. 2 boiler', 'gallons', 'US', usNo2],
  ['heating oil', 'gallons', 'US', usNo2],
  ['#2 heating oil delivery, gallons', null, 'US', usNo2],
  ['Waste - general - 2.4 t', null, 'GB', residualAnyRoute],
  ['Waste general, tonnes', null, 'GB', residualAnyRoute],
]

export const CASES_13: EvalCaseSpec[] = caseRows(ROWS)
