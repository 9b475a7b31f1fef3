/**
 * What each Hub table is (found by its title text, not its number or row), and how its rows
 * turn into keys. Tables 11–12 (GWPs) are read by read-gwp.ts.
 */
import type { FactorRow } from '@openfactors/engine/release'
import { slugify, slugJoin } from '../../keys/slug.ts'

export type HubTableKind =
  | 'stationary' | 'mobile_co2' | 'onroad_gasoline' | 'onroad_diesel_alt' | 'nonroad'
  | 'electricity' | 'steam_heat' | 'upstream_transport' | 'waste' | 'business_travel' | 'gwp'

export interface RowLabels {
  /** Label in column C, carried down where continuation rows leave it blank. */
  primary: string
  /** Other label columns (fuel type, model year), carried down within one primary label. */
  extra: string[]
  /** Group row above (Table 1: `Coal and Coke`, `Biomass Fuels - Liquid`). */
  group: string
}

export interface TableSpec {
  kind: HubTableKind
  /** Header row: the first row whose column C matches (or any column, for tables without a label header). */
  header: RegExp
  headerAnyColumn?: boolean
  scope: FactorRow['scope']
  section: string
  /**
   * What the table is, said in every factor's name where the row labels do not say it (issue 17):
   * `Biodiesel (100%)` is in the stationary and the mobile tables, `Passenger Car` in the
   * transportation and the business travel tables.
   */
  nameContext?: string
  /** Activity unit the table implies when the header says only `mile`. */
  forceActivity?: string
  domain(labels: RowLabels, activity: string): string
  subject(labels: RowLabels): string
  /** Method without the gas suffix, from the activity basis (`mmbtu`, `gallon`, `vehicle_mile`). */
  method(basis: string, columnGroup: string): string
}

const fuelDomain = (l: RowLabels): string => (/biomass/i.test(l.group) ? 'bioenergy' : 'fuels')

/** Labels that changed wording between editions but mean the same fuel. */
function stationaryFuel(label: string): string {
  return label.replace(/^(Anthracite|Bituminous|Sub-bituminous|Lignite) Coal$/i, '$1')
}

export const TABLE_SPECS: { title: RegExp; spec: TableSpec }[] = [
  {
    title: /stationary combustion/i,
    spec: {
      kind: 'stationary', header: /^fuel type$/i, scope: 'scope_1', section: 'Stationary combustion', nameContext: 'stationary combustion',
      domain: fuelDomain,
      subject: (l) => slugJoin([/kraft/i.test(l.group) ? 'kraft pulping liquor' : '', stationaryFuel(l.primary)]),
      method: (basis) => `stationary_${basis}`,
    },
  },
  {
    title: /mobile combustion co2/i,
    spec: {
      kind: 'mobile_co2', header: /^fuel type$/i, scope: 'scope_1', section: 'Mobile combustion CO2', nameContext: 'mobile combustion',
      domain: () => 'fuels', subject: (l) => slugify(l.primary), method: (basis) => `mobile_${basis}`,
    },
  },
  {
    title: /on-road gasoline/i,
    spec: {
      kind: 'onroad_gasoline', header: /^vehicle type$/i, scope: 'scope_1', section: 'Mobile combustion CH4 and N2O > On-road gasoline vehicles',
      forceActivity: 'vehicle.mile', domain: () => 'transport',
      subject: (l) => slugJoin([l.primary, 'model year', ...l.extra]),
      method: (basis) => basis,
    },
  },
  {
    title: /on-road diesel/i,
    spec: {
      kind: 'onroad_diesel_alt', header: /^vehicle type$/i, scope: 'scope_1', section: 'Mobile combustion CH4 and N2O > On-road diesel and alternative fuel vehicles',
      forceActivity: 'vehicle.mile', domain: () => 'transport',
      subject: (l) => slugJoin([l.primary, l.extra[0], l.extra[1] ? `model year ${l.extra[1]}` : '']),
      method: (basis) => basis,
    },
  },
  {
    title: /non-road/i,
    spec: {
      kind: 'nonroad', header: /^vehicle type$/i, scope: 'scope_1', section: 'Mobile combustion CH4 and N2O > Non-road vehicles',
      domain: () => 'fuels', subject: (l) => slugJoin([l.primary, ...l.extra]), method: (basis) => `mobile_${basis}`,
    },
  },
  {
    title: /^electricity$/i,
    spec: {
      kind: 'electricity', header: /^egrid subregion acronym$/i, scope: 'scope_2', section: 'Electricity (eGRID subregions)',
      domain: () => 'electricity', subject: () => '', // built from the acronym by the electricity reader
      method: (_basis, group) => (/non-?baseload/i.test(group) ? 'hub_non_baseload' : 'hub_total_output'),
    },
  },
  {
    title: /steam and heat/i,
    spec: {
      kind: 'steam_heat', header: /co2 factor/i, headerAnyColumn: true, scope: 'scope_2', section: 'Steam and heat',
      domain: () => 'heat_steam', subject: (l) => slugify(l.primary), method: (basis) => basis,
    },
  },
  {
    title: /category 4/i,
    spec: {
      kind: 'upstream_transport', header: /^vehicle type$/i, scope: 'scope_3', section: 'Scope 3 > Category 4 upstream and category 9 downstream transportation', nameContext: 'upstream and downstream transportation',
      domain: () => 'freight', subject: (l) => slugify(l.primary), method: (basis) => basis,
    },
  },
  {
    title: /category 5/i,
    spec: {
      kind: 'waste', header: /^material$/i, scope: 'scope_3', section: 'Scope 3 > Category 5 waste and category 12 end-of-life treatment',
      domain: () => 'waste', subject: (l) => slugify(l.primary), method: (basis) => basis,
    },
  },
  {
    title: /category 6/i,
    spec: {
      kind: 'business_travel', header: /^vehicle type$/i, scope: 'scope_3', section: 'Scope 3 > Category 6 business travel and category 7 employee commuting', nameContext: 'business travel and employee commuting',
      domain: () => 'transport', subject: (l) => slugify(l.primary), method: (basis) => basis,
    },
  },
  {
    title: /global warming/i,
    spec: {
      kind: 'gwp', header: /./, scope: null, section: 'Global warming potentials',
      domain: () => 'other', subject: () => '', method: () => '',
    },
  },
]

export function specForTitle(title: string): TableSpec | null {
  const t = title.replace(/\s+/g, ' ').trim()
  return TABLE_SPECS.find((s) => s.title.test(t))?.spec ?? null
}
