/** Node-only harness: build the browser bundle with the package's own vite config. */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

export const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** Build into a fresh temporary directory (so parallel runs never share a half-written dist). */
export async function buildBundle(outDir?: string): Promise<string> {
  const dir = outDir ?? (await mkdtemp(join(tmpdir(), 'openfactors-web-worker-dist-')))
  await build({
    configFile: join(PACKAGE_DIR, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true },
  })
  return dir
}
