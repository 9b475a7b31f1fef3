/** Node-only harness: the real releases built by `npm run corpus -- build`, when they exist. */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ReleaseManifestSchema } from '@openfactors/engine/release'
import { PACKAGE_DIR } from './build.ts'
import type { ServedRelease } from './static-server.ts'

export const REAL_RELEASES_DIR = process.env.OPENFACTORS_RELEASES_DIR ?? join(PACKAGE_DIR, '..', '..', 'data', 'releases')

export function hasRealReleases(dir: string = REAL_RELEASES_DIR): boolean {
  return existsSync(join(dir, 'manifest.json'))
}

/** Every release of the real manifest, with its gzipped bytes, as the server would serve them. */
export async function readRealReleases(dir: string = REAL_RELEASES_DIR): Promise<ServedRelease[]> {
  const manifest = ReleaseManifestSchema.parse(JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')))
  return Promise.all(
    manifest.releases.map(async (entry) => ({ entry, bytes: new Uint8Array(await readFile(join(dir, entry.file))) })),
  )
}
