/**
 * The engine as the loader needs it. Snapshots are stored as JSON text: a string is one cheap
 * structured-clone for IndexedDB and can be hashed to catch a damaged entry before restore.
 */
import { ENGINE_VERSION, SNAPSHOT_FORMAT, type Engine, type EngineSnapshot } from '@openfactors/engine'
import type { ReleaseHost } from './loader.ts'

/** Part of the cache key: a new engine or snapshot layout never reads an old index. */
export const STORED_SNAPSHOT_FORMAT = `${SNAPSHOT_FORMAT}+engine-${ENGINE_VERSION}+json`

export function engineHost(engine: Engine): ReleaseHost {
  return {
    snapshotFormat: STORED_SNAPSHOT_FORMAT,
    isLoaded: (mb_version) => engine.isLoaded(mb_version),
    load: (json) => engine.load(json).mb_version,
    snapshot: (mb_version) => JSON.stringify(engine.snapshot(mb_version)),
    restore(snapshot) {
      engine.restore(JSON.parse(snapshot) as EngineSnapshot)
    },
  }
}
