/**
 * US flights and a US unit, written 2026-11-24 16:10 UTC after trying resolve as a new user with about
 * 50 descriptions of US and Australian activities (none from the development set): "business flights"
 * with `country: "US"` and passenger-miles ranked the UK's flights (a place mismatch) or a US car,
 * because US EPA names them "Air Travel" and "flights" did not reach it; `unit: "lbs"` was refused as
 * an unknown unit. Written knowing the failures, so they are TRAINING cases only, like
 * eval/cases-3.ts: the held-out split stays the one frozen before any ranker was fitted (dev-set.ts).
 * Answers are key patterns read from the release build (2026.2).
 */
import { caseRows, type CaseRow } from './case-rows.ts'
import type { EvalCaseSpec } from './cases.ts'

const usAir = (haul: string) => String.raw`^transport\.us\.air_travel_${haul}[a-z0-9_]*\.passenger_mile_co2$`

const ROWS: CaseRow[] = [
  ['business flights', 'passenger.miles', 'US', usAir('(long|medium|short)_haul')],
  ['employee air travel, domestic', 'passenger.miles', 'US', usAir('(medium|short)_haul')],
  ['long haul flights for staff', 'passenger.miles', 'US', usAir('long_haul')],
  ['R-404A refrigerant recharge', 'lbs', 'US', String.raw`^refrigerants\.us\.r404a\.kg$`],
]

export const CASES_9: EvalCaseSpec[] = caseRows(ROWS)
