/**
 * Materials named with the unit of a bill of quantities, written 2026-11-24 13:00 UTC after trying
 * resolve as a new user: "bricks" in kg ranked a vegetation substrate first (its only factor in kg
 * whose section says brick), accepted at 0.93, because no earlier case named a material in a unit
 * its factor converts to by its own density or by mass (3 of 453 right top matches had a
 * convertible unit). Also "Eurostar" (international rail) and rebar (reinforcement steel). Written
 * knowing the failure, so they are TRAINING cases only, like eval/cases-3.ts: the held-out split
 * stays the one frozen before any ranker was fitted (dev-set.ts). Some name the factor's own unit,
 * so the fit also sees a material whose exact unit is right. Answers are key patterns read from
 * the release build (2026.2), not from running resolve.
 */
import type { EvalCaseSpec } from './cases.ts'

const m = (pattern: string): string => String.raw`^materials\.${pattern}$`
const BRICK = String.raw`^materials\.(brick\.fired_clay\.[a-z0-9_]+|construction\.bricks\.primary_material_production)$`
const REBAR = m(String.raw`steel\.reinforcement\.wire`)
const INTERNATIONAL_RAIL = String.raw`^transport\.gb\.rail_international_rail\.business_travel_passenger_km$`

type Row = [description: string, unit: string | null, accept: string]

const ROWS: Row[] = [
  ['bricks', 'kg', BRICK],
  ['bricks', null, BRICK],
  ['common bricks', 'tonnes', BRICK],
  ['facing bricks', 'tonnes', BRICK],
  ['clay bricks for the extension', 'kg', BRICK],
  ['sand lime bricks', 'kg', m(String.raw`masonry\.sand_lime_brick\.[a-z0-9_]+`)],
  ['aerated concrete blocks', 'kg', m(String.raw`concrete\.aerated\.[a-z0-9_]+`)],
  ['concrete C25/30', 'tonnes', m(String.raw`concrete\.ready_mix\.c25_30`)],
  ['C30/37 ready mix', 'kg', m(String.raw`concrete\.ready_mix\.c30_37_(average|generic)`)],
  ['concrete', 'tonnes', m(String.raw`(construction\.concrete\.primary_material_production|concrete\.ready_mix\.[a-z0-9_]+)`)],
  ['glulam beams', 'kg', m(String.raw`timber\.glulam\.[a-z0-9_]+`)],
  ['CLT floor panels', 'tonnes', m(String.raw`timber\.glulam_panel\.(cross_laminated_average_20(17|20)|klh_solid_wood_cross_laminated|binderholz_cross_laminated_bbs)`)],
  ['sawn softwood', 'kg', m(String.raw`timber\.sawn\.softwood_[a-z0-9_]+`)],
  ['OSB sheathing', 'kg', m(String.raw`timber\.oriented_strand_board\.[a-z0-9_]+`)],
  ['plywood sheets', 'kg', m(String.raw`timber\.plywood\.[a-z0-9_]+`)],
  ['plywood', 'tonnes', m(String.raw`timber\.plywood\.[a-z0-9_]+`)],
  ['oak timber', 'kg', m(String.raw`timber\.sawn\.oak_[a-z0-9_]+`)],
  ['mineral wool insulation', 'kg', m(String.raw`insulation\.(mineral_wool|rock_wool)\.[a-z0-9_]+`)],
  ['glass wool loft insulation', 'kg', m(String.raw`insulation\.(mineral_wool|rock_wool)\.[a-z0-9_]+`)],
  ['XPS boards', 'kg', m(String.raw`insulation\.xps_white\.[a-z0-9_]+`)],
  ['EPS insulation', 'kg', m(String.raw`insulation\.eps_(white|grey)\.[a-z0-9_]+`)],
  ['wood fibre insulation', 'kg', m(String.raw`insulation\.wood_fibre_boards\.[a-z0-9_]+`)],
  ['PIR insulation', 'kg', m(String.raw`insulation\.pir_rigid_foam\.[a-z0-9_]+`)],
  ['lime plaster', 'tonnes', m(String.raw`plaster\.render_and_plaster\.lime[a-z0-9_]*`)],
  ['gypsum plaster', 'kg', m(String.raw`plaster\.render_and_plaster\.(gypsum|lime_gypsum)[a-z0-9_]*`)],
  ['aluminium sheet', 'tonnes', m(String.raw`aluminium\.sheets\.[a-z0-9_]+`)],
  ['aluminium profiles', 'tonnes', m(String.raw`aluminium\.profiles\.[a-z0-9_]+`)],
  ['copper pipework', 'tonnes', m(String.raw`copper\.pipes\.[a-z0-9_]+`)],
  ['lead sheet', 'tonnes', m(String.raw`lead\.sheets\.[a-z0-9_]+`)],
  ['zinc sheet roofing', 'kg', m(String.raw`zinc\.sheets\.[a-z0-9_]+`)],
  ['structural steel sections', 'kg', m(String.raw`steel\.structural_section\.(generic|plates)`)],
  ['rebar', 'tonnes', REBAR],
  ['reinforcing steel', 'kg', REBAR],
  ['Betonstahl', 'kg', REBAR],
  ['CEM II cement', 'tonnes', m(String.raw`cement\.cement\.cem_ii_[a-z0-9_]+`)],
  ['Eurostar to Paris', null, INTERNATIONAL_RAIL],
  ['Eurostar London Brussels return', 'passenger.km', INTERNATIONAL_RAIL],
]

export const CASES_4: EvalCaseSpec[] = ROWS.map(([description, unit, accept]) => ({ description, accept: [accept], ...(unit ? { unit } : {}) }))
