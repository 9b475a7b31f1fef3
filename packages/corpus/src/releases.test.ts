import { describe, expect, it } from 'vitest'
import { isEngineError, selectRelease } from '@openfactors/engine'
import { checkReleases, editionsInForce, RELEASES } from './releases.ts'
import { readLock } from './lock/lock.ts'

const lock = readLock()

describe('declared releases', () => {
  it('follow the rule: per series the newest edition published on or before the release date', () => {
    expect(checkReleases(RELEASES, lock.editions)).toEqual([])
  })
  it('start with UK 2016 alone and end with 2026.2 holding the newest edition of every series but the unreachable UK 2019', () => {
    expect(RELEASES[0]).toEqual({ mb_version: '2016.1', released_at: '2016-09-21', editions: ['uk-desnz-ghg-cf-2016'] })
    const latest = RELEASES[RELEASES.length - 1]!
    expect(latest.mb_version).toBe('2026.2')
    expect(latest.released_at).toBe('2026-06-10')
    const series = new Set(lock.editions.map((e) => e.series))
    expect(latest.editions.length).toBe(series.size)
    expect(latest.editions).toContain('uk-desnz-ghg-cf-2026')
    expect(latest.editions).toContain('au-dcceew-nga-2025')
    // Nothing was published between UK 2026 and the retrieval date, so no release on it.
    expect(editionsInForce(lock.editions, lock.retrieved_at)).toEqual(latest.editions)
  })
  it('open a release on every distinct publication date in the lock, and on no other date', () => {
    const published = [...new Set(lock.editions.map((e) => e.published_at))].sort()
    expect(RELEASES.map((r) => r.released_at)).toEqual(published)
  })
  it('select, for each edition, a release holding it on its publication date (UK 2019 excepted: its file post-dates UK 2020)', () => {
    const missed = lock.editions.filter((e) => !selectRelease(RELEASES, e.published_at).editions.includes(e.id)).map((e) => e.id)
    expect(missed).toEqual(['uk-desnz-ghg-cf-2019'])
  })
  it('give as_of the editions in force on every day from 2016 to 2027', () => {
    for (let d = Date.UTC(2016, 8, 21); d <= Date.UTC(2027, 0, 1); d += 86_400_000) {
      const day = new Date(d).toISOString().slice(0, 10)
      expect(selectRelease(RELEASES, day).editions, day).toEqual(editionsInForce(lock.editions, day))
    }
  })
  it('reach every edition through some release, except UK 2019 (its only file is dated after UK 2020)', () => {
    const reachable = new Set(RELEASES.flatMap((r) => r.editions))
    const unreachable = lock.editions.map((e) => e.id).filter((id) => !reachable.has(id))
    expect(unreachable).toEqual(['uk-desnz-ghg-cf-2019'])
  })
  it('catches a declaration that breaks the rule', () => {
    const bad = RELEASES.map((r) => (r.mb_version === '2024.4' ? { ...r, editions: r.editions.map((id) => (id === 'uk-desnz-ghg-cf-2024' ? 'uk-desnz-ghg-cf-2023' : id)) } : r))
    expect(checkReleases(bad, lock.editions).join('\n')).toMatch(/2024\.4: editions do not follow the rule \(missing uk-desnz-ghg-cf-2024; extra uk-desnz-ghg-cf-2023\)/)
  })
  it('catches a publication date without a release (as_of would miss the edition)', () => {
    const without = RELEASES.filter((r) => r.mb_version !== '2026.1').map((r) => (r.mb_version === '2026.2' ? { ...r, mb_version: '2026.1' } : r))
    expect(checkReleases(without, lock.editions)).toEqual([
      '2026-01-01: an edition is published on this date but 2025.4 (2025-09-01) does not hold it; declare a release on 2026-01-01',
    ])
  })
  it('catches numbers out of date order within a year, and a release that adds nothing', () => {
    const renamed = RELEASES.map((r) => (r.mb_version === '2026.1' ? { ...r, mb_version: '2026.3' } : r))
    expect(checkReleases(renamed, lock.editions)).toEqual(['2026.3: released 2026-01-01, so its number is 2026.1 (date order within the year)', '2026.2: released 2026-06-10, so its number is 2026.4 (date order within the year)'])
    const latest = RELEASES[RELEASES.length - 1]!
    const repeated = [...RELEASES, { ...latest, mb_version: '2026.3', released_at: lock.retrieved_at }]
    expect(checkReleases(repeated, lock.editions)).toEqual(['2026.3: holds the same editions as 2026.2'])
  })
  it('editionsInForce picks by edition order, not by publication order', () => {
    // UK 2019 (file dated 2020-07-01) does not replace UK 2020 (2020-05-28).
    expect(editionsInForce(lock.editions, '2020-12-31')).toContain('uk-desnz-ghg-cf-2020')
    expect(editionsInForce(lock.editions, '2016-01-01')).toEqual([])
  })
})

describe('the declared releases under the engine\'s selectRelease (the one release-ordering rule)', () => {
  it('selects by date, by version, or the latest', () => {
    expect(selectRelease(RELEASES).mb_version).toBe('2026.2')
    expect(selectRelease(RELEASES, '2016-09-21').mb_version).toBe('2016.1')
    expect(selectRelease(RELEASES, '2019-12-31').mb_version).toBe('2018.1')
    expect(selectRelease(RELEASES, '2023-09-13').mb_version).toBe('2023.3')
    expect(selectRelease(RELEASES, '2023-09-14').mb_version).toBe('2023.4')
    // The acceptance review's case: UK 2026 (2026-06-10) is in force on 2026-06-15.
    expect(selectRelease(RELEASES, '2026-06-15')).toMatchObject({ mb_version: '2026.2', editions: expect.arrayContaining(['uk-desnz-ghg-cf-2026']) })
    expect(selectRelease(RELEASES, '2030-01-01').mb_version).toBe('2026.2')
    expect(selectRelease(RELEASES, '2024.1').mb_version).toBe('2024.1')
  })
  it('gives as_of_out_of_range before the first release and for unknown versions', () => {
    for (const as_of of ['2016-09-20', '2019.1']) {
      let err: unknown
      try {
        selectRelease(RELEASES, as_of)
      } catch (e) {
        err = e
      }
      expect(isEngineError(err) && err.code).toBe('as_of_out_of_range')
      expect(isEngineError(err) && err.data).toMatchObject({ earliest: '2016-09-21' })
    }
    expect(() => selectRelease(RELEASES, '2024-02-30')).toThrow(/as_of must be a date/)
  })
})
