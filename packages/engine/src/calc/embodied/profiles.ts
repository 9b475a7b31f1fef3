/**
 * Methodology profiles: the default scenarios used when a material has no published value for a
 * module (docs/embodied.md B3–B4). Versioned and cited per entry; a request line may override
 * transport and waste rate. Values marked [V1]/[D] (docs/embodied.md, Rule index) are single-source or derived:
 * they are defaults, never constants, and a change bumps the profile version.
 */
import type { ProfileId, TransportMode } from './schema.ts'

export interface Cited {
  value: number
  cite: string
}

export interface MethodologyProfile {
  id: ProfileId
  version: string
  title: string
  sources: Array<{ id: string; cell_ref: string; title: string }>
  /** kg CO2e per tonne-km by mode, for a line's own distance. */
  transport_modes: Record<TransportMode, Cited>
  /** A4 scenarios in kg CO2e per kg delivered. */
  transport_scenarios: Record<string, Cited & { description: string }>
  /** A4 scenario used for a material class when the line names none. */
  scenario_by_class: Record<string, string>
  default_scenario: string
  /** A5.3 waste rate WR (fraction of delivered material wasted) by material class. */
  waste_rates: Record<string, Cited>
  default_waste_rate: Cited
  /** C2 transport to waste processing, kg CO2e per kg. */
  c2: Cited
  /** C3-C4 combined, kg CO2e per kg: general, and timber (includes biogenic release). */
  c3_c4: { general: Cited; timber: Cited }
  /** Project-level defaults. */
  a5_demolition_per_m2: Cited | null
  a5_site_per_m2: Cited | null
  a5_site_per_cost_unit: Cited | null
  c1_per_m2: Cited
}

const B41 = 'docs/embodied.md B4.1'
const B42 = 'docs/embodied.md B4.2'
const B45 = 'docs/embodied.md B4.5 (IStructE 2020 via C9)'

/** UK government freight factors 2018 as used by Arup's open tool (C8) [V1]. */
const MODES: Record<TransportMode, Cited> = {
  road: { value: 0.1136, cite: `${B41}: road, all HGVs average laden (C8, UK government factors 2018)` },
  rail: { value: 0.03351, cite: `${B41}: rail freight (C8, UK government factors 2018)` },
  sea: { value: 0.016143, cite: `${B41}: container ship average (C8, UK government factors 2018)` },
}

const ISTRUCTE_C2: Cited = { value: 0.005, cite: `${B45}: C2 about 50 km by road` }
const ISTRUCTE_C3C4 = {
  general: { value: 0.013, cite: `${B45}: C3-C4 general materials` },
  timber: { value: 1.77, cite: `${B45}: C3-C4 timber, includes release of stored biogenic carbon` },
}
const C1: Cited = { value: 3.4, cite: 'docs/embodied.md B4.4: C1 3.4 kgCO2e per m2 GIA, allocated by mass share (C10) [V1]' }

const RICS_WASTE: Record<string, number> = {
  concrete_in_situ: 0.05, concrete_precast: 0.01, concrete_sprayed: 0.1, steel_reinforcement: 0.05, steel_frame: 0.01,
  blocks_lightweight: 0.1, blocks_dense: 0.05, brick: 0.06, stone_cladding: 0.05, stone_landscaping: 0.1, mortar: 0.04,
  screed: 0.08, floor_tiles: 0.06, timber_frame: 0.02, timber_floor: 0.1, timber_formwork: 0.1, aluminium: 0.01,
  plasterboard: 0.04, insulation: 0.07, aggregate: 0.1, glass: 0.01, paint: 0.06, fire_protection: 0.1, asphalt: 0.06,
  roof_cladding: 0.05,
}

export const RICS_2023: MethodologyProfile = {
  id: 'rics-2023',
  version: 'rics-2023/2026-1',
  title: 'RICS Whole life carbon assessment for the built environment, 2nd edition (2023) defaults',
  sources: [
    { id: 'en-15978-2011', cell_ref: 'EN 15978:2011, modules A1-D (docs/embodied.md B2)', title: 'EN 15978:2011 Sustainability of construction works - Calculation method' },
    { id: 'rics-wlca-2nd-ed', cell_ref: 'RICS WLCA professional standard, 2nd edition (Sept 2023), default scenarios A4, A5, C (docs/embodied.md B4)', title: 'RICS Whole life carbon assessment for the built environment, 2nd edition' },
    { id: 'istructe-2020', cell_ref: 'IStructE How to calculate embodied carbon (2020), C2 and C3-C4 defaults (docs/embodied.md B4.5)', title: 'IStructE How to calculate embodied carbon, 1st edition' },
  ],
  transport_modes: MODES,
  transport_scenarios: {
    uk_local_ready_mix: { value: 0.0026, description: 'UK locally manufactured, ready-mixed concrete (about 20 km)', cite: `${B41}: RICS 2nd ed. scenario (C11) [V1]` },
    uk_local_general: { value: 0.0066, description: 'UK locally manufactured, general (aggregate, earth, asphalt; about 50 km)', cite: `${B41}: RICS 2nd ed. scenario (C11) [V1]` },
    uk_regional: { value: 0.01056, description: 'UK regionally manufactured (plasterboard, blockwork, insulation, glass; about 80 km)', cite: `${B41}: RICS 2nd ed. scenario (C11) [V1]` },
    uk_national: { value: 0.01584, description: 'UK nationally manufactured (structural timber, steelwork, reinforcement, precast; about 120 km)', cite: `${B41}: RICS 2nd ed. scenario (C11) [V1]` },
    uk_european: { value: 0.1999, description: 'UK, European manufactured (CLT, facade modules)', cite: `${B41}: RICS 2nd ed. scenario (C11) [V1]` },
    uk_global: { value: 0.256, description: 'UK, globally manufactured (specialist stone cladding)', cite: `${B41}: RICS 2nd ed. scenario (C11) [V1]` },
  },
  scenario_by_class: {
    concrete_in_situ: 'uk_local_ready_mix', concrete_sprayed: 'uk_local_ready_mix', aggregate: 'uk_local_general', asphalt: 'uk_local_general',
    screed: 'uk_local_general', plasterboard: 'uk_regional', blocks_lightweight: 'uk_regional', blocks_dense: 'uk_regional', insulation: 'uk_regional',
    glass: 'uk_regional', brick: 'uk_regional', floor_tiles: 'uk_regional', steel_reinforcement: 'uk_national', steel_frame: 'uk_national',
    concrete_precast: 'uk_national', timber_frame: 'uk_national', timber_floor: 'uk_national', clt: 'uk_european', stone_cladding: 'uk_global',
  },
  default_scenario: 'uk_national',
  waste_rates: Object.fromEntries(
    Object.entries(RICS_WASTE).map(([k, v]) => [k, { value: v, cite: `${B42}: RICS 2nd ed. recommended waste rates, Table 18 as transcribed by C4 [V1]` }]),
  ),
  default_waste_rate: { value: 0.05, cite: `${B42}: RICS 2nd ed. Table 18, any other product` },
  c2: { ...ISTRUCTE_C2, cite: `${ISTRUCTE_C2.cite}; no RICS 2nd ed. value obtained, IStructE 2020 default used` },
  c3_c4: ISTRUCTE_C3C4,
  a5_demolition_per_m2: { value: 50, cite: `${B42}: A5.1 pre-construction demolition, 50 kgCO2e per m2 GIA demolished (RICS 2nd ed., C12) [V1]` },
  a5_site_per_m2: { value: 40, cite: `${B42}: A5.2 construction activities, 40 kgCO2e per m2 GIA (attributed to RICS 2nd ed. by C4) [V1]` },
  a5_site_per_cost_unit: null,
  c1_per_m2: C1,
}

export const ISTRUCTE_2020: MethodologyProfile = {
  id: 'istructe-2020',
  version: 'istructe-2020/2026-1',
  title: 'IStructE How to calculate embodied carbon (2020) defaults',
  sources: [
    { id: 'en-15978-2011', cell_ref: 'EN 15978:2011, modules A1-D (docs/embodied.md B2)', title: 'EN 15978:2011 Sustainability of construction works - Calculation method' },
    { id: 'istructe-2020', cell_ref: 'IStructE How to calculate embodied carbon (2020): line formula (docs/embodied.md B3), A4/C2/C3-C4 defaults (B4)', title: 'IStructE How to calculate embodied carbon, 1st edition' },
  ],
  transport_modes: MODES,
  transport_scenarios: {
    local: { value: 0.005, description: 'Locally manufactured (concrete, aggregate): 50 km road', cite: `${B41}: IStructE 2020 (C9)` },
    national: { value: 0.032, description: 'Nationally manufactured (steel, rebar, timber): 300 km road', cite: `${B41}: IStructE 2020 (C9)` },
    european: { value: 0.161, description: 'European manufactured: 1,500 km road', cite: `${B41}: derived [D] at 0.10749 kgCO2e/t.km` },
    global: { value: 0.183, description: 'Globally manufactured: 200 km road + 10,000 km sea', cite: `${B41}: derived [D] (0.0215 road + 0.1614 sea)` },
  },
  scenario_by_class: {
    concrete_in_situ: 'local', concrete_sprayed: 'local', aggregate: 'local', cement: 'national', screed: 'local', asphalt: 'local',
  },
  default_scenario: 'national',
  waste_rates: {
    concrete_in_situ: { value: 0.05, cite: `${B42}: concrete 5% (C9, C8)` },
    steel_reinforcement: { value: 0.05, cite: `${B42}: rebar 5% (C9)` },
    cement: { value: 0.05, cite: `${B42}: cement 5% (C9)` },
    steel_frame: { value: 0.01, cite: `${B42}: steel sections 1% (C9, C8)` },
  },
  default_waste_rate: { value: 0.05, cite: `${B42}: IStructE 2020 worked examples use 5% (C9)` },
  c2: ISTRUCTE_C2,
  c3_c4: ISTRUCTE_C3C4,
  a5_demolition_per_m2: null,
  a5_site_per_m2: null,
  a5_site_per_cost_unit: { value: 0.007, cite: `${B42}: A5 site activities 0.007 kgCO2e per unit of project cost, allocated by mass share (C10) [V1]` },
  c1_per_m2: C1,
}

export const METHODOLOGY_PROFILES: Readonly<Record<ProfileId, MethodologyProfile>> = {
  'rics-2023': RICS_2023,
  'istructe-2020': ISTRUCTE_2020,
}

/** Material class for the default tables, from a line's `material_class` or its key's words. */
export function materialClassOf(key: string, explicit: string | undefined): string {
  if (explicit) return explicit
  const k = key.toLowerCase()
  const has = (...words: string[]) => words.some((w) => k.includes(w))
  if (has('rebar', 'reinforc', 'bewehrung', 'betonstahl', 'mesh')) return 'steel_reinforcement'
  if (has('clt', 'cross_laminated', 'brettsperrholz')) return 'clt'
  if (has('timber', 'wood', 'holz', 'glulam', 'plywood', 'osb', 'lvl')) return 'timber_frame'
  if (has('steel', 'stahl')) return 'steel_frame'
  if (has('precast', 'fertigteil')) return 'concrete_precast'
  if (has('cement', 'zement')) return 'cement'
  if (has('concrete', 'beton')) return 'concrete_in_situ'
  if (has('brick', 'ziegel')) return 'brick'
  if (has('block', 'porenbeton', 'aac')) return 'blocks_dense'
  if (has('glass', 'glas')) return 'glass'
  if (has('alumin')) return 'aluminium'
  if (has('plasterboard', 'gypsum', 'gips')) return 'plasterboard'
  if (has('insulation', 'daemm', 'dämm', 'wool', 'eps', 'xps', 'pir', 'pur')) return 'insulation'
  if (has('aggregate', 'sand', 'gravel', 'kies', 'granite', 'stone')) return 'aggregate'
  if (has('mortar', 'render', 'moertel', 'putz')) return 'mortar'
  if (has('screed', 'estrich')) return 'screed'
  if (has('asphalt', 'bitumen')) return 'asphalt'
  return 'other'
}

export function isTimberClass(materialClass: string): boolean {
  return materialClass === 'clt' || materialClass.startsWith('timber')
}
