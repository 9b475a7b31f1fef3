/** The engine as the loader needs it: load from JSON bytes, snapshot to UTF-8 JSON, restore. */
import { ENGINE_VERSION, SNAPSHOT_FORMAT, type Engine, type EngineSnapshot } from '@openfactors/engine'
import type { ReleaseHost } from './loader.ts'

/** Part of the cache key: a new engine or snapshot layout never reads an old index. */
export const STORED_SNAPSHOT_FORMAT = `${SNAPSHOT_FORMAT}+engine-${ENGINE_VERSION}+json-utf8`

export function engineHost(engine: Engine): ReleaseHost {
  return {
    snapshotFormat: STORED_SNAPSHOT_FORMAT,
    isLoaded: (mb_version) => engine.isLoaded(mb_version),
    // Bytes that are not JSON fail as the engine says (release_invalid).
    load: (json) => engine.load(json).mb_version,
    // The rows are packed by column (engine snapshot /4), so the snapshot is written whole: the
    // downloaded JSON (rows as objects) can no longer be spliced in.
    snapshotBytes: (mb_version) => new TextEncoder().encode(JSON.stringify(engine.snapshot(mb_version))),
    restore(snapshot) {
      engine.restore(snapshot as EngineSnapshot)
    },
  }
}
