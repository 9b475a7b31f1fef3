/**
 * Release artifacts on disk: `release-<mb_version>-<sha12>.json.gz` (sha256 of the gzipped
 * bytes) and `manifest.json` listing them. Reading checks the hash and the schema.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  ReleaseArtifactSchema,
  ReleaseManifestSchema,
  type ReleaseArtifact,
  type ReleaseManifest,
} from '@openfactors/engine/release'
import { artifactJson } from './build/canonical.ts'
import { deterministicGzip, gunzipText, sha256Hex } from './build/gzip.ts'

export type ManifestEntry = ReleaseManifest['releases'][number]

export const MANIFEST_FILE = 'manifest.json'
export const REPORT_FILE = 'build-report.json'
const ARTIFACT_FILE = /^release-\d{4}\.\d+-[0-9a-f]{12}\.json\.gz$/

/** Serialise and gzip; the bytes and the manifest entry they would get. */
export function encodeArtifact(a: ReleaseArtifact): { bytes: Buffer; entry: ManifestEntry } {
  const bytes = deterministicGzip(artifactJson(a))
  const sha256 = sha256Hex(bytes)
  return {
    bytes,
    entry: {
      mb_version: a.mb_version,
      released_at: a.released_at,
      file: `release-${a.mb_version}-${sha256.slice(0, 12)}.json.gz`,
      sha256,
      bytes: bytes.length,
      factor_count: a.factors.length,
      editions: a.editions.map((e) => e.id),
    },
  }
}

export function writeArtifactFile(outDir: string, bytes: Buffer, entry: ManifestEntry): void {
  writeFileSync(join(outDir, entry.file), bytes)
}

/** Manifest JSON with releases oldest first and a trailing newline (stable bytes). */
export function manifestJson(m: ReleaseManifest): string {
  const releases = [...m.releases].sort((a, b) => (a.released_at < b.released_at ? -1 : a.released_at > b.released_at ? 1 : 0))
  return `${JSON.stringify({ format: m.format, releases: releases.map((r) => ({ mb_version: r.mb_version, released_at: r.released_at, file: r.file, sha256: r.sha256, bytes: r.bytes, factor_count: r.factor_count, editions: r.editions })) }, null, 2)}\n`
}

export function writeManifest(outDir: string, m: ReleaseManifest): void {
  writeFileSync(join(outDir, MANIFEST_FILE), manifestJson(m))
}

export function readManifest(outDir: string): ReleaseManifest | null {
  const path = join(outDir, MANIFEST_FILE)
  if (!existsSync(path)) return null
  return ReleaseManifestSchema.parse(JSON.parse(readFileSync(path, 'utf8')))
}

export class ArtifactIntegrityError extends Error {
  constructor(readonly file: string, message: string) {
    super(`${file}: ${message}`)
    this.name = 'ArtifactIntegrityError'
  }
}

/** Read, hash-check and validate one artifact named by its manifest entry. */
export function readReleaseArtifact(outDir: string, entry: ManifestEntry): ReleaseArtifact {
  const bytes = readFileSync(join(outDir, entry.file))
  const sha = sha256Hex(bytes)
  if (sha !== entry.sha256) throw new ArtifactIntegrityError(entry.file, `sha256 ${sha} differs from the manifest's ${entry.sha256}`)
  const parsed = ReleaseArtifactSchema.safeParse(JSON.parse(gunzipText(bytes)))
  if (!parsed.success) throw new ArtifactIntegrityError(entry.file, `not a valid release artifact: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  return parsed.data
}

/** Delete artifact files in outDir that the manifest no longer lists. */
export function removeStaleArtifacts(outDir: string, keep: ReadonlySet<string>): string[] {
  const removed: string[] = []
  for (const name of readdirSync(outDir)) {
    if (ARTIFACT_FILE.test(name) && !keep.has(name)) {
      rmSync(join(outDir, name))
      removed.push(name)
    }
  }
  return removed
}
