/**
 * How an Open Emission Factors DB row maps onto our vocabulary: primary-source detection,
 * domain, country/region, scope and unit. Kept apart from the adapter so each rule is testable.
 */
import { slugify } from '../../keys/slug.ts'
import { toIso2 } from '../../keys/countries.ts'
import { normalizeUnit, currencyUnit } from '../../keys/units.ts'
import type { Scope } from '@openfactors/engine/release'

/**
 * Upstream publishers we ingest directly: UK conversion factors (BEIS/DEFRA/DESNZ), US EPA
 * (Supply Chain, GHG Emission Factors Hub, eGRID) and the Australian NGA factors (DISER, the
 * department that published them in 2021). Their restatements here are skipped: primary wins.
 */
const PRIMARY_SOURCES = new Set(['BEIS', 'DEFRA', 'DESNZ', 'EPA', 'DISER', 'DCCEEW'])

/**
 * GHG Protocol rows that say they restate one of those publishers ("The primary source is EPA
 * Emission Factors for Greenhouse Gas Inventories", "... is UK DEFRA Freighting goods 2019",
 * "UK DEFRA Passenger vehicles 2019", "... Australian National Greenhouse Accounts Factors").
 */
const RESTATES_PRIMARY = /\bprimary source is (?:the )?(?:UK |US )?(?:BEIS|DEFRA|DESNZ|EPA)\b|\bUK (?:BEIS|DEFRA|DESNZ)\b|\bNational Greenhouse Accounts Factors\b/i

/** Why a row is a restatement of a source we ingest directly, or null. */
export function restatedPrimary(source: string, description: string): string | null {
  if (PRIMARY_SOURCES.has(source.trim().toUpperCase())) return `source ${source} is ingested directly`
  const m = RESTATES_PRIMARY.exec(description)
  return m ? `description: "${m[0]}"` : null
}

const CURRENCIES = new Set(['USD', 'EUR', 'GBP', 'AUD', 'NZD', 'CAD'])

export function isCurrency(unit: string): boolean {
  return CURRENCIES.has(unit.trim().toUpperCase())
}

/** Fuels of biological origin (words of the activity id). */
const BIO_FUEL = /(?:^| )(?:bio|wood|landfill gas|agricultural byproducts|solid byproducts|peat|straw|pellets)/

const FREIGHT_VEHICLE = /\b(?:hgv|van|truck|lorry|freight)/

/** Domain from sector/category, with spend units always `spend`. */
export function domainOf(sector: string, category: string, unit: string, activityId: string): string {
  if (isCurrency(unit)) return 'spend'
  const s = sector.trim().toLowerCase()
  const c = category.trim().toLowerCase()
  if (s === 'energy') {
    if (c === 'electricity') return 'electricity'
    if (c === 'heat and steam') return 'heat_steam'
    if (c === 'fuel') return BIO_FUEL.test(activityId.replace(/[-_]+/g, ' ')) ? 'bioenergy' : 'fuels'
    return 'other'
  }
  if (s === 'transport') {
    if (c.includes('freight')) return 'freight'
    if (c === 'vehicles' && FREIGHT_VEHICLE.test(activityId.replace(/_/g, ' '))) return 'freight'
    return 'transport'
  }
  if (s === 'refrigerants and fugitive gases') return 'refrigerants'
  if (s === 'waste') return 'waste'
  if (s === 'water') return 'water'
  if (s.startsWith('agriculture')) return 'agriculture'
  if (c === 'accommodation' || s === 'restaurants and accommodation') return 'accommodation'
  if (s === 'materials and manufacturing' || s === 'buildings and infrastructure') return 'materials'
  return 'other'
}

export interface OefdbPlace {
  country: string
  /** Sub-national code, lower case (`us-va` -> `va`), or null. */
  region: string | null
}

/** `GB`, `US-VA`, `GLOBAL`, `EU`, `LATAM` -> country segment and region. */
export function placeOf(region: string): OefdbPlace | null {
  const r = region.trim().toUpperCase()
  if (r === 'GLOBAL' || r === 'GLO' || r === 'WORLD') return { country: 'glo', region: null }
  if (r === 'EU' || r === 'EU27' || r === 'EU-27') return { country: 'eu', region: null }
  // world regions the file names in words (`EURASIA`, `LATAM`): global, with the region kept
  if (/^[A-Z]{3,}$/.test(r)) return { country: 'glo', region: slugify(r) }
  const [prefix, ...rest] = r.split('-')
  if (!prefix || prefix.length !== 2) return null
  const country = toIso2(prefix)
  if (!country) return null
  return { country, region: rest.length ? slugify(rest.join('-')) : null }
}

export function scopeOf(text: string): Scope | null {
  const t = text.trim().toLowerCase()
  if (t === '1') return 'scope_1'
  if (t === '2') return 'scope_2'
  if (t === '3') return 'scope_3'
  if (t.startsWith('outside')) return 'outside_scopes'
  return null // empty, `not-supplied`, or several scopes (`1|2|3`): the row does not say which
}

const OEFDB_UNITS: Record<string, string> = {
  'gal (us)': 'gallon (US)',
  'ton-mile': 'short ton.mile',
  'short ton': 'short ton',
}

/**
 * Activity unit in our spelling. Spend: `<CUR> (<price year>, <basis>)`, the price year being
 * the data year (`years_calculated_from`, else `year_released`); EXIOBASE v3 multipliers are
 * per EUR at basic prices, the other spend rows do not state a basis.
 */
export function activityUnitOf(unit: string, source: string, dataYear: string): string {
  const u = unit.trim()
  if (isCurrency(u)) {
    const basis = source.trim().toUpperCase() === 'EXIOBASE' ? 'basic price' : 'price basis not stated'
    return currencyUnit(u, dataYear, basis)
  }
  return OEFDB_UNITS[u.toLowerCase()] ?? normalizeUnit(u)
}
