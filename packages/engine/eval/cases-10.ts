/**
 * US freight by mode, written 2026-11-24 16:50 UTC after trying resolve as a new user (none from the
 * development set): "rail freight" in ton-miles with `country: "US"` ranked the UK's rail freight (a
 * place mismatch), "barge freight" a spend factor, "air cargo" the global air freight; US EPA names
 * the modes "Rail", "Waterborne Craft" and "Aircraft" (per short ton-mile, per gas). Written knowing
 * the failures, so they are TRAINING cases only, like eval/cases-3.ts: the held-out split stays the
 * one frozen before any ranker was fitted (dev-set.ts). Answers are key patterns read from the release
 * build (2026.2).
 */
import { caseRows, type CaseRow } from './case-rows.ts'
import type { EvalCaseSpec } from './cases.ts'

const usFreight = (mode: string) => String.raw`^freight\.us\.${mode}\.short_ton_mile_co2$`

const ROWS: CaseRow[] = [
  ['rail freight', 'ton.miles', 'US', usFreight('rail')],
  ['freight by rail, ton-miles', null, 'US', usFreight('rail')],
  ['barge freight', 'ton.miles', 'US', usFreight('waterborne_craft')],
  ['air cargo shipments', 'ton.miles', 'US', usFreight('aircraft')],
]

export const CASES_10: EvalCaseSpec[] = caseRows(ROWS)
