/**
 * Waste written as a ledger writes it, 2026-11-25 01:00 UTC, after trying resolve as a new user on a
 * ledger with site names (none from the development set): "waste to landfill" in tonnes with
 * `country: "GB"`, the commonest waste line there is, ranked the UK's average plastics (9 kg CO2e per
 * tonne, the row with the fewest words left unmentioned) above household residual waste (497 kg); the
 * residual and commercial rows did not reach the top 12. "rubbish", "trash" and "skip hire" named no
 * waste at all. Written knowing the failures, so they are TRAINING cases only, like eval/cases-3.ts:
 * the held-out split stays the one frozen before any ranker was fitted (dev-set.ts). Answers are key
 * patterns read from the release build (2026.2).
 */
import { caseRows, type CaseRow } from './case-rows.ts'
import type { EvalCaseSpec } from './cases.ts'

const residualLandfill = String.raw`^waste\.gb\.refuse_(household_residual|commercial_and_industrial)_waste_landfill\.tonnes$`
const residualAnyRoute = String.raw`^waste\.gb\.refuse_(household_residual|commercial_and_industrial)_waste_(landfill|combustion)\.tonnes$`

const ROWS: CaseRow[] = [
  ['waste to landfill', 'tonnes', 'GB', residualLandfill],
  ['Waste sent to landfill (t)', null, null, residualLandfill],
  ['rubbish collection', 'tonnes', 'GB', residualAnyRoute],
  ['skip hire, mixed', 'tonnes', null, residualAnyRoute],
  ['garbage to landfill', 'short tons', 'US', String.raw`^waste\.us\.mixed_msw\.landfilled$`],
  ['trash', 'short tons', 'US', String.raw`^waste\.us\.mixed_msw\.(landfilled|combusted)$`],
]

export const CASES_17: EvalCaseSpec[] = caseRows(ROWS)
