/**
 * What the worker keeps between visits: the manifest last seen, each release's verified
 * artifact bytes, and the engine's index snapshot of it. Two backends share this interface:
 * IndexedDB (`cache-idb.ts`) and memory (`cache-memory.ts`, the fallback).
 */
import type { ReleaseManifest } from '@openfactors/engine/release'

export type StorageKind = 'indexeddb' | 'memory'

export interface StoredManifest {
  manifest: ReleaseManifest
  /** ISO time the manifest was fetched. */
  fetched_at: string
}

/** The gzipped artifact exactly as downloaded and verified. Key: `artifactId(mb_version, sha256)`. */
export interface StoredArtifact {
  id: string
  mb_version: string
  sha256: string
  file: string
  bytes: Uint8Array
  stored_at: string
}

/** The engine's index of one artifact, in one snapshot format. Key: `snapshotId(artifact id, format)`. */
export interface StoredSnapshot {
  id: string
  artifact_id: string
  format: string
  /** sha256 of `bytes`, so a damaged entry is caught before restore. */
  sha256: string
  /** The engine snapshot as UTF-8 JSON. */
  bytes: Uint8Array
  stored_at: string
}

export interface CorpusCache {
  readonly storage: StorageKind
  /** Set when IndexedDB was asked for but could not be used; says why. */
  readonly fallbackReason: string | undefined
  getManifest(): Promise<StoredManifest | undefined>
  putManifest(value: StoredManifest): Promise<void>
  getArtifact(id: string): Promise<StoredArtifact | undefined>
  putArtifact(value: StoredArtifact): Promise<void>
  getSnapshot(id: string): Promise<StoredSnapshot | undefined>
  putSnapshot(value: StoredSnapshot): Promise<void>
  /** Drop an artifact and every snapshot made from it (a corrupted entry). */
  deleteArtifact(id: string): Promise<void>
  /** Keys of every stored artifact and snapshot (for pruning). */
  keys(): Promise<{ artifacts: string[]; snapshots: string[] }>
  deleteSnapshot(id: string): Promise<void>
  close(): void
}

export function artifactId(mb_version: string, sha256: string): string {
  return `${mb_version}@${sha256}`
}

export function snapshotId(artifact: string, format: string): string {
  return `${artifact}#${format}`
}

/** The artifact id and format a snapshot id was made from. */
export function parseSnapshotId(id: string): { artifact: string; format: string } {
  const at = id.indexOf('#')
  return at < 0 ? { artifact: id, format: '' } : { artifact: id.slice(0, at), format: id.slice(at + 1) }
}
