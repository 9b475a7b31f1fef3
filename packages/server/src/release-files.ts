/**
 * Release files on disk (Node): the manifest, the gzipped artifacts, and the synchronous loader
 * the engine's `loadRelease` callback uses for older versions on first use.
 */
import { createEngine, latestRelease, type Engine } from '@openfactors/engine'
import { RESOLVE_MODEL } from '@openfactors/engine/resolve-model'
import { ReleaseArtifactSchema, ReleaseManifestSchema, type ReleaseArtifact, type ReleaseManifest } from '@openfactors/engine/release'
import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { ReleaseFiles } from './engine-port.ts'

export function readManifestFile(dir: string): ReleaseManifest | null {
  const path = join(dir, 'manifest.json')
  if (!existsSync(path)) return null
  return ReleaseManifestSchema.parse(JSON.parse(readFileSync(path, 'utf8')))
}

export function diskReleaseFiles(dir: string): ReleaseFiles & { artifactJson(mb_version: string): string } {
  let manifest: ReleaseManifest | null | undefined
  const current = () => (manifest ??= readManifestFile(dir))
  const entryOf = (mb_version: string) => {
    const entry = current()?.releases.find((r) => r.mb_version === mb_version)
    if (!entry) throw new Error(`release ${mb_version} is not in ${join(dir, 'manifest.json')}`)
    return entry
  }
  const artifactJson = (mb_version: string) => gunzipSync(readFileSync(join(dir, entryOf(mb_version).file))).toString('utf8')
  return {
    manifest: current,
    async read(file) {
      if (!current()?.releases.some((r) => r.file === file)) return null
      return new Uint8Array(await readFile(join(dir, file)))
    },
    async artifact(mb_version): Promise<ReleaseArtifact> {
      return ReleaseArtifactSchema.parse(JSON.parse(artifactJson(mb_version)))
    },
    artifactJson,
  }
}

/**
 * An engine over the releases in `dir` with the latest loaded and older ones loaded on first use:
 * the one start-up of the server, the calculation workers and the MCP stdio bin.
 */
export function loadEngineFromDisk(dir: string): { engine: Engine; manifest: ReleaseManifest; latest: ReleaseManifest['releases'][number]; files: ReturnType<typeof diskReleaseFiles> } {
  const files = diskReleaseFiles(dir)
  const manifest = files.manifest()
  const latest = manifest ? latestRelease(manifest.releases) : undefined
  if (!manifest || !latest) throw new Error(`No releases in ${join(dir, 'manifest.json')}.`)
  const engine = createEngine({ catalog: manifest.releases, loadRelease: (v) => files.artifactJson(v), resolveModel: RESOLVE_MODEL })
  engine.load(files.artifactJson(latest.mb_version))
  return { engine, manifest, latest, files }
}
