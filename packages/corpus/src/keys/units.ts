/**
 * Canonical activity units, so the same unit is spelled the same way by every adapter
 * (`kg CO2e per litre`, never `per litres` or `per l`). Anything not recognised is kept in the
 * publisher's own wording, trimmed.
 */

export const CANONICAL_UNITS = [
  'litre', 'm3', 'kg', 'tonne', 'kWh', 'MWh', 'GJ', 'MJ', 'mmBtu', 'therm', 'scf', 'gallon (US)',
  'km', 'mile', 'passenger.km', 'tonne.km', 'vehicle.km', 'vehicle.mile', 'passenger.mile',
  'short ton.mile', 'room per night', 'FTE working hour', 'm2', 'm', 'piece', 'unit',
] as const
export type CanonicalUnit = (typeof CANONICAL_UNITS)[number]

/** Lower-cased, space-collapsed spellings -> canonical unit. */
const ALIASES: Record<string, CanonicalUnit> = {
  litre: 'litre', litres: 'litre', liter: 'litre', liters: 'litre', l: 'litre', ltr: 'litre',
  m3: 'm3', 'm³': 'm3', 'cubic metre': 'm3', 'cubic metres': 'm3', 'cubic meter': 'm3', 'cubic meters': 'm3',
  kg: 'kg', kgs: 'kg', kilogram: 'kg', kilograms: 'kg',
  tonne: 'tonne', tonnes: 'tonne', t: 'tonne', 'metric ton': 'tonne', 'metric tons': 'tonne', 'metric tonne': 'tonne', 'metric tonnes': 'tonne',
  kwh: 'kWh', 'kw h': 'kWh', 'kilowatt hour': 'kWh', 'kilowatt hours': 'kWh',
  mwh: 'MWh', 'megawatt hour': 'MWh', 'megawatt hours': 'MWh',
  gj: 'GJ', gigajoule: 'GJ', gigajoules: 'GJ',
  mj: 'MJ', megajoule: 'MJ', megajoules: 'MJ',
  mmbtu: 'mmBtu', 'million btu': 'mmBtu',
  therm: 'therm', therms: 'therm',
  scf: 'scf', 'standard cubic foot': 'scf', 'standard cubic feet': 'scf',
  gallon: 'gallon (US)', gallons: 'gallon (US)', 'gallon (us)': 'gallon (US)', 'us gallon': 'gallon (US)', 'us gallons': 'gallon (US)', gal: 'gallon (US)',
  km: 'km', kilometre: 'km', kilometres: 'km', kilometer: 'km', kilometers: 'km',
  mile: 'mile', miles: 'mile',
  'passenger.km': 'passenger.km', 'passenger km': 'passenger.km', 'passenger-km': 'passenger.km', pkm: 'passenger.km', 'p.km': 'passenger.km',
  'tonne.km': 'tonne.km', 'tonne km': 'tonne.km', 'tonne-km': 'tonne.km', tkm: 'tonne.km', 't.km': 'tonne.km',
  'vehicle.km': 'vehicle.km', 'vehicle km': 'vehicle.km', 'vehicle-km': 'vehicle.km', vkm: 'vehicle.km',
  'vehicle.mile': 'vehicle.mile', 'vehicle mile': 'vehicle.mile', 'vehicle-mile': 'vehicle.mile', 'vehicle miles': 'vehicle.mile',
  'passenger.mile': 'passenger.mile', 'passenger mile': 'passenger.mile', 'passenger-mile': 'passenger.mile', 'passenger miles': 'passenger.mile',
  'short ton.mile': 'short ton.mile', 'short ton mile': 'short ton.mile', 'short ton-mile': 'short ton.mile', 'ton-mile': 'short ton.mile', 'ton mile': 'short ton.mile',
  'room per night': 'room per night', 'room night': 'room per night', 'room nights': 'room per night', 'per room per night': 'room per night',
  'fte working hour': 'FTE working hour', 'fte working hours': 'FTE working hour',
  m2: 'm2', 'm²': 'm2', 'square metre': 'm2', 'square metres': 'm2', 'square meter': 'm2', 'square meters': 'm2', sqm: 'm2',
  m: 'm', metre: 'm', metres: 'm', meter: 'm', meters: 'm',
  piece: 'piece', pieces: 'piece', pcs: 'piece', stk: 'piece', 'stück': 'piece', item: 'piece', items: 'piece',
  unit: 'unit', units: 'unit',
}

/** Canonical spelling of an activity unit, or the input trimmed when it is not one we know. */
export function normalizeUnit(text: string): string {
  const trimmed = text.replace(/\s+/g, ' ').trim()
  const probe = trimmed.toLowerCase().replace(/^per /, '')
  return ALIASES[probe] ?? trimmed
}

export function isCanonicalUnit(text: string): text is CanonicalUnit {
  return (CANONICAL_UNITS as readonly string[]).includes(text)
}

/** `USD (2022, purchaser price)` — the spend-factor activity unit. */
export function currencyUnit(currency: string, year: number | string, basis = 'purchaser price'): string {
  return `${currency.toUpperCase()} (${year}, ${basis})`
}

const PRICE_BASES: Readonly<Record<string, 'producer' | 'purchaser' | 'basic' | 'not_stated'>> = {
  'producer price': 'producer', 'purchaser price': 'purchaser', 'basic price': 'basic', 'price basis not stated': 'not_stated',
}

/** The price basis a currency unit states (`USD (2022, producer price)`), or null for any other unit. */
export function priceBasisOf(unit: string): { currency: string; year: number; basis: 'producer' | 'purchaser' | 'basic' | 'not_stated' } | null {
  const m = /(?:^| per )([A-Z]{3}) \((\d{4}), ([a-z ]+)\)$/.exec(unit)
  const basis = m?.[3] ? PRICE_BASES[m[3]] : undefined
  return m?.[1] && m[2] && basis ? { currency: m[1], year: Number(m[2]), basis } : null
}

/** `kg CO2e per litre`; `mass` is `kg` unless the source cannot be converted. */
export function factorUnit(activityUnit: string, mass: 'kg' | 'g' | 't' = 'kg', gas = 'CO2e'): string {
  return `${mass} ${gas} per ${normalizeUnit(activityUnit)}`
}
