/**
 * What ranking reads of a row: its excluded words, place and own words in its name, whether it is
 * a catch-all, its NAICS code and group, and copies of what it reads of the row and of
 * `LoadedRelease.facts` for every candidate. One object per row, made on first use, in one array
 * per release that a resolve call fetches once: thousands of candidates per description each read
 * all of it, and a cache lookup per property and candidate cost more than the reading; one object
 * instead of the row, its facts and these is fewer memory reads per candidate (docs/benchmarks.md).
 */
import type { LoadedRelease, RowFacts } from '../index/loaded.ts'
import type { FactorRow } from '../release/schema.ts'
import { terms } from '../text/normalise.ts'
import { isPlaceTerm } from '../text/vocab/places.ts'
import { excludedTermsOf, type ExcludedTerms } from './excluded-terms.ts'
import { naicsOf } from './industry.ts'
import { isGeneralRow, ownNameTerms, placeTermsInName } from './weights.ts'

export interface RankRowFacts {
  row: FactorRow
  /** `release.facts(position)`, and copies of what every candidate reads of it and of the row. */
  facts: RowFacts
  country: string
  region: FactorRow['region']
  domain: string
  /** domain is `spend`; domain is `materials`. */
  spend: boolean
  material: boolean
  secondary: boolean
  derived: boolean
  average: boolean
  perGas: string | null
  variants: number
  excluded: ExcludedTerms | null
  /** Place words of its own name (`placeTermsInName`). */
  namePlaces: number
  /**
   * Whether a hit on it may have matched a place term: some field resolve searches holds one, or it is
   * a spend factor (its industry's words are searched too). Only then can a word have reached it by
   * the beginning of a place's name alone (rank.ts `onlyPlacePrefix`), so only then are its hits' words read for it.
   */
  placeWords: boolean
  /** Words of its own name (`ownNameTerms`). */
  ownTerms: number
  /** The source's catch-all row (`isGeneralRow`). */
  general: boolean
  /** NAICS code of a spend row, or null. */
  naics: string | null
  /** Its first four digits (the industry group), or null. */
  naicsGroup: string | null
}

const byRelease = new WeakMap<LoadedRelease, Array<RankRowFacts | undefined>>()

/** The facts of a release's rows, by position (made on first use); undefined outside the release. */
export function rankRowFacts(release: LoadedRelease): (position: number) => RankRowFacts | undefined {
  let facts = byRelease.get(release)
  if (!facts) {
    facts = new Array<RankRowFacts | undefined>(release.rows.length)
    byRelease.set(release, facts)
  }
  const known = facts
  return (position) => known[position] ?? (known[position] = make(release, position))
}

function make(release: LoadedRelease, position: number): RankRowFacts | undefined {
  const row = release.rows[position]
  if (!row) return undefined
  const key = row.key
  const naics = key.startsWith('spend.') ? naicsOf(key) : null
  const facts = release.facts(position)
  return {
    row,
    facts,
    country: row.country,
    region: row.region,
    domain: facts.domain,
    spend: facts.domain === 'spend',
    material: facts.domain === 'materials',
    secondary: facts.secondary,
    derived: facts.derived,
    average: facts.average,
    perGas: facts.perGas,
    variants: facts.variants,
    excluded: excludedTermsOf(release, position),
    namePlaces: placeTermsInName(release, position),
    placeWords: facts.domain === 'spend' || terms(`${row.name} ${row.name_original ?? ''} ${row.tags?.join(' ') ?? ''} ${row.section}`).some(isPlaceTerm),
    ownTerms: ownNameTerms(release, position),
    general: isGeneralRow(release, position),
    naics,
    naicsGroup: naics?.slice(0, 4) ?? null,
  }
}
