/**
 * Snapshot of one loaded release: the artifact (its rows in key order, by column: packed-rows.ts)
 * plus the built minisearch index as a plain object, so a worker can keep it in IndexedDB and
 * restore without re-indexing. Key and edition maps are rebuilt on restore (a few ms for 20k rows).
 */
import type { AsPlainObject } from 'minisearch'
import { z } from 'zod'
import { engineError } from '../errors.ts'
import type { LoadedRelease } from './loaded.ts'
import { packRows, unpackRows, type PackedRows } from './packed-rows.ts'
import type { ReleaseArtifact } from '../release/schema.ts'
import { ENGINE_VERSION } from '../version.ts'

// /2: per-gas rows are told by the key's last segment only (refrigerant totals were filed as per-gas in /1).
// /3: rows carry `kind`; the indexes hold emission factors only, so a /2 index must not be reused.
// /4: the rows by column (`rows`), the artifact without them.
export const SNAPSHOT_FORMAT = 'openfactors.engine-snapshot/4' as const

export interface EngineSnapshot {
  format: typeof SNAPSHOT_FORMAT
  /** Engine that built the index; a different engine version re-indexes (its text rules may differ). */
  engine_version: string
  mb_version: string
  /** The artifact without its rows. */
  artifact: Omit<ReleaseArtifact, 'factors'>
  /** The artifact's rows, in key order, by column. */
  rows: PackedRows
  /** Index of the CO2e totals. */
  index: AsPlainObject
  /** Per-gas indexes that had been built, by gas (the others are built on first use). */
  gas_indexes?: Record<string, AsPlainObject>
}

const SnapshotEnvelopeSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  engine_version: z.string(),
  mb_version: z.string(),
  artifact: z.object({ mb_version: z.string() }).loose(),
  rows: z.object({ count: z.number().int().nonnegative(), shapes: z.array(z.array(z.string())), shape: z.array(z.number()) }).loose(),
  index: z.object({ documentCount: z.number(), serializationVersion: z.number() }).loose(),
})

export function takeSnapshot(release: LoadedRelease): EngineSnapshot {
  const { factors, ...artifact } = release.artifact
  const snapshot: EngineSnapshot = {
    format: SNAPSHOT_FORMAT,
    engine_version: ENGINE_VERSION,
    mb_version: release.mb_version,
    artifact,
    rows: packRows(factors),
    index: release.index.toJSON(),
  }
  const built = release.builtGasIndexes()
  if (built.size > 0) snapshot.gas_indexes = Object.fromEntries([...built].map(([gas, index]) => [gas, index.toJSON()]))
  return snapshot
}

/** Check the envelope; says whether the stored index can be reused as is. */
export function checkSnapshot(snapshot: unknown): { snapshot: EngineSnapshot; reuseIndex: boolean } {
  const parsed = SnapshotEnvelopeSchema.safeParse(snapshot)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const reason = `not an engine snapshot (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'shape'})`
    throw engineError('release_invalid', `Cannot restore: ${reason}`, { reason })
  }
  const s = snapshot as EngineSnapshot
  const gasDocs = Object.values(s.gas_indexes ?? {}).reduce((n, i) => n + i.documentCount, 0)
  const reuseIndex = s.engine_version === ENGINE_VERSION && s.index.documentCount + gasDocs <= s.rows.count
  return { snapshot: s, reuseIndex }
}

/** The snapshot's artifact with its rows rebuilt (release_invalid when they cannot be). */
export function snapshotArtifact(snapshot: EngineSnapshot): ReleaseArtifact {
  try {
    return { ...snapshot.artifact, factors: unpackRows(snapshot.rows) }
  } catch (e) {
    const reason = `not an engine snapshot (rows: ${e instanceof Error ? e.message : 'shape'})`
    throw engineError('release_invalid', `Cannot restore: ${reason}`, { reason })
  }
}
