/**
 * Australian states by code and gas by state, written 2026-11-24 19:00 UTC after trying resolve as a
 * new user (none from the development set): "electricity WA" in kWh with `country: "AU"` ranked the
 * national market (NEM), which Western Australia is not on ("WA" was read as Washington, then dropped
 * for the hint); "electricity SA" likewise (Saudi Arabia); "natural gas Victoria" in GJ ranked Victoria's
 * scope 3 supply factor, not the combustion (scope 1) factor Australia publishes nationally. Written
 * knowing the failures, so they are TRAINING cases only, like eval/cases-3.ts: the held-out split stays
 * the one frozen before any ranker was fitted (dev-set.ts). Answers are key patterns read from the
 * release build (2026.2).
 */
import { caseRows, type CaseRow } from './case-rows.ts'
import type { EvalCaseSpec } from './cases.ts'

const waGrid = String.raw`^electricity\.au\.wa_(swis|nwis)\.(grid|location)_scope2_kwh$`
const saGrid = String.raw`^electricity\.au\.sa\.location_scope2_kwh$`
const pipelineGas = String.raw`^fuels\.au\.natural_gas_distributed_in_a_pipeline\.gaseous_scope1_gj$`

const ROWS: CaseRow[] = [
  ['electricity WA', 'kWh', 'AU', waGrid],
  ['electricity SA office', 'kWh', 'AU', saGrid],
  ['natural gas Victoria', 'GJ', 'AU', pipelineGas],
  ['gas for the Melbourne office', 'GJ', 'AU', pipelineGas],
]

export const CASES_14: EvalCaseSpec[] = caseRows(ROWS)
