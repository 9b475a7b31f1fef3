/**
 * Written on 2026-11-25 at 03:40 UTC after trying resolve as a new user on ledger lines (none from the
 * development set): "propane" and "butane" bought by the kilogram ranked the refrigerants R290 and
 * R600 first and accepted them (a leak of refrigerant, not fuel burnt); "landfill" or "waste disposal"
 * with no material named ranked the UK's average plastics (or, in the US, beef); "Strom" with `DE`
 * ranked ÖKOBAUDAT's electricity from hydropower above the grid (two training cases missed it out of
 * fold too). Written knowing the failures, so they are TRAINING cases only, like eval/cases-3.ts: the
 * held-out split stays the one frozen before any ranker was fitted (dev-set.ts). Answers are key
 * patterns read from the release build (2026.2).
 */
import { caseRows, type CaseRow } from './case-rows.ts'
import type { EvalCaseSpec } from './cases.ts'

const fuel = (name: string) => String.raw`^fuels\.gb\.gaseous_fuels_${name}\.tonnes$`
const residualLandfill = String.raw`^waste\.gb\.refuse_(household_residual|commercial_and_industrial)_waste_landfill\.tonnes$`
const residualAnyRoute = String.raw`^waste\.gb\.refuse_(household_residual|commercial_and_industrial)_waste_(landfill|combustion)\.tonnes$`
const grid = (cc: string) => String.raw`^electricity\.${cc}\.grid_average\.location_(ember|emaps)$`

const ROWS: CaseRow[] = [
  ['propane', 'kg', 'GB', fuel('propane')],
  ['propane for the forklifts', 'kg', null, fuel('propane')],
  ['propane cylinders 47kg', null, 'GB', fuel('propane')],
  ['butane', 'kg', 'GB', fuel('butane')],
  ['bottled gas (butane)', 'kg', null, fuel('butane')],
  ['landfill', 'tonnes', 'GB', residualLandfill],
  ['Waste disposal - landfill', 'tonnes', 'GB', residualLandfill],
  ['landfill', 'short tons', 'US', String.raw`^waste\.us\.mixed_msw\.landfilled$`],
  ['waste disposal', 'tonnes', null, residualAnyRoute],
  ['Strom', 'kWh', 'DE', grid('de')],
  ['Stromverbrauch Werk', 'kWh', 'DE', grid('de')],
  ['electricity consumption', 'kWh', 'FR', grid('fr')],
]

export const CASES_18: EvalCaseSpec[] = caseRows(ROWS)
