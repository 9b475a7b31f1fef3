/**
 * Node-only: find and read the latest release build (`data/releases` or $OPENFACTORS_RELEASES)
 * for benchmarks, the resolve evaluation and the real-release tests.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { ReleaseManifest } from '../src/release/schema.ts'

export function defaultReleasesDir(): string {
  return process.env.OPENFACTORS_RELEASES ?? join(import.meta.dirname, '..', '..', '..', 'data', 'releases')
}

/** JSON bytes of the latest release in `dir`, or null when there is no build there. */
export function readLatestArtifact(dir = defaultReleasesDir()): { bytes: Uint8Array; mb_version: string; dir: string } | null {
  const manifestPath = join(dir, 'manifest.json')
  if (!existsSync(manifestPath)) return null
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ReleaseManifest
  const latest = [...manifest.releases].sort((a, b) => (a.released_at < b.released_at ? -1 : a.released_at > b.released_at ? 1 : 0)).at(-1)
  if (!latest || !existsSync(join(dir, latest.file))) return null
  return { bytes: gunzipSync(readFileSync(join(dir, latest.file))), mb_version: latest.mb_version, dir }
}
