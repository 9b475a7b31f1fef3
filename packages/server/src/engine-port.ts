/**
 * What the server needs from the engine and from the release files: the engine's own verbs, typed
 * by the engine's request and response types. Routes turn a JSON body into a request with the
 * engine's `assertRequest` (the engine's schema and error), never by casting.
 */
import type { CalcContext, Engine } from '@openfactors/engine'
import type { ReleaseArtifact, ReleaseManifest } from '@openfactors/engine/release'

export type CalcContextPort = CalcContext

export type EnginePort = Pick<Engine, 'search' | 'lookup' | 'resolve' | 'pcaf' | 'embodied' | 'emissions'>

/** The published release files the server hands out (manifest, artifacts) and reads (bulk feed). */
export interface ReleaseFiles {
  manifest(): ReleaseManifest | null
  /** Bytes of a file named in the manifest, or null. */
  read(file: string): Promise<Uint8Array | null>
  /** The parsed artifact of a release. */
  artifact(mb_version: string): Promise<ReleaseArtifact>
}
