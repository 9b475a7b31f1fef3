/**
 * The engine in-process on the local releases (no server): `--releases DIR` / `OPENFACTORS_RELEASES_DIR`,
 * else `data/releases` of the repository when there is one, else the installed `@openfactors/data`.
 * The latest release is loaded; older ones on use.
 */
import { createEngine, latestRelease, ReleaseManifestSchema, type Engine } from '@openfactors/engine'
import { RESOLVE_MODEL } from '@openfactors/engine/resolve-model'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { releasesDir as packagedReleasesDir } from '@openfactors/data/node'

/** <repo>/data/releases when this runs from the repository (this file is <repo>/packages/cli/src/local.ts), else the data package's. */
export function defaultReleasesDir(): string {
  const repoReleases = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..'), 'data', 'releases')
  return existsSync(join(repoReleases, 'manifest.json')) ? repoReleases : packagedReleasesDir
}

export function localEngine(dir: string): { engine: Engine; latest: string } {
  const manifestPath = join(dir, 'manifest.json')
  if (!existsSync(manifestPath)) {
    throw new Error(`No releases in ${dir} (build them with \`npm run corpus -- build\`, or pass --releases DIR)`)
  }
  const manifest = ReleaseManifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')))
  const latest = latestRelease(manifest.releases)
  if (!latest) throw new Error(`The manifest in ${dir} lists no release`)
  const bytes = (mb_version: string): Uint8Array => {
    const entry = manifest.releases.find((r) => r.mb_version === mb_version)
    if (!entry) throw new Error(`Release ${mb_version} is not in ${manifestPath}`)
    return gunzipSync(readFileSync(join(dir, entry.file)))
  }
  const engine = createEngine({ catalog: manifest.releases, loadRelease: bytes, resolveModel: RESOLVE_MODEL })
  engine.load(bytes(latest.mb_version))
  return { engine, latest: latest.mb_version }
}
