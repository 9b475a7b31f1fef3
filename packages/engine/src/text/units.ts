/**
 * Activity units: how factor units are spelled (`kg CO2e per litre`) and how people write them
 * ("500 l", "litres", "tonne-km", "$", "per night"). Reference vocabulary, not factor data.
 */
import { foldText } from './normalise.ts'
import { ownEntry } from '../own.ts'

export type UnitDimension =
  | 'volume' | 'mass' | 'energy' | 'distance' | 'passenger_distance' | 'freight' | 'night' | 'time'
  | 'area' | 'length' | 'count' | 'currency'

export interface UnitInfo {
  /** Canonical lower-case id, e.g. `litre`, `kwh`, `tonne.km`, `usd`. */
  id: string
  dimension: UnitDimension
}

const UNITS: Record<string, UnitDimension> = {
  litre: 'volume', m3: 'volume', gallon: 'volume', scf: 'volume',
  kg: 'mass', tonne: 'mass', lb: 'mass', 'short ton': 'mass',
  kwh: 'energy', mwh: 'energy', gj: 'energy', mj: 'energy', mmbtu: 'energy', therm: 'energy',
  km: 'distance', mile: 'distance', 'vehicle.km': 'distance', 'vehicle.mile': 'distance',
  'passenger.km': 'passenger_distance', 'passenger.mile': 'passenger_distance',
  'tonne.km': 'freight', 'short ton.mile': 'freight',
  'room per night': 'night', 'fte working hour': 'time', hour: 'time',
  m2: 'area', m: 'length', piece: 'count', unit: 'count',
  usd: 'currency', gbp: 'currency', eur: 'currency', aud: 'currency',
}

/** Spellings found in factor units (after `per `, parentheses removed, folded). */
const FACTOR_ALIASES: Record<string, string> = {
  litres: 'litre', liter: 'litre', liters: 'litre', l: 'litre', 'cubic metre': 'm3', 'cubic metres': 'm3', 'm³': 'm3',
  tonnes: 'tonne', t: 'tonne', 'metric ton': 'tonne', 'metric tonne': 'tonne', kwh: 'kwh', 'gallon us': 'gallon', gallons: 'gallon',
  'passenger km': 'passenger.km', 'tonne km': 'tonne.km', 'vehicle km': 'vehicle.km', 'room night': 'room per night',
  'room per night': 'room per night', 'per room per night': 'room per night', night: 'room per night', miles: 'mile',
  'fte working hour': 'fte working hour', 'fte hour': 'fte working hour', 'short ton mile': 'short ton.mile', 'ton mile': 'short ton.mile',
  'mmbtu': 'mmbtu', 'million btu': 'mmbtu', therms: 'therm', pieces: 'piece', units: 'unit', 'short ton': 'short ton',
  lbs: 'lb', 'short tons': 'short ton',
  // Australian ledgers count water and fuel in kilolitres: a kilolitre is a cubic metre.
  kl: 'm3', kilolitre: 'm3', kilolitres: 'm3', kiloliter: 'm3', kiloliters: 'm3',
  // An hour of use or of work; a full-time-equivalent working hour is the homeworking tables' unit.
  hours: 'hour', hr: 'hour', hrs: 'hour', 'working hour': 'fte working hour', 'working hours': 'fte working hour', 'fte working hours': 'fte working hour', 'fte hours': 'fte working hour',
}

const cache = new Map<string, UnitInfo | null>()

/** The activity unit of a factor unit string (`kg CO2e per kWh (Gross CV)` -> kwh), or null. */
export function activityUnitOf(factorUnit: string): UnitInfo | null {
  const hit = cache.get(factorUnit)
  if (hit !== undefined) return hit
  const info = parseActivityUnit(factorUnit)
  cache.set(factorUnit, info)
  return info
}

function parseActivityUnit(factorUnit: string): UnitInfo | null {
  const folded = foldText(factorUnit)
  const at = folded.indexOf(' per ')
  const raw = at >= 0 ? folded.slice(at + 5) : folded
  for (const currency of ['usd', 'gbp', 'eur', 'aud']) if (raw.startsWith(currency)) return { id: currency, dimension: 'currency' }
  const bare = raw.replace(/\([^)]*\)/g, ' ').replace(/[.\-_]/g, ' ').replace(/\s+/g, ' ').trim()
  const dotted = raw.replace(/\([^)]*\)/g, ' ').replace(/\s+/g, ' ').trim()
  for (const probe of [dotted, bare, bare.split(' ')[0] ?? '']) {
    const id = ownEntry(UNITS, probe) !== undefined ? probe : ownEntry(FACTOR_ALIASES, probe)
    if (id !== undefined) {
      const dimension = ownEntry(UNITS, id)
      if (dimension !== undefined) return { id, dimension }
    }
  }
  return null
}

export function unitInfo(id: string): UnitInfo | null {
  const dimension = ownEntry(UNITS, id)
  return dimension === undefined ? null : { id, dimension }
}

/** Patterns for units written in a description, most specific first. */
const UNIT_PATTERNS: Array<[RegExp, string]> = [
  [/\b(?:tonnes?|tons?|t)[\s.-]*(?:km|kms|kilomet(?:re|er)s?)\b|\btkm\b|\btonnenkilometern?\b/g, 'tonne.km'],
  [/\b(?:short )?tons?[\s.-]*miles?\b/g, 'short ton.mile'],
  [/\bpassenger[\s.-]*(?:km|kms|kilomet(?:re|er)s?)\b|\bpkm\b|\bpersonenkilometern?\b/g, 'passenger.km'],
  [/\bpassenger[\s.-]*miles?\b/g, 'passenger.mile'],
  [/\bvehicle[\s.-]*(?:km|kms|kilomet(?:re|er)s?)\b|\bvkm\b/g, 'vehicle.km'],
  [/\bvehicle[\s.-]*miles?\b/g, 'vehicle.mile'],
  // "4 nts": nights as expense lines abbreviate them, after a number.
  [/\b(?:room[\s-]*)?nights?\b|\bper night\b|\bnachte?\b|\bubernachtungen?\b|(?<=\d)\s*nts\b/g, 'room per night'],
  [/\bkwh\b|\bkilowatt[\s-]*hours?\b|\d\s*kwh\b/g, 'kwh'],
  [/\bmwh\b|\bmegawatt[\s-]*hours?\b|\bgwh\b/g, 'mwh'],
  [/\bgj\b|\bgigajoules?\b/g, 'gj'],
  [/\bmj\b|\bmegajoules?\b/g, 'mj'],
  [/\bmmbtu\b|\bmillion btu\b/g, 'mmbtu'],
  [/\btherms?\b/g, 'therm'],
  [/\blit(?:re|er)s?\b|\bltrs?\b|(?<=\d)\s*l\b|\bper l\b|\bliter\b/g, 'litre'],
  [/\bgallons?\b|\bgals?\b/g, 'gallon'],
  [/\bm3\b|m³|\bcubic met(?:re|er)s?\b|\bcbm\b|\bkl\b|\bkilolit(?:re|er)s?\b/g, 'm3'],
  [/\bscf\b|\bcubic f(?:ee|oo)t\b/g, 'scf'],
  [/\bm2\b|m²|\bsqm\b|\bsquare met(?:re|er)s?\b/g, 'm2'],
  [/\bkgs?\b|\bkilo(?:gram)?s?\b|(?<=\d)\s*kg\b/g, 'kg'],
  // "1,850 MT": metric tonnes after a number, as shipping writes them ("MT" alone is Montana).
  [/\btonnes?\b|\bmetric tons?\b|\btons?\b|(?<=\d)\s*t\b|(?<=\d)\s*mt\b/g, 'tonne'],
  [/\bkms?\b|\bkilomet(?:re|er)s?\b|(?<=\d)\s*km\b/g, 'km'],
  // "1,860 mi": after a number only ("MI" alone is Michigan).
  [/\bmiles?\b|(?<=\d)\s*mi\b/g, 'mile'],
  [/\$|\busd\b|\bdollars?\b|\bspend\b|\bspent\b/g, 'usd'],
  [/£|\bgbp\b|\bpounds? sterling\b/g, 'gbp'],
  [/€|\beur\b|\beuros?\b/g, 'eur'],
]

/** Each pattern with, built once, the same pattern written after a number ("412 kwh"). */
const TEXT_PATTERNS: Array<[RegExp, string, RegExp]> = UNIT_PATTERNS.map(([p, id]) => [p, id, new RegExp(`\\d\\s*(?:${p.source})`)])

export interface UnitMention {
  unit: UnitInfo
  /** The description with the unit words blanked out. */
  rest: string
}

/**
 * The unit written in a folded description, and the text without it: the most specific unit written
 * after a number ("38,412 kWh"), else the most specific written at all. A unit word with no number may
 * be part of a name ("Day/Night" tariff, "night shift"); money after a number does not count, as a
 * ledger line carries its amount beside the quantity ("Hotel per night 95 EUR").
 */
export function findUnitInText(folded: string): UnitMention | null {
  let first: UnitMention | null = null
  for (const [pattern, id, afterNumber] of TEXT_PATTERNS) {
    const unit = unitInfo(id)
    pattern.lastIndex = 0
    if (unit === null || !pattern.test(folded)) continue
    const mention = { unit, rest: folded.replace(pattern, ' ') }
    if (unit.dimension !== 'currency' && afterNumber.test(folded)) return mention
    first ??= mention
  }
  return first
}

/** A vehicle distance is the distance itself (the emissions tables treat `vehicle.km` factors as per km). */
function sameDistance(id: string): string {
  return id === 'vehicle.km' ? 'km' : id === 'vehicle.mile' ? 'mile' : id
}

/** Kinds of distance: vehicle km and passenger km agree in part. */
const DISTANCE_LIKE: ReadonlySet<UnitDimension> = new Set<UnitDimension>(['distance', 'passenger_distance'])

/** How well a factor's activity unit honours the unit a user named: 1 same, 0.5 same kind, 0 other. */
export function unitAgreement(named: UnitInfo, factor: UnitInfo | null): number {
  if (factor === null) return 0
  if (factor.id === named.id) return 1
  // A vehicle-mile is a mile driven: "500 miles" in a truck is the truck's vehicle-miles.
  if (sameDistance(factor.id) === sameDistance(named.id) && factor.dimension === 'distance' && named.dimension === 'distance') return 1
  // Same kind (kg/tonne, litre/m3, kWh/GJ, km/mile): an exact conversion away.
  if (factor.dimension === named.dimension) return 0.85
  if (DISTANCE_LIKE.has(factor.dimension) && DISTANCE_LIKE.has(named.dimension)) return 0.5
  return 0
}
