/**
 * US road and waste lines and the piston-engine aviation fuel, written 2026-11-24 18:25 UTC after trying
 * resolve as a new user (none from the development set): "diesel truck" in miles with `country: "US"`
 * ranked the UK's lorries (US EPA's "Medium- and Heavy-Duty Truck" is per vehicle-mile, which a unit
 * of miles did not count as exact); "landfilled municipal solid waste" in short tons with `US` ranked
 * EPA's landfilled beef (EPA says "Mixed MSW"); "aviation gasoline" and "avgas" in litres the UK's
 * petrol (the UK says "Aviation spirit"). Written knowing the failures, so they are TRAINING cases only,
 * like eval/cases-3.ts: the held-out split stays the one frozen before any ranker was fitted
 * (dev-set.ts). Answers are key patterns read from the release build (2026.2).
 */
import { caseRows, type CaseRow } from './case-rows.ts'
import type { EvalCaseSpec } from './cases.ts'

const usTruck = String.raw`^freight\.us\.medium_and_heavy_duty_truck\.vehicle_mile_co2$`
const mixedMsw = (route: string) => String.raw`^waste\.us\.mixed_msw\.${route}$`
const aviationSpirit = String.raw`^fuels\.gb\.liquid_fuels_aviation_spirit\.litres$`

const ROWS: CaseRow[] = [
  ['diesel truck', 'miles', 'US', usTruck],
  ['heavy duty truck mileage', 'miles', 'US', usTruck],
  ['landfilled municipal solid waste', 'short tons', 'US', mixedMsw('landfilled')],
  ['municipal solid waste sent to incineration', 'short tons', 'US', mixedMsw('combusted')],
  ['aviation gasoline', 'litres', 'GB', aviationSpirit],
  ['avgas for the club aircraft', 'litres', 'GB', aviationSpirit],
]

export const CASES_12: EvalCaseSpec[] = caseRows(ROWS)
