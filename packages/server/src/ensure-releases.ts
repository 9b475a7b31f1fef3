/**
 * Start-up step: run `scripts/ensure-releases.mjs` in its own process and wait for it. It returns at
 * once when the releases exist and were built with this checkout's resolve model; otherwise it runs
 * the corpus build (first run, or a new fit). The server itself only reads artifacts.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from './paths.ts'

export async function ensureReleases(dir: string): Promise<void> {
  const script = join(repoRoot(), 'scripts', 'ensure-releases.mjs')
  // Installed from npm there is no corpus to build: the releases come from @openfactors/data.
  if (!existsSync(script)) {
    if (existsSync(join(dir, 'manifest.json'))) return
    throw new Error(`No releases in ${dir}: set OPENFACTORS_RELEASES_DIR to a releases directory (e.g. node_modules/@openfactors/data/releases).`)
  }
  // The child's stdout goes to our stderr: under openfactors-mcp, stdout is the protocol.
  const status = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [script, dir], { stdio: ['ignore', 2, 2] })
    child.on('error', reject)
    child.on('exit', (code) => resolve(code))
  })
  if (status === 3) throw new Error('The dataset files are missing and could not be fetched (the files and the command to run are listed above).')
  if (status !== 0) throw new Error(`The corpus build failed; see ${join(dir, 'build-report.json')} (or run npm run corpus -- build).`)
}
