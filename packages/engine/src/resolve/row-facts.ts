/**
 * What ranking reads of a row beyond `LoadedRelease.facts`: its excluded words, place and own words
 * in its name, whether it is a catch-all, its NAICS code and group. One object per row, made on
 * first use, in one array per release that a resolve call fetches once: thousands of candidates
 * per description each read all of it, and a cache lookup per property and candidate cost more
 * than the reading (docs/benchmarks.md).
 */
import type { LoadedRelease } from '../index/loaded.ts'
import { excludedTermsOf, type ExcludedTerms } from './excluded-terms.ts'
import { naicsOf } from './industry.ts'
import { isGeneralRow, ownNameTerms, placeTermsInName } from './weights.ts'

export interface RankRowFacts {
  excluded: ExcludedTerms | null
  /** Place words of its own name (`placeTermsInName`). */
  namePlaces: number
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

/** The facts of a release's rows, by position (made on first use). */
export function rankRowFacts(release: LoadedRelease): (position: number) => RankRowFacts {
  let facts = byRelease.get(release)
  if (!facts) {
    facts = new Array<RankRowFacts | undefined>(release.rows.length)
    byRelease.set(release, facts)
  }
  const known = facts
  return (position) => known[position] ?? (known[position] = make(release, position))
}

function make(release: LoadedRelease, position: number): RankRowFacts {
  const key = release.rows[position]?.key ?? ''
  const naics = key.startsWith('spend.') ? naicsOf(key) : null
  return {
    excluded: excludedTermsOf(release, position),
    namePlaces: placeTermsInName(release, position),
    ownTerms: ownNameTerms(release, position),
    general: isGeneralRow(release, position),
    naics,
    naicsGroup: naics?.slice(0, 4) ?? null,
  }
}
