import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import { LoadedRelease } from '../index/loaded.ts'
import { parseArtifact } from '../release/parse.ts'
import { RESOLVE_MODEL } from './model-data.ts'
import { candidatesOf, ResolveRequestSchema } from './resolve.ts'

const release = new LoadedRelease(parseArtifact(fixtureArtifact()))
const HOTEL_DE = 'hotel.de.hotel_stay_germany.room_night'

/** The coverage of one factor among the candidates of a description. */
function coverageOf(description: string, key: string): number | undefined {
  const { all } = candidatesOf(release, ResolveRequestSchema.parse({ description }), RESOLVE_MODEL)
  return all.find((s) => release.rows[s.position]?.key === key)?.coverage
}

describe('coverage', () => {
  it('counts no word that matched only the beginning of a place in the factor\'s name', () => {
    // "Germ" is no place; it reaches "Hotel stay: Germany" only as the start of "germany".
    expect(coverageOf('Germ hotel stay', HOTEL_DE)).toBeLessThan(0.999)
    // The same factor, its words matched in full.
    expect(coverageOf('hotel stay', HOTEL_DE)).toBeGreaterThan(0.999)
  })
})
