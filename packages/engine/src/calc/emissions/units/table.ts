/**
 * The activity units an emissions line converts between: each with its dimension and its exact
 * size in the dimension's base unit, cited. Only exact definitions are used (no measured values),
 * so every multiplier is an exact decimal or an exact quotient of two.
 *
 * Not here on purpose: densities and calorific values (energy <-> volume/mass of a fuel comes only
 * from the factor's own published sibling rows, ../siblings.ts), exchange rates (a currency
 * converts only to itself), and years in hours (a year is 365, 366 or 365.25 days).
 */

export type Dimension =
  | 'mass' | 'volume' | 'gas_volume' | 'energy' | 'distance' | 'passenger_distance' | 'freight' | 'area'
  | 'time' | 'year' | 'room_night' | 'person_night' | 'count' | 'person' | 'data' | 'data_time' | 'cpu_time'
  | 'fte_time' | 'currency'

export type CiteId = 'si' | 'yard_pound_1959' | 'nist_sp811' | 'uk_wma_1985' | 'iso80000_3' | 'iso80000_5' | 'iec80000_13' | 'definition'

/** Where each definition comes from (served in `audit.conversions_used`). */
export const CITATIONS: Record<CiteId, string> = {
  si: 'BIPM, The International System of Units (SI Brochure, 9th ed., 2019), Tables 5 and 8 (prefixes; litre = 1 dm3, tonne = 1000 kg, hectare = 10^4 m2, watt hour = 3600 J)',
  yard_pound_1959: 'International Yard and Pound Agreement (1959): yard = 0.9144 m, pound = 0.45359237 kg; mile = 1760 yards = 1609.344 m',
  nist_sp811: 'NIST Special Publication 811 (2008), Appendix B.8-B.9: gallon (US) = 231 in3 = 3.785411784 L; barrel (oil) = 42 gallons (US); short ton = 2000 lb; long ton = 2240 lb; foot = 0.3048 m; nautical mile = 1852 m; British thermal unit (IT) = 1055.05585262 J; therm (EC) = 1.05506 E+08 J; therm (US) = 1.054804 E+08 J',
  uk_wma_1985: 'Weights and Measures Act 1985 (UK), Schedule 1 Part VI: gallon = 4.54609 cubic decimetres',
  iso80000_3: 'ISO 80000-3:2019 Quantities and units - Space and time: hour = 3600 s, day = 86400 s',
  iso80000_5: 'ISO 80000-5:2019 Quantities and units - Thermodynamics: calorie (International Table) = 4.1868 J',
  iec80000_13: 'IEC 80000-13:2008 Quantities and units - Information science: kilo, mega, giga, tera are decimal prefixes for the byte',
  definition: 'Same unit: multiplier 1 by definition',
}

export interface UnitDef {
  /** Canonical id, e.g. `l`, `kwh`, `tonne.km`. */
  id: string
  /** How the unit is written back to people. */
  label: string
  dimension: Dimension
  /** Exact size in the dimension's base unit, as a decimal string or a product `a*b`. */
  size: string
  cite: CiteId[]
}

const u = (id: string, label: string, dimension: Dimension, size: string, ...cite: CiteId[]): UnitDef => ({ id, label, dimension, size, cite })

const LB = '0.45359237'
const SHORT_TON = '907.18474' // 2000 x 0.45359237
const LONG_TON = '1016.0469088' // 2240 x 0.45359237
const MILE = '1.609344' // km
const BTU = '1055.05585262' // J

/** Every unit, grouped by dimension. Base units: kg, litre, scf, J, m, passenger.km, tonne.km, m2, hour, GB, GB-hour. */
export const UNITS: readonly UnitDef[] = [
  // mass (kg)
  u('g', 'g', 'mass', '0.001', 'si'),
  u('kg', 'kg', 'mass', '1', 'si'),
  u('t', 'tonne', 'mass', '1000', 'si'),
  u('lb', 'lb', 'mass', LB, 'yard_pound_1959', 'nist_sp811'),
  u('short_ton', 'short ton', 'mass', SHORT_TON, 'yard_pound_1959', 'nist_sp811'),
  u('long_ton', 'long ton', 'mass', LONG_TON, 'yard_pound_1959', 'nist_sp811'),
  // volume (litre)
  u('ml', 'ml', 'volume', '0.001', 'si'),
  u('l', 'litre', 'volume', '1', 'si'),
  u('m3', 'm3', 'volume', '1000', 'si'),
  u('kl', 'kL', 'volume', '1000', 'si'),
  u('gal_us', 'gallon (US)', 'volume', '3.785411784', 'nist_sp811'),
  u('gal_uk', 'gallon (UK)', 'volume', '4.54609', 'uk_wma_1985'),
  u('bbl', 'barrel', 'volume', '42*3.785411784', 'nist_sp811'),
  u('ft3', 'cubic foot', 'volume', '28.316846592', 'yard_pound_1959', 'nist_sp811'),
  // gas volume at standard conditions (scf): kept apart from geometric volume, the reference conditions differ
  u('scf', 'scf', 'gas_volume', '1', 'definition'),
  u('ccf', 'ccf', 'gas_volume', '100', 'definition'),
  u('mcf', 'Mcf', 'gas_volume', '1000', 'definition'),
  // energy (J)
  u('wh', 'Wh', 'energy', '3600', 'si'),
  u('kwh', 'kWh', 'energy', '3600000', 'si'),
  u('mwh', 'MWh', 'energy', '3600000000', 'si'),
  u('gwh', 'GWh', 'energy', '3600000000000', 'si'),
  u('kj', 'kJ', 'energy', '1000', 'si'),
  u('mj', 'MJ', 'energy', '1000000', 'si'),
  u('gj', 'GJ', 'energy', '1000000000', 'si'),
  u('tj', 'TJ', 'energy', '1000000000000', 'si'),
  u('btu', 'Btu', 'energy', BTU, 'nist_sp811'),
  u('mmbtu', 'MMBtu', 'energy', `${BTU}*1000000`, 'nist_sp811'),
  u('kcal', 'kcal', 'energy', '4186.8', 'iso80000_5', 'nist_sp811'),
  u('therm_us', 'therm (US)', 'energy', '105480400', 'nist_sp811'),
  u('therm_ec', 'therm (EC)', 'energy', '105506000', 'nist_sp811'),
  // distance (km)
  u('m', 'm', 'distance', '0.001', 'si'),
  u('km', 'km', 'distance', '1', 'si'),
  u('mi', 'mile', 'distance', MILE, 'yard_pound_1959', 'nist_sp811'),
  u('nmi', 'nautical mile', 'distance', '1.852', 'nist_sp811'),
  // passenger distance (passenger.km)
  u('passenger.km', 'passenger.km', 'passenger_distance', '1', 'si'),
  u('passenger.mile', 'passenger.mile', 'passenger_distance', MILE, 'yard_pound_1959'),
  // freight (tonne.km)
  u('tonne.km', 'tonne.km', 'freight', '1', 'si'),
  u('tonne.mile', 'tonne.mile', 'freight', MILE, 'yard_pound_1959'),
  u('short_ton.mile', 'short ton.mile', 'freight', `0.90718474*${MILE}`, 'yard_pound_1959', 'nist_sp811'),
  u('long_ton.mile', 'long ton.mile', 'freight', `1.0160469088*${MILE}`, 'yard_pound_1959', 'nist_sp811'),
  // area (m2)
  u('m2', 'm2', 'area', '1', 'si'),
  u('ha', 'hectare', 'area', '10000', 'si'),
  u('km2', 'km2', 'area', '1000000', 'si'),
  u('ft2', 'square foot', 'area', '0.09290304', 'yard_pound_1959', 'nist_sp811'),
  // time (hour)
  u('h', 'hour', 'time', '1', 'iso80000_3'),
  u('day', 'day', 'time', '24', 'iso80000_3'),
  u('year', 'year', 'year', '1', 'definition'),
  u('room_night', 'room per night', 'room_night', '1', 'definition'),
  u('person_night', 'person-night', 'person_night', '1', 'definition'),
  u('piece', 'piece', 'count', '1', 'definition'),
  u('person', 'person', 'person', '1', 'definition'),
  // data (GB, decimal prefixes)
  u('mb', 'MB', 'data', '0.001', 'iec80000_13'),
  u('gb', 'GB', 'data', '1', 'iec80000_13'),
  u('tb', 'TB', 'data', '1000', 'iec80000_13'),
  u('gb_hour', 'GB-hour', 'data_time', '1', 'iec80000_13', 'iso80000_3'),
  u('tb_hour', 'TB-hour', 'data_time', '1000', 'iec80000_13', 'iso80000_3'),
  u('cpu_hour', 'CPU-hour', 'cpu_time', '1', 'iso80000_3'),
  u('fte_hour', 'FTE working hour', 'fte_time', '1', 'definition'),
]

export const UNIT_BY_ID: ReadonlyMap<string, UnitDef> = new Map(UNITS.map((d) => [d.id, d]))

/** ISO 4217 codes read as currency units (a currency converts only to itself). */
export const CURRENCY_CODES = new Set([
  'USD', 'EUR', 'GBP', 'AUD', 'CAD', 'NZD', 'JPY', 'CHF', 'CNY', 'INR', 'SEK', 'NOK', 'DKK', 'SGD', 'HKD', 'ZAR',
  'BRL', 'MXN', 'KRW', 'PLN', 'CZK', 'HUF', 'ILS', 'AED', 'SAR', 'TRY', 'THB', 'MYR', 'IDR', 'PHP', 'CLP', 'COP',
])

/** The unit of a currency code (id `cur:USD`). */
export function currencyUnit(code: string): UnitDef {
  return { id: `cur:${code}`, label: code, dimension: 'currency', size: '1', cite: ['definition'] }
}
