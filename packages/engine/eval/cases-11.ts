/**
 * Australian natural gas and materials named with a UK hint, written 2026-11-24 18:10 UTC after trying
 * resolve as a new user (none from the development set): "natural gas" in GJ with `country: "AU"`
 * ranked liquefied natural gas first (its name has fewer words than "Natural gas distributed in a
 * pipeline"); "steel rebar" in tonnes with `GB` ranked the UK's steel cans above rebar declared in
 * Germany, the only rebar there is. Written knowing the failures, so they are TRAINING cases only,
 * like eval/cases-3.ts: the held-out split stays the one frozen before any ranker was fitted
 * (dev-set.ts). Answers are key patterns read from the release build (2026.2).
 */
import { caseRows, type CaseRow } from './case-rows.ts'
import type { EvalCaseSpec } from './cases.ts'

const auPipelineGas = (unit: string) => String.raw`^fuels\.au\.natural_gas_distributed_in_a_pipeline\.gaseous_scope1_${unit}$`
const rebar = String.raw`^materials\.steel\.reinforcement\.wire$`

const ROWS: CaseRow[] = [
  ['natural gas', 'GJ', 'AU', auPipelineGas('gj')],
  ['natural gas for the boilers', 'm3', 'AU', auPipelineGas('m3')],
  ['mains gas usage, GJ', null, 'AU', auPipelineGas('gj')],
  ['steel rebar', 'tonnes', 'GB', rebar],
  ['reinforcing bar for the slab', 'kg', 'GB', rebar],
]

export const CASES_11: EvalCaseSpec[] = caseRows(ROWS)
