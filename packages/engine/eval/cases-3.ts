/**
 * Activity descriptions written 2026-11-24 07:15 UTC, after studying the out-of-fold misses of the
 * training split: fuels, refrigerants and hotels named with a city or a state, which no earlier case
 * did (docs/resolve.md: "diesel Perth"). Written knowing the failure, so they are TRAINING cases
 * only: the held-out split stays the one frozen before any ranker was fitted (dev-set.ts).
 * Answers are key patterns read from the release build (2026.2), not from running resolve.
 */
import type { EvalCaseSpec } from './cases.ts'

const AU_DIESEL = String.raw`^fuels\.au\.diesel_oil\.liquid_scope1_(litre|gj)$`
const AU_PETROL = String.raw`^fuels\.au\.automotive_gasoline_petrol_other_than_for_use_as_fuel_in_an_aircraft\.liquid_scope1_(litre|gj)$`
const AU_LPG = String.raw`^fuels\.au\.liquefied_petroleum_gas_lpg\.liquid_scope1_(litre|gj)$`
const US_DIESEL = String.raw`^fuels\.us\.diesel_fuel\.mobile_gallon_co2$`
const US_GASOLINE = String.raw`^fuels\.us\.motor_gasoline\.mobile_gallon_co2$`
const refrigerant = (cc: 'au' | 'us', gas: string) => String.raw`^refrigerants\.${cc}\.${gas}\.kg$`
const hotel = (cc: string) => String.raw`^accommodation\.${cc}\.hotel_stay\.room_per_night$`

type Row = [description: string, accept: string]

const ROWS: Row[] = [
  ['diesel for the Perth depot, litres', AU_DIESEL],
  ['diesel generator fuel Darwin', AU_DIESEL],
  ['diesel litres Queensland mine site', AU_DIESEL],
  ['Hobart fleet diesel', AU_DIESEL],
  ['petrol Melbourne fleet litres', AU_PETROL],
  ['unleaded petrol Brisbane', AU_PETROL],
  ['petrol litres NSW', AU_PETROL],
  ['LPG forklifts Adelaide', AU_LPG],
  ['diesel gallons Chicago trucks', US_DIESEL],
  ['diesel fuel for trucks in Texas, gallons', US_DIESEL],
  ['gasoline fleet Houston gallons', US_GASOLINE],
  ['gasoline for company cars in Ohio', US_GASOLINE],
  ['R-410A top up Melbourne', refrigerant('au', 'r410a')],
  ['R-134a leak Brisbane kg', refrigerant('au', 'hfc_134a')],
  ['R32 refill Perth office', refrigerant('au', 'hfc_32')],
  ['R-22 leak Adelaide kg', refrigerant('au', 'hcfc_22')],
  ['R-404A leak Chicago store', refrigerant('us', 'r404a')],
  ['R-410A recharge Houston kg', refrigerant('us', 'r410a')],
  ['R-134a chiller leak Los Angeles', refrigerant('us', 'hfc_134a')],
  ['R-407C leak New York office kg', refrigerant('us', 'r407c')],
  ['R-507A cold store Atlanta', refrigerant('us', 'r507a')],
  ['SF6 switchgear leak Texas', refrigerant('us', 'sf6')],
  ['hotel night Melbourne', hotel('au')],
  ['hotel stay Chicago 3 nights', hotel('us')],
  ['hotel room Munich', hotel('de')],
  ['two nights hotel Lyon', hotel('fr')],
  ['hotel Toronto room night', hotel('ca')],
]

export const CASES_3: EvalCaseSpec[] = ROWS.map(([description, accept]) => ({ description, accept: [accept] }))
