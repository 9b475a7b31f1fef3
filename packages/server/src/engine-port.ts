/**
 * What the server needs from the engine and from the release files. The engine's own `Engine`
 * type satisfies `EnginePort` (method parameters are the engine's request types; the server passes
 * the parsed JSON and lets the engine's zod schemas judge it).
 */
import type { ReleaseArtifact, ReleaseManifest } from '@openfactors/engine/release'

export interface CalcContextPort {
  request_id?: string
  now?: () => Date
  attribution_required?: boolean
}

export interface EnginePort {
  search(req: never): unknown
  lookup(key: string, opts?: { as_of?: string }): unknown
  resolve(req: never): unknown
  pcaf(req: never, ctx?: CalcContextPort): unknown
  embodied(req: never, ctx?: CalcContextPort): unknown
  emissions(req: never, ctx?: CalcContextPort): unknown
}

/** The published release files the server hands out (manifest, artifacts) and reads (bulk feed). */
export interface ReleaseFiles {
  manifest(): ReleaseManifest | null
  /** Bytes of a file named in the manifest, or null. */
  read(file: string): Promise<Uint8Array | null>
  /** The parsed artifact of a release. */
  artifact(mb_version: string): Promise<ReleaseArtifact>
}
