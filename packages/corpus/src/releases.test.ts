import { describe, expect, it } from 'vitest'
import { checkReleases, editionsInForce, RELEASES, ReleaseSelectionError, selectRelease } from './releases.ts'
import { readLock } from './lock/lock.ts'

const lock = readLock()

describe('declared releases', () => {
  it('follow the rule: per series the newest edition published on or before the release date', () => {
    expect(checkReleases(RELEASES, lock.editions)).toEqual([])
  })
  it('start with UK 2016 alone and end with 2026.1 holding the newest edition of every series but the unreachable UK 2019', () => {
    expect(RELEASES[0]).toEqual({ mb_version: '2016.1', released_at: '2016-09-21', editions: ['uk-desnz-ghg-cf-2016'] })
    const latest = RELEASES[RELEASES.length - 1]!
    expect(latest.mb_version).toBe('2026.1')
    expect(latest.released_at).toBe('2026-11-22')
    const series = new Set(lock.editions.map((e) => e.series))
    expect(latest.editions.length).toBe(series.size)
    expect(latest.editions).toContain('uk-desnz-ghg-cf-2026')
    expect(latest.editions).toContain('au-dcceew-nga-2025')
  })
  it('reach every edition through some release, except UK 2019 (its only file is dated after UK 2020)', () => {
    const reachable = new Set(RELEASES.flatMap((r) => r.editions))
    const unreachable = lock.editions.map((e) => e.id).filter((id) => !reachable.has(id))
    expect(unreachable).toEqual(['uk-desnz-ghg-cf-2019'])
  })
  it('catches a declaration that breaks the rule', () => {
    const bad = RELEASES.map((r) => (r.mb_version === '2024.1' ? { ...r, editions: r.editions.map((id) => (id === 'uk-desnz-ghg-cf-2024' ? 'uk-desnz-ghg-cf-2023' : id)) } : r))
    expect(checkReleases(bad, lock.editions).join('\n')).toMatch(/2024\.1: editions do not follow the rule \(missing uk-desnz-ghg-cf-2024; extra uk-desnz-ghg-cf-2023\)/)
  })
  it('editionsInForce picks by edition order, not by publication order', () => {
    // UK 2019 (file dated 2020-07-01) does not replace UK 2020 (2020-05-28).
    expect(editionsInForce(lock.editions, '2020-12-31')).toContain('uk-desnz-ghg-cf-2020')
    expect(editionsInForce(lock.editions, '2016-01-01')).toEqual([])
  })
})

describe('selectRelease', () => {
  it('selects by date, by version, or the latest', () => {
    expect(selectRelease(RELEASES).mb_version).toBe('2026.1')
    expect(selectRelease(RELEASES, '2016-09-21').mb_version).toBe('2016.1')
    expect(selectRelease(RELEASES, '2019-12-31').mb_version).toBe('2018.1')
    expect(selectRelease(RELEASES, '2023-09-13').mb_version).toBe('2023.1')
    expect(selectRelease(RELEASES, '2023-09-14').mb_version).toBe('2023.2')
    expect(selectRelease(RELEASES, '2030-01-01').mb_version).toBe('2026.1')
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
      expect(err).toBeInstanceOf(ReleaseSelectionError)
      expect((err as ReleaseSelectionError).code).toBe('as_of_out_of_range')
      expect((err as ReleaseSelectionError).data.earliest).toBe('2016-09-21')
    }
    expect(() => selectRelease(RELEASES, '2024-02-30')).toThrow(/as_of must be a date/)
  })
})

describe('selectRelease agrees with the engine', () => {
  it('picks the same release, or fails with the same code, for every day from 2016 to 2027 and for versions', async () => {
    const engine = await import('@openfactors/engine')
    const outcome = (f: () => { mb_version: string }): string => {
      try {
        return f().mb_version
      } catch (err) {
        if (engine.isEngineError(err)) return err.code
        if (err instanceof ReleaseSelectionError) return err.code
        throw err
      }
    }
    const probes: string[] = ['2016.1', '2019.1', '2026.1', '2026.2', 'junk']
    for (let d = Date.UTC(2016, 0, 1); d <= Date.UTC(2027, 0, 1); d += 86_400_000) probes.push(new Date(d).toISOString().slice(0, 10))
    for (const as_of of probes) {
      expect(outcome(() => selectRelease(RELEASES, as_of)), as_of).toBe(outcome(() => engine.selectRelease(RELEASES, as_of)))
    }
  })
})
