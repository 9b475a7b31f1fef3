/**
 * Passenger travel counted in plain distance, and two names of US EPA rows, written 2026-11-24 21:30
 * UTC after trying resolve as a new user (none from the development set): "coach travel" in km with
 * `country: "GB"` ranked an average car (per vehicle km, the exact unit) over the coach (per passenger
 * km); "ferry foot passenger" in km likewise; "business travel air short haul" in miles with `US` ranked
 * the passenger car; "recycled cardboard" in short tons found no cardboard (EPA: "Corrugated
 * Containers"); a "pickup truck" is EPA's light-duty truck; "intercity bus" ranked intercity rail (accepted). Written knowing the failures, so they are
 * TRAINING cases only, like eval/cases-3.ts: the held-out split stays the one frozen before any ranker
 * was fitted (dev-set.ts). Answers are key patterns read from the release build (2026.2).
 */
import { caseRows, type CaseRow } from './case-rows.ts'
import type { EvalCaseSpec } from './cases.ts'

const coach = String.raw`^transport\.gb\.bus_coach\.business_travel_passenger_km$`
const footFerry = String.raw`^transport\.gb\.ferry_foot_passenger\.passenger_km$`
const usShortHaul = String.raw`^transport\.us\.air_travel_short_haul_300_miles\.passenger_mile_co2$`
const usBus = String.raw`^transport\.us\.bus\.passenger_mile_co2$`
const lightTruck = String.raw`^(transport|freight)\.us\.light_duty_truck\.vehicle_mile_co2$`

const ROWS: CaseRow[] = [
  ['coach travel', 'km', 'GB', coach],
  ['coach to the conference', 'miles', 'GB', coach],
  ['ferry foot passenger', 'km', 'GB', footFerry],
  ['business travel air short haul', 'miles', 'US', usShortHaul],
  ['bus journeys for staff', 'miles', 'US', usBus],
  ['recycled cardboard', 'short tons', 'US', String.raw`^waste\.us\.corrugated_containers\.recycled$`],
  ['pickup truck diesel', 'miles', 'US', lightTruck],
  ['intercity bus', 'miles', 'US', usBus],
]

export const CASES_15: EvalCaseSpec[] = caseRows(ROWS)
