/**
 * Words a factor's text contains that do not say what the factor is, so matching them is not
 * covering the user's concept:
 * - fragments of a zone code of the factor's own country ("US-CAR-SCEG" is Carolinas, not a car;
 *   "CA-AB" is Alberta): Electricity Maps and Climatiq name grids by such codes;
 * - words of an "except" clause ("Office Supplies (except Paper) Manufacturing" is not paper;
 *   "Casinos (except Casino Hotels)" is not a hotel).
 * A word counts only when it appears nowhere else in the name, original name, section or tags.
 */
import { terms } from '../text/normalise.ts'
import type { LoadedRelease } from '../index/loaded.ts'
import type { FactorRow } from '../release/schema.ts'

export interface ExcludedTerms {
  /** Terms found only inside a zone code of the row's country. */
  zone: ReadonlySet<string>
  /** Terms found only inside an "except …" clause: the row says it is not that. */
  except: ReadonlySet<string>
}

/** "US-CAR-SCEG", "AU-NSW", "CA-AB": ISO2 prefix, then hyphenated upper-case segments. */
const ZONE_CODE = /\b([A-Z]{2})((?:-[A-Z0-9]+)+)\b/g
/** "(except Paper)", "except casino hotels," — up to the closing bracket or comma. */
const EXCEPT_CLAUSE = /\bexcept\b([^),;]*)/gi
const MAYBE = /\bexcept\b|\b[A-Z]{2}-[A-Z0-9]/i

function onlyIn(candidates: readonly string[], rest: string): ReadonlySet<string> {
  const elsewhere = new Set(terms(rest))
  return new Set(candidates.filter((t) => !elsewhere.has(t)))
}

/** The row's excluded terms, or null when it has none (almost every row). */
export function findExcludedTerms(row: FactorRow): ExcludedTerms | null {
  const tags = row.tags?.join(' ; ') ?? ''
  const text = `${row.name} ; ${row.name_original ?? ''} ; ${tags}`
  if (!MAYBE.test(text)) return null
  const zoneTerms: string[] = []
  const withoutZones = text.replace(ZONE_CODE, (code, prefix: string, rest: string) => {
    if (prefix.toLowerCase() !== row.country) return code
    zoneTerms.push(...terms(rest))
    return ' '
  })
  const exceptTerms: string[] = []
  const outside = withoutZones.replace(EXCEPT_CLAUSE, (_clause, words: string) => {
    exceptTerms.push(...terms(words))
    return ' '
  })
  const rest = `${outside} ${row.section}`
  const zone = onlyIn(zoneTerms, rest)
  const except = onlyIn(exceptTerms, rest)
  return zone.size === 0 && except.size === 0 ? null : { zone, except }
}

const cacheByRelease = new WeakMap<LoadedRelease, Array<ExcludedTerms | null | undefined>>()

/** `findExcludedTerms` for a release row, read once per row and release. */
export function excludedTermsOf(release: LoadedRelease, position: number): ExcludedTerms | null {
  let cache = cacheByRelease.get(release)
  if (!cache) {
    cache = new Array<ExcludedTerms | null | undefined>(release.rows.length)
    cacheByRelease.set(release, cache)
  }
  const known = cache[position]
  if (known !== undefined) return known
  const row = release.rows[position]
  const found = row ? findExcludedTerms(row) : null
  cache[position] = found
  return found
}
