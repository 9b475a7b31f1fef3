/**
 * `@openfactors/data/node`: where the packaged release is, and its artifact ready for the engine.
 *
 *   import { createEngine } from '@openfactors/engine'
 *   import { loadDataPackage } from '@openfactors/data/node'
 *   const engine = createEngine()
 *   engine.load(loadDataPackage())
 *
 * Node-only (reads files); the engine itself never imports Node APIs, so this lives here.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { ReleaseManifestSchema, type ReleaseManifest } from '@openfactors/engine/release'

/** This package's directory (the module sits in `src/` or `dist/`). */
const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Directory holding `manifest.json` and the gzipped artifact: serve it, or point the server's `OPENFACTORS_RELEASES_DIR` at it. */
export const releasesDir: string = join(packageDir, 'releases')

/** The manifest of the packaged release (the web worker's `manifestUrl` wants this file, served). */
export const manifestPath: string = join(releasesDir, 'manifest.json')

export function readDataManifest(): ReleaseManifest {
  if (!existsSync(manifestPath)) {
    throw new Error(`@openfactors/data holds no release (${manifestPath} is missing): build it with \`npm run corpus -- build && npm run build -w @openfactors/data\`.`)
  }
  const parsed = ReleaseManifestSchema.safeParse(JSON.parse(readFileSync(manifestPath, 'utf8')))
  if (!parsed.success || parsed.data.releases.length === 0) throw new Error(`${manifestPath} is not an openfactors.manifest/1 listing a release`)
  return parsed.data
}

/** The packaged (latest) release's artifact as JSON bytes, its sha256 checked: pass it to `engine.load()`. */
export function loadDataPackage(): Uint8Array {
  const entry = readDataManifest().releases.at(-1)
  if (!entry) throw new Error(`${manifestPath} lists no release`)
  const gz = readFileSync(join(releasesDir, entry.file))
  const sha256 = createHash('sha256').update(gz).digest('hex')
  if (sha256 !== entry.sha256) throw new Error(`${entry.file}: sha256 ${sha256} differs from the manifest's ${entry.sha256}`)
  return new Uint8Array(gunzipSync(gz))
}
