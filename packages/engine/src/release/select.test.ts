import { describe, expect, it } from 'vitest'
import { isEngineError } from '../errors.ts'
import { latestRelease, releaseBefore, selectRelease } from './select.ts'

const catalog = [
  { mb_version: '2026.2', released_at: '2026-08-10' },
  { mb_version: '2024.1', released_at: '2024-07-01' },
  { mb_version: '2026.3', released_at: '2026-11-01' },
]

function errorOf(fn: () => unknown): unknown {
  try {
    fn()
  } catch (e) {
    return e
  }
  throw new Error('expected a throw')
}

describe('selectRelease', () => {
  it('picks the latest without as_of', () => {
    expect(selectRelease(catalog).mb_version).toBe('2026.3')
    expect(selectRelease(catalog, '').mb_version).toBe('2026.3')
  })
  it('picks the release in force on a date', () => {
    expect(selectRelease(catalog, '2026-08-10').mb_version).toBe('2026.2')
    expect(selectRelease(catalog, '2026-10-31').mb_version).toBe('2026.2')
    expect(selectRelease(catalog, '2025-01-01').mb_version).toBe('2024.1')
    expect(selectRelease(catalog, '2030-01-01').mb_version).toBe('2026.3')
  })
  it('picks a version by name', () => {
    expect(selectRelease(catalog, '2024.1').mb_version).toBe('2024.1')
  })
  it('names the earliest date for a date before the first release', () => {
    const e = errorOf(() => selectRelease(catalog, '2020-01-01'))
    expect(isEngineError(e) && e.code).toBe('as_of_out_of_range')
    expect(isEngineError(e) && e.data).toMatchObject({ as_of: '2020-01-01', earliest: '2024-07-01', available: ['2024.1', '2026.2', '2026.3'] })
    expect(isEngineError(e) && e.message).toContain('2024-07-01')
  })
  it('rejects an unknown version and a malformed as_of', () => {
    const unknown = errorOf(() => selectRelease(catalog, '2019.1'))
    expect(isEngineError(unknown) && unknown.code).toBe('as_of_out_of_range')
    const bad = errorOf(() => selectRelease(catalog, '2026-13-45'))
    expect(isEngineError(bad) && bad.code).toBe('invalid_request')
  })
  it('reports no release at all', () => {
    const e = errorOf(() => selectRelease([]))
    expect(isEngineError(e) && e.code).toBe('release_invalid')
  })
})

describe('latestRelease and releaseBefore', () => {
  it('order by date, then by number: the one rule every host uses', () => {
    expect(latestRelease(catalog)?.mb_version).toBe('2026.3')
    expect(releaseBefore(catalog, '2026.3')?.mb_version).toBe('2026.2')
    expect(releaseBefore(catalog, '2024.1')).toBeUndefined()
    expect(releaseBefore(catalog, '1999.1')).toBeUndefined()
    expect(latestRelease([])).toBeUndefined()
  })
  it('the date wins over the number, and 2026.10 comes after 2026.9 on the same date', () => {
    const odd = [
      { mb_version: '2026.9', released_at: '2026-05-01' },
      { mb_version: '2026.10', released_at: '2026-05-01' },
      { mb_version: '2026.2', released_at: '2026-06-01' },
    ]
    expect(latestRelease(odd)?.mb_version).toBe('2026.2')
    expect(releaseBefore(odd, '2026.2')?.mb_version).toBe('2026.10')
    expect(releaseBefore(odd, '2026.10')?.mb_version).toBe('2026.9')
  })
})
