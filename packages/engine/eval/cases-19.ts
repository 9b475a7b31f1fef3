/**
 * Written on 2026-11-25 at 03:50 UTC after trying resolve as a new user on US travel, taxis and bottled
 * gas (none from the development set): "business travel flights" and "employee commuting bus" in miles
 * with `country: "US"` ranked the US passenger car (its name says "business travel and employee
 * commuting", and it is per vehicle-mile, the exact unit) and "commuting" was read as a typo of
 * "computing" (US EPA's travel rows are per gas, outside the main index); "bottled gas" in kg ranked
 * natural gas. A refit with the US cases alone ranked a taxi's per-passenger km above its per-vehicle km
 * for "taxi" in km, so the taxi's distance is written down too: a taxi's km is the vehicle's. Written
 * knowing the failures, so they are TRAINING cases only, like eval/cases-3.ts: the held-out split stays
 * the one frozen before any ranker was fitted (dev-set.ts).
 * Answers are key patterns read from the release build (2026.2).
 */
import { caseRows, type CaseRow } from './case-rows.ts'
import type { EvalCaseSpec } from './cases.ts'

const usAir = String.raw`^transport\.us\.air_travel_(long|medium|short)_haul[a-z0-9_]*\.passenger_mile_co2$`
const taxiKm = (unit: string) => String.raw`^transport\.gb\.taxis_regular_taxi\.(business_travel_)?${unit}$`

const ROWS: CaseRow[] = [
  ['business travel flights', 'miles', 'US', usAir],
  ['business travel - air', 'miles', 'US', usAir],
  ['employee commuting bus', 'miles', 'US', String.raw`^transport\.us\.bus\.passenger_mile_co2$`],
  ['employee commuting - commuter rail', 'miles', 'US', String.raw`^transport\.us\.commuter_rail\.passenger_mile_co2$`],
  ['taxi', 'km', 'GB', taxiKm('km')],
  ['bottled gas', 'kg', null, String.raw`^fuels\.gb\.gaseous_fuels_lpg\.tonnes$`],
]

export const CASES_19: EvalCaseSpec[] = caseRows(ROWS)
