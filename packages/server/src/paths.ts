/** Where the server finds things by default: the repo root (from this file) and its data directory. */
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** <repo>/ — this file is <repo>/packages/server/src/paths.ts. */
export function repoRoot(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
}

/** <repo>/data/releases: where `npm run corpus -- build` writes the release artifacts. */
export function defaultReleasesDir(): string {
  return join(repoRoot(), 'data', 'releases')
}
