/**
 * Which release answers a request (docs/decisions.md §2): a date picks the release in force on that
 * date, a version string picks that release, nothing picks the latest. Pure, so a host that
 * must fetch a release first (the worker) can decide before it has anything loaded.
 */
import { engineError } from '../errors.ts'
import type { ReleaseManifest } from './schema.ts'
import { MB_VERSION_PATTERN } from './schema.ts'

export type ManifestEntry = ReleaseManifest['releases'][number]

/** The least a catalog entry needs to be selectable. */
export interface ReleaseStamp {
  mb_version: string
  released_at: string
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** Order by release date, then by the number after the year, oldest first. */
export function compareReleases(a: ReleaseStamp, b: ReleaseStamp): number {
  if (a.released_at !== b.released_at) return a.released_at < b.released_at ? -1 : 1
  return versionNumber(a.mb_version) - versionNumber(b.mb_version)
}

/** The latest release (by `compareReleases`), or undefined for an empty catalog. */
export function latestRelease<T extends ReleaseStamp>(catalog: readonly T[]): T | undefined {
  return [...catalog].sort(compareReleases).at(-1)
}

/** The release just before `mb_version` in release order, or undefined when it is the first (or unknown). */
export function releaseBefore<T extends ReleaseStamp>(catalog: readonly T[], mb_version: string): T | undefined {
  const sorted = [...catalog].sort(compareReleases)
  const at = sorted.findIndex((r) => r.mb_version === mb_version)
  return at > 0 ? sorted[at - 1] : undefined
}

function versionNumber(mb_version: string): number {
  const [year, n] = mb_version.split('.')
  return Number(year) * 100_000 + Number(n)
}

function isRealDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false
  const d = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text
}

export function selectRelease<T extends ReleaseStamp>(catalog: readonly T[], as_of?: string | null): T {
  if (catalog.length === 0) throw engineError('release_invalid', 'No data release is available.', { reason: 'no release loaded' })
  const sorted = [...catalog].sort(compareReleases)
  const earliest = sorted[0] as T
  const latest = sorted[sorted.length - 1] as T
  const available = sorted.map((r) => r.mb_version)
  if (as_of === undefined || as_of === null || as_of === '') return latest

  if (MB_VERSION_PATTERN.test(as_of)) {
    const hit = sorted.find((r) => r.mb_version === as_of)
    if (hit) return hit
    throw engineError('as_of_out_of_range', `Data version ${as_of} does not exist; available: ${available.join(', ')}.`, {
      as_of,
      earliest: earliest.released_at,
      available,
    })
  }
  if (isRealDate(as_of)) {
    let chosen: T | undefined
    for (const r of sorted) if (r.released_at <= as_of) chosen = r
    if (chosen) return chosen
    throw engineError('as_of_out_of_range', `as_of ${as_of} is before the first data release (${earliest.released_at}).`, {
      as_of,
      earliest: earliest.released_at,
      available,
    })
  }
  throw engineError('invalid_request', 'as_of must be a date YYYY-MM-DD or a data version like 2026.1.', {
    issues: [{ path: 'as_of', message: `"${as_of}" is neither a date (YYYY-MM-DD) nor a data version (<year>.<number>)` }],
  })
}
