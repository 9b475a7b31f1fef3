/** The engine as the loader needs it: load from JSON bytes, snapshot to UTF-8 JSON, restore. */
import { ENGINE_VERSION, SNAPSHOT_FORMAT, type ArtifactInput, type Engine, type EngineSnapshot } from '@openfactors/engine'
import type { ReleaseHost } from './loader.ts'

/** Part of the cache key: a new engine or snapshot layout never reads an old index. */
export const STORED_SNAPSHOT_FORMAT = `${SNAPSHOT_FORMAT}+engine-${ENGINE_VERSION}+json-utf8`

interface RawArtifact {
  json: Uint8Array
  rows: readonly unknown[]
}

export function engineHost(engine: Engine): ReleaseHost {
  // The downloaded JSON and its parsed rows, from load() until the snapshot is written.
  const raw = new Map<string, RawArtifact>()
  return {
    snapshotFormat: STORED_SNAPSHOT_FORMAT,
    isLoaded: (mb_version) => engine.isLoaded(mb_version),
    load(json) {
      const parsed = parseJson(json)
      // Not JSON: let the engine say so in its own words (release_invalid).
      if (parsed === undefined) return engine.load(json).mb_version
      const { mb_version } = engine.load(parsed as ArtifactInput)
      const rows = (parsed as { factors?: unknown }).factors
      if (Array.isArray(rows)) raw.set(mb_version, { json, rows })
      return mb_version
    },
    snapshotBytes(mb_version) {
      const snapshot = engine.snapshot(mb_version)
      const source = raw.get(mb_version)
      raw.delete(mb_version)
      return source && reusable(snapshot, source) ? splice(snapshot, source.json) : encode(JSON.stringify(snapshot))
    },
    restore(snapshot) {
      engine.restore(snapshot as EngineSnapshot)
    },
  }
}

/**
 * The snapshot's artifact is the downloaded one, row for row (same objects, same order: the
 * corpus writes rows sorted by key), so its JSON is the downloaded bytes: splicing them in
 * saves stringifying and encoding ~40 MB on the first load. Any difference -> stringify.
 */
function reusable(snapshot: EngineSnapshot, source: RawArtifact): boolean {
  const rows = snapshot.artifact.factors
  if (rows.length !== source.rows.length) return false
  for (let i = 0; i < rows.length; i++) if (rows[i] !== source.rows[i]) return false
  return source.json[0] === 0x7b // '{': no BOM or leading space to carry into the middle of the snapshot
}

function splice(snapshot: EngineSnapshot, artifactJson: Uint8Array): Uint8Array {
  const { artifact: _artifact, ...head } = snapshot
  const prefix = encode(`${JSON.stringify(head).slice(0, -1)},"artifact":`)
  const out = new Uint8Array(prefix.byteLength + artifactJson.byteLength + 1)
  out.set(prefix, 0)
  out.set(artifactJson, prefix.byteLength)
  out[out.byteLength - 1] = 0x7d // '}'
  return out
}

function parseJson(json: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(json)) as unknown
  } catch {
    return undefined
  }
}

function encode(text: string): Uint8Array {
  return new TextEncoder().encode(text)
}
