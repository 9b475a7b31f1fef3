#!/usr/bin/env node
/**
 * Build the data releases when a releases directory has no manifest yet (fetching the dataset
 * files first when they are missing), or rebuild those our build wrote with another resolve model
 * than this checkout's: the corpus build as its
 * own step, in its own process, so the server only ever reads artifacts and never loads the corpus
 * (or its spreadsheet reader). The server runs this at start-up (`npm start`, `openfactors-mcp`);
 * it also runs alone:
 *
 *   node scripts/ensure-releases.mjs [releasesDir]     (default: OPENFACTORS_RELEASES_DIR or data/releases)
 *
 * Everything goes to stderr: under `openfactors-mcp`, stdout belongs to the MCP protocol.
 * Exit status: 0 when the releases exist (or were built); 3 when dataset files are missing and
 * could not be fetched (the message says which and what to run); the corpus build's status otherwise.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dir = resolve(process.argv[2] ?? process.env.OPENFACTORS_RELEASES_DIR ?? join(root, 'data', 'releases'))

if (existsSync(join(dir, 'manifest.json')) && !builtWithAnotherModel()) process.exit(0)

/**
 * Releases our build wrote carry the fitted resolve model; after a checkout with another fit they are
 * rebuilt (`corpus ensure` decides, and keeps them when the dataset files are missing). A cheap look
 * first so that a normal start does not load the corpus: the report's `resolve_model` against the
 * version in the engine's model file. Releases without our build report are never touched.
 */
function builtWithAnotherModel() {
  try {
    const report = JSON.parse(readFileSync(join(dir, 'build-report.json'), 'utf8'))
    if (report.format !== 'openfactors.build-report/1') return false
    const model = readFileSync(join(root, 'packages', 'engine', 'src', 'resolve', 'model-data.ts'), 'utf8')
    const version = /"version":"([^"]+)"/.exec(model)?.[1]
    return version !== undefined && report.resolve_model !== version
  } catch {
    return false
  }
}

// `corpus ensure`: fetch the dataset files that are missing (lock sources, or
// OPENFACTORS_DATASETS_MIRROR), then build. Offline it names the files and the command to run (exit 3).
const cli = join(root, 'packages', 'corpus', 'src', 'cli.ts')
const build = spawnSync(process.execPath, ['--conditions=@openfactors/source', '--import', import.meta.resolve('tsx'), cli, 'ensure', '--out', dir], { stdio: ['ignore', 2, 2] })
if (build.status === 3) process.exit(3)
if (build.status !== 0 || !existsSync(join(dir, 'manifest.json'))) {
  process.stderr.write(`The corpus build failed; see ${join(dir, 'build-report.json')} (or run npm run corpus -- build).\n`)
  process.exit(build.status || 1)
}
