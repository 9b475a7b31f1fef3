/** The engine as the loader needs it. */
import { ENGINE_VERSION, SNAPSHOT_FORMAT, type Engine, type EngineSnapshot } from '@openfactors/engine'
import type { ReleaseHost } from './loader.ts'

/** Part of the cache key: a new engine or snapshot layout never reads an old index. */
export const STORED_SNAPSHOT_FORMAT = `${SNAPSHOT_FORMAT}+engine-${ENGINE_VERSION}+json-utf8`

export function engineHost(engine: Engine): ReleaseHost {
  return {
    snapshotFormat: STORED_SNAPSHOT_FORMAT,
    isLoaded: (mb_version) => engine.isLoaded(mb_version),
    load: (json) => engine.load(json).mb_version,
    snapshot: (mb_version) => engine.snapshot(mb_version),
    restore(snapshot) {
      engine.restore(snapshot as EngineSnapshot)
    },
  }
}
