/**
 * Reading units: a quantity's unit as people type it ("litres", "kWh", "tkm", "US gallons") and
 * a factor's unit as the corpus spells it ("kg CO2e per kWh (Net CV)", "kg CO2e per USD (2022,
 * purchaser price)", "kg CO2e per 1.25 m2", "kg CH4 per gallon (US)").
 */
import { AMBIGUOUS, BY_COUNTRY, SPELLINGS } from './spellings.ts'
import { CURRENCY_CODES, UNIT_BY_ID, currencyUnit, type UnitDef } from './table.ts'
import { ownEntry } from '../../../own.ts'

/** Calorific-value basis of an energy quantity (DESNZ publishes per kWh Net CV and Gross CV). */
export type EnergyBasis = 'net' | 'gross'

export interface ReadUnit {
  unit: UnitDef
  /** Net or gross calorific value, where written (energy only). */
  basis: EnergyBasis | null
}

export type UnitReading =
  | ({ ok: true } & ReadUnit)
  | { ok: false; reason: 'ambiguous'; choices: string[] }
  | { ok: false; reason: 'unknown' }

function fold(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/³/g, '3')
    .replace(/²/g, '2')
    .replace(/[-_/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function unitById(id: string): UnitDef | undefined {
  if (id.startsWith('cur:')) return currencyUnit(id.slice(4))
  return UNIT_BY_ID.get(id)
}

/** The label of each unit an ambiguous spelling may mean. */
function labels(ids: string[]): string[] {
  return ids.map((id) => unitById(id)?.label ?? id)
}

function lookup(folded: string): UnitReading | null {
  const id = ownEntry(SPELLINGS, folded)
  if (id !== undefined) {
    const unit = unitById(id)
    if (unit) return { ok: true, unit, basis: null }
  }
  const choices = ownEntry(AMBIGUOUS, folded)
  if (choices) return { ok: false, reason: 'ambiguous', choices: labels(choices) }
  const code = folded.toUpperCase()
  if (/^[A-Z]{3}$/.test(code) && CURRENCY_CODES.has(code)) return { ok: true, unit: currencyUnit(code), basis: null }
  return null
}

const BASIS = /^(.*?)\s*\(?\b(net cv|gross cv|ncv|gcv|net|gross|lhv|hhv)\)?$/

function readFolded(folded: string): UnitReading | null {
  const direct = lookup(folded)
  if (direct) return direct
  const basis = BASIS.exec(folded)
  if (basis && basis[1]) {
    const base = readFolded(basis[1])
    if (base?.ok && base.unit.dimension === 'energy') {
      const word = basis[2] ?? ''
      return { ...base, basis: word.startsWith('net') || word === 'ncv' || word === 'lhv' ? 'net' : 'gross' }
    }
  }
  const unbracketed = fold(folded.replace(/[()]/g, ' '))
  if (unbracketed !== folded) {
    const hit = lookup(unbracketed)
    if (hit) return hit
  }
  const undotted = fold(folded.replace(/\./g, ' '))
  if (undotted !== folded) return lookup(undotted)
  return null
}

/** A quantity's unit as typed. */
export function readUnit(text: string): UnitReading {
  return readFolded(fold(text)) ?? { ok: false, reason: 'unknown' }
}

/** A line's country as the ISO code that settles an ambiguous unit: "US", "us", "US-TX"; "UK" is GB. */
function countryCode(country: string | undefined): string | null {
  const m = /^([a-z]{2})(?:-[a-z0-9]{1,3})?$/i.exec(country?.trim() ?? '')
  const code = m?.[1]?.toUpperCase() ?? null
  return code === 'UK' ? 'GB' : code
}

/**
 * `readUnit`, with an ambiguous spelling read as the line's country reads it where that settles it
 * (`BY_COUNTRY`): "therms" on a US line is therm (US). `country` then says which country read it.
 */
export function readUnitFor(text: string, country: string | undefined): UnitReading & { country?: string } {
  const reading = readUnit(text)
  if (reading.ok || reading.reason !== 'ambiguous') return reading
  const code = countryCode(country)
  const id = code ? ownEntry(BY_COUNTRY[code] ?? {}, fold(text)) : undefined
  const unit = id === undefined ? undefined : unitById(id)
  return unit && code ? { ok: true, unit, basis: null, country: code } : reading
}

/** What a factor's unit string says: numerator mass and gas, the activity unit and its reference amount. */
export interface FactorUnit {
  /** kg per one numerator mass unit (`g` 0.001, `kg` 1, `t` 1000), exact. */
  massScale: string
  /** Numerator gas as written (`CO2e`, `CO2`, `CH4`, ...). */
  gas: string
  per: ReadUnit
  /** The factor is per this many activity units (`per 1.25 m2`, `per million litres`); `1` usually. */
  reference: string
  /** Words qualifying the activity unit that do not change its size (`2022, purchaser price`, `clay material`). */
  qualifier: string | null
}

const NUMERATOR = /^(g|kg|t|tonnes?)\s+(\S+)\s+per\s+(.+)$/i
const REFERENCE = /^(million|thousand|\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s+(.+)$/i
const MASS_SCALE: Record<string, string> = { g: '0.001', kg: '1', t: '1000', tonne: '1000', tonnes: '1000' }
const factorUnitCache = new Map<string, FactorUnit | null>()

function readPer(text: string): { read: ReadUnit; qualifier: string | null } | null {
  const whole = readUnit(text)
  if (whole.ok) return { read: { unit: whole.unit, basis: whole.basis }, qualifier: null }
  const bracket = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(text)
  if (bracket && bracket[1]) {
    const base = readUnit(bracket[1])
    if (base.ok) return { read: { unit: base.unit, basis: base.basis }, qualifier: bracket[2]?.trim() ?? null }
  }
  // `t clay material`: a unit word followed by what it is a unit of.
  const words = /^(\S+)\s+([a-z][a-z ]*)$/i.exec(text)
  if (words && words[1]) {
    const first = readUnit(words[1])
    if (first.ok && (first.unit.dimension === 'mass' || first.unit.dimension === 'volume')) {
      return { read: { unit: first.unit, basis: first.basis }, qualifier: words[2] ?? null }
    }
  }
  return null
}

/** The parts of a factor unit (`kg CO2e per kWh (Net CV)`), or null when it is not `<mass> <gas> per <unit>`. */
export function readFactorUnit(unit: string): FactorUnit | null {
  const hit = factorUnitCache.get(unit)
  if (hit !== undefined) return hit
  const parsed = parseFactorUnit(unit)
  if (factorUnitCache.size < 10_000) factorUnitCache.set(unit, parsed)
  return parsed
}

function parseFactorUnit(unit: string): FactorUnit | null {
  const m = NUMERATOR.exec(unit.trim())
  if (!m || !m[1] || !m[2] || !m[3]) return null
  const massScale = MASS_SCALE[m[1].toLowerCase()]
  if (!massScale) return null
  let perText = m[3].trim()
  let reference = '1'
  const ref = REFERENCE.exec(perText)
  if (ref && ref[1] && ref[2]) {
    const word = ref[1].toLowerCase()
    reference = word === 'million' ? '1000000' : word === 'thousand' ? '1000' : ref[1]
    perText = ref[2]
  }
  const per = readPer(perText)
  if (!per) return null
  return { massScale, gas: m[2], per: per.read, reference, qualifier: per.qualifier }
}

/** How a unit is written back: its label, with the basis where there is one. */
export function unitLabel(read: ReadUnit): string {
  return read.basis ? `${read.unit.label} (${read.basis === 'net' ? 'Net' : 'Gross'} CV)` : read.unit.label
}
