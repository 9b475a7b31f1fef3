/**
 * A state named in the text with the country as a hint, and more categories of a company's spend
 * ledger, written 2026-11-24 15:10 UTC after trying resolve as a new user with about 100 descriptions
 * of my own (none from the development set): "grid electricity Texas" with `country: "US"` ranked
 * the US national average first (the hint replaced the places the text named, so the state was never
 * read), as did Victoria and New South Wales with `AU`; "bank charges" ranked blood banks first,
 * "mobile phone bills" radio equipment, "printing services" printing ink, "car lease payments"
 * payment processing, "restaurant meals" local delivery; "international flight" with `GB` the UK
 * domestic flights. Written knowing the failures, so they are
 * TRAINING cases only, like eval/cases-3.ts: the held-out split stays the one frozen before any ranker
 * was fitted (dev-set.ts). Answers are key patterns read from the release build (2026.2).
 */
import { caseRows, type CaseRow, naicsKey as naics } from './case-rows.ts'
import type { EvalCaseSpec } from './cases.ts'

const usGrid = (state: string, grid: string) => String.raw`^electricity\.us\.(state_${state}|egrid_${grid})\.location_total_output$`
const flight = (haul: string, cls: string) => String.raw`^transport\.(gb|glo)\.flights_${haul}_to_from_(uk|non_uk)_${cls}_with(out)?_rf\.passenger_km$`
const auGrid = (state: string, scope = '2') => String.raw`^electricity\.au\.${state}\.location_scope${scope}_kwh$`

const ROWS: CaseRow[] = [
  ['grid electricity Texas', 'kWh', 'US', usGrid('tx', 'erct')],
  ['office electricity, California', 'kWh', 'US', usGrid('ca', 'camx')],
  ['electricity use New York state', 'MWh', 'US', usGrid('ny', 'ny[a-z]{2}')],
  ['Victoria electricity scope 2', 'kWh', 'AU', auGrid('vic')],
  ['electricity New South Wales', 'kWh', 'AU', auGrid('nsw_act')],
  ['purchased electricity Queensland site', null, 'AU', auGrid('qld')],
  ['scope 3 electricity Western Australia', 'kWh', 'AU', auGrid('wa_[a-z]+', '3')],
  ['international flight', 'passenger.km', 'GB', flight('(long|short)_haul', 'average_passenger')],
  ['overseas flights economy', 'passenger.km', 'GB', flight('(long|short)_haul', 'economy_class')],
  ['international flights for staff', null, null, flight('(long_haul|short_haul|international)', 'average_passenger')],
  ['bank charges', 'USD', 'US', naics('522110')],
  ['account fees charged by the bank $', null, null, naics('522110')],
  ['mobile phone bills', 'USD', 'US', naics('517312')],
  ['cell phone plan $', null, null, naics('517312')],
  ['printing services', 'USD', 'US', naics('323111')],
  ['brochure printing costs $', null, null, naics('323111')],
  ['car lease payments', 'USD', 'US', naics('532112')],
  ['vehicle leasing USD', null, null, naics('532112')],
  ['insurance premiums', 'USD', 'US', naics('524(113|114|126|210|298)')],
  ['business insurance $', null, null, naics('524126')],
  ['water bill', 'USD', 'US', naics('221310')],
  ['restaurant meals', 'USD', 'US', naics('72251[13]')],
  ['staff meals $', null, null, naics('72251[13]')],
]

export const CASES_7: EvalCaseSpec[] = caseRows(ROWS)
