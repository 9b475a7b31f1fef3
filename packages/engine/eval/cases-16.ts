/**
 * Coal and couriers, written 2026-11-24 21:05 UTC after trying resolve as a new user (none from the
 * development set): "coal" in tonnes with `country: "GB"` ranked coking coal (the steelworks' coal)
 * first, with industrial and domestic coal 0.02 behind; "courier deliveries" in km ranked an HGV, where
 * a courier drives a van. Written knowing the failures, so they are TRAINING cases only, like
 * eval/cases-3.ts: the held-out split stays the one frozen before any ranker was fitted (dev-set.ts).
 * Answers are key patterns read from the release build (2026.2).
 */
import { caseRows, type CaseRow } from './case-rows.ts'
import type { EvalCaseSpec } from './cases.ts'

const ukCoal = String.raw`^fuels\.gb\.solid_fuels_coal_(industrial|domestic)\.tonnes$`
const van = String.raw`^freight\.gb\.vans_average_up_to_3_5_tonnes_(diesel|unknown)\.(freighting_)?km$`

const ROWS: CaseRow[] = [
  ['coal', 'tonnes', 'GB', ukCoal],
  ['coal for the boiler house', 'tonnes', 'GB', ukCoal],
  ['courier deliveries', 'km', 'GB', van],
  ['parcel deliveries by courier', 'miles', 'GB', String.raw`^freight\.gb\.vans_average_up_to_3_5_tonnes_(diesel|unknown)\.(freighting_)?miles$`],
]

export const CASES_16: EvalCaseSpec[] = caseRows(ROWS)
