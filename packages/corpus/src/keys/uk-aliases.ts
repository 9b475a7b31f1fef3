/**
 * What the UK conversion-factor labels mean, for keys that stay the same across the eleven
 * editions (2016–2026). `LEVEL1` maps each Level 1 / sheet name (after `normalizeLevel1`) to its
 * key domain and the accounting basis written at the front of the key's method. `LABEL_ALIASES`
 * lists the real renames between editions: a label on the left is read as the label on the
 * right, only in the editions named.
 */

export type UkDomain =
  | 'fuels' | 'bioenergy' | 'refrigerants' | 'transport' | 'freight' | 'electricity' | 'heat_steam'
  | 'water' | 'materials' | 'waste' | 'accommodation' | 'homeworking'

export interface Level1Rule {
  /** Key domain; `vehicles` = `freight` for vans/HGVs (Level 2), otherwise `transport`. */
  domain: UkDomain | 'vehicles' | 'by_content'
  /** Accounting basis at the front of the method (`wtt` -> `wtt_litres`); '' for the sheet's own factor. */
  basis: string
  /** SECR energy-conversion sheets hold kWh per activity, not GHG factors. */
  energyConversion?: true
  /** Level 1 / sheet label shown in names (the current full-set sheet name). */
  title: string
}

/** Lower case, `(x)` -> `- x`, `&` spelled as is, single spaces: `WTT- business travel (air)` -> `wtt- business travel- air`. */
export function normalizeLevel1(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s*\(([^)]*)\)\s*$/, '- $1')
    .replace(/\s*-\s*/g, '- ')
    .replace(/\s+/g, ' ')
    .trim()
}

const rule = (title: string, domain: Level1Rule['domain'], basis = '', energyConversion = false): Level1Rule =>
  energyConversion ? { title, domain, basis, energyConversion: true } : { title, domain, basis }

/** Keyed by `normalizeLevel1(label)`. */
export const LEVEL1: Readonly<Record<string, Level1Rule>> = {
  'fuels': rule('Fuels', 'fuels'),
  'bioenergy': rule('Bioenergy', 'bioenergy'),
  'refrigerant & other': rule('Refrigerant & other', 'refrigerants'),
  'passenger vehicles': rule('Passenger vehicles', 'transport'),
  'delivery vehicles': rule('Delivery vehicles', 'freight'),
  'uk electricity': rule('UK electricity', 'electricity'),
  'overseas electricity': rule('Overseas electricity', 'electricity'),
  'uk electricity for evs': rule('UK electricity for EVs', 'vehicles', 'electricity'),
  'heat and steam': rule('Heat and steam', 'heat_steam'),
  'wtt- fuels': rule('WTT- fuels', 'fuels', 'wtt'),
  'wtt- bioenergy': rule('WTT- bioenergy', 'bioenergy', 'wtt'),
  // District heat distribution losses sit on this sheet too; `ukDomain` sends them to heat_steam.
  'transmission and distribution': rule('Transmission and distribution', 'electricity', 'td'),
  'uk electricity t&d for evs': rule('UK electricity T&D for EVs', 'vehicles', 'td'),
  // Renamed `WTT- UK electricity` in 2023 when the overseas rows left the flat file.
  'wtt- uk & overseas elec': rule('WTT- UK electricity', 'electricity', 'wtt'),
  'wtt- uk electricity': rule('WTT- UK electricity', 'electricity', 'wtt'),
  'wtt- heat and steam': rule('WTT- heat and steam', 'heat_steam', 'wtt'),
  'water supply': rule('Water supply', 'water'),
  'water treatment': rule('Water treatment', 'water'),
  'material use': rule('Material use', 'materials'),
  'waste disposal': rule('Waste disposal', 'waste'),
  'business travel- air': rule('Business travel- air', 'transport'),
  'wtt- business travel- air': rule('WTT- business travel- air', 'transport', 'wtt'),
  'business travel- sea': rule('Business travel- sea', 'transport'),
  'wtt- business travel- sea': rule('WTT- business travel- sea', 'transport', 'wtt'),
  'business travel- land': rule('Business travel- land', 'transport', 'business_travel'),
  'wtt- pass vehs & travel- land': rule('WTT- pass vehs & travel- land', 'transport', 'wtt'),
  'freighting goods': rule('Freighting goods', 'freight', 'freighting'),
  'wtt- delivery vehs & freight': rule('WTT- delivery vehs & freight', 'freight', 'wtt'),
  'hotel stay': rule('Hotel stay', 'accommodation'),
  // Managed assets are the same activities reported as downstream/upstream leased assets: the
  // subject's own domain, basis `managed_assets`.
  'managed assets- electricity': rule('Managed assets- electricity', 'electricity', 'managed_assets'),
  'managed assets- vehicles': rule('Managed assets- vehicles', 'vehicles', 'managed_assets'),
  'homeworking': rule('Homeworking', 'homeworking'),
  // Biogenic CO2 of biofuels, biomass and biogas (and of the biofuel part of blends): the
  // domain of the fuel (Level 2), basis `outside_scopes`.
  'outside of scopes': rule('Outside of scopes', 'by_content', 'outside_scopes'),
  'secr kwh pass & delivery vehs': rule('SECR kWh pass & delivery vehs', 'transport', 'secr', true),
  'passenger and delivery vehicles- kwh factors': rule('SECR kWh pass & delivery vehs', 'transport', 'secr', true),
  'secr kwh uk electricity for evs': rule('SECR kWh UK electricity for EVs', 'transport', 'secr', true),
}

export interface LabelAlias {
  /** Label as printed (compared after whitespace/dash clean-up, case-insensitive). */
  from: string
  /** Canonical label; '' drops the label. */
  to: string
  /** Edition years the alias applies to. */
  editions: readonly number[]
  /** Restrict to one Level 1 (normalised); all when absent. */
  level1?: string
  why: string
}

const FLAT = [2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023] as const
const ALL = [...FLAT, 2024, 2025, 2026] as const
const R2016_2020 = [2016, 2017, 2018, 2019, 2020] as const
const R2016_2021 = [...R2016_2020, 2021] as const

export const LABEL_ALIASES: readonly LabelAlias[] = [
  // Flat files 2016–2021 repeat the unit in Column Text for fuels; the UOM column says the same.
  { from: 'Energy - Gross CV', to: '', editions: FLAT, why: 'unit descriptor, repeated by UOM kWh (Gross CV)' },
  { from: 'Energy - Net CV', to: '', editions: FLAT, why: 'unit descriptor, repeated by UOM kWh (Net CV)' },
  { from: 'Volume', to: '', editions: FLAT, why: 'unit descriptor, repeated by UOM litres / cubic metres' },
  { from: 'Tonnes', to: '', editions: FLAT, why: 'unit descriptor, repeated by UOM tonnes' },
  // Refrigerants: until 2021 one value per gas, the product's full GWP; from 2022 three columns.
  // The total column continues the old value (equal for every gas checked, e.g. HFC-23 14800 and
  // CFC-12 10900 in both 2021 and 2022), so it keeps the plain key; the partial columns get a suffix.
  { from: 'Total emissions including non-Kyoto products', to: '', editions: ALL, why: 'continues the single pre-2022 value' },
  { from: 'Emissions including only Kyoto products', to: 'Kyoto products only', editions: ALL, why: 'shorter, same meaning' },
  { from: 'Emissions including only non-Kyoto products', to: 'non-Kyoto products only', editions: ALL, why: 'shorter, same meaning' },
  { from: 'R1270 = propylene', to: 'R1270 = propene', editions: [2025], why: 'synonym used in 2025 only' },
  { from: 'R601 = n-pentane', to: 'R601 = pentane', editions: [2025], why: 'synonym used in 2025 only' },
  // HGV tables renamed in 2026 (non-refrigerated spelt out, `All …` became `Average …`).
  { from: 'HGV (non-refrigerated, all diesel)', to: 'HGV (all diesel)', editions: [2026], why: 'renamed in 2026' },
  { from: 'HGV (refrigerated, all diesel)', to: 'HGV refrigerated (all diesel)', editions: [2026], why: 'renamed in 2026' },
  { from: 'HGVs (refrigerated, all diesel)', to: 'HGVs refrigerated (all diesel)', editions: [2026], why: 'renamed in 2026' },
  { from: 'Average non-refrigerated HGVs', to: 'All HGVs', editions: [2026], why: 'renamed in 2026' },
  { from: 'Average non-refrigerated artics', to: 'All artics', editions: [2026], why: 'renamed in 2026' },
  { from: 'Average non-refrigerated rigids', to: 'All rigids', editions: [2026], why: 'renamed in 2026' },
  { from: 'Average refrigerated HGVs', to: 'All HGVs', editions: [2026], why: 'renamed in 2026' },
  { from: 'Average refrigerated artics', to: 'All artics', editions: [2026], why: 'renamed in 2026' },
  { from: 'Average refrigerated rigids', to: 'All rigids', editions: [2026], why: 'renamed in 2026' },
  // Waste: 2025 spelt the combustion route out; 2016–2024 and 2026 say Combustion.
  { from: 'Incineration with energy recovery', to: 'Combustion', editions: [2025], why: 'renamed in 2025 only' },
  // Material use / waste: hyphenation settled in 2018.
  { from: 'Reused', to: 'Re-used', editions: [2016, 2017], why: 'spelling' },
  { from: 'Reuse', to: 'Re-use', editions: [2016, 2017], why: 'spelling' },
  // Biodiesel is methyl ester (ME) biodiesel; the label says so from 2021.
  { from: 'Biodiesel', to: 'Biodiesel ME', editions: R2016_2020, why: 'renamed in 2021' },
  { from: 'Biodiesel (from used cooking oil)', to: 'Biodiesel ME (from used cooking oil)', editions: R2016_2020, why: 'renamed in 2021' },
  { from: 'Biodiesel (from tallow)', to: 'Biodiesel ME (from tallow)', editions: R2016_2020, why: 'renamed in 2021' },
  // Biomethane was split in 2022 into compressed and liquefied; the compressed values continue
  // the old ones (2021 and 2022: 0.10625 kg CO2e/GJ, 0.00521 kg CO2e/kg).
  { from: 'Biomethane', to: 'Biomethane (compressed)', editions: R2016_2021, why: 'split in 2022, compressed continues' },
  // Managed assets: UK grid electricity row.
  { from: 'UK electricity generated (managed assets)', to: 'Electricity generated', editions: R2016_2021, why: 'renamed in 2022' },
]
