/**
 * First run: make sure built releases exist. When `data/releases` has no manifest, fetch every
 * dataset file of the lock that is missing (from the lock's sources, or a mirror), then build.
 * When files cannot be fetched (offline), stop with a message that names the missing files and
 * the exact commands to run. `npm start` (prestart) and the server meet here.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { buildReleases, type BuildProgress } from './build.ts'
import { runFetch } from './fetch/cli-fetch.ts'
import { missingFiles } from './fetch/fetch-datasets.ts'
import { readLock } from './lock/lock.ts'
import { defaultOutDir, findDatasetsDir } from './paths.ts'

export class DataUnavailableError extends Error {
  constructor(
    readonly missing: string[],
    readonly datasetsDir: string,
  ) {
    const shown = missing.slice(0, 40).map((p) => `  - ${p}`)
    if (missing.length > shown.length) shown.push(`  … and ${missing.length - shown.length} more`)
    super(
      [
        `${missing.length} dataset file${missing.length === 1 ? ' is' : 's are'} missing from ${datasetsDir} and could not be downloaded:`,
        ...shown,
        'Run, when online:',
        '  npm run corpus -- fetch',
        'or take the files from your own copy:',
        '  npm run corpus -- fetch --mirror <URL>      (or set OPENFACTORS_DATASETS_MIRROR)',
        '  OPENFACTORS_DATASETS=<dir holding them> npm start',
        'then start again.',
      ].join('\n'),
    )
    this.name = 'DataUnavailableError'
  }
}

export interface EnsureDataOptions {
  outDir?: string
  datasetsDir?: string
  mirror?: string
  stream?: NodeJS.WriteStream
  onProgress?: (p: BuildProgress) => void
}

/** Returns what it did: nothing (releases present), or built (after fetching `fetched` missing files). */
export async function ensureData(opts: EnsureDataOptions = {}): Promise<{ built: boolean; fetched: number }> {
  const outDir = opts.outDir ?? defaultOutDir()
  if (existsSync(join(outDir, 'manifest.json'))) return { built: false, fetched: 0 }
  const stream = opts.stream ?? process.stderr
  const datasetsDir = opts.datasetsDir ?? findDatasetsDir()
  const mirror = opts.mirror ?? (process.env.OPENFACTORS_DATASETS_MIRROR?.trim() || undefined)
  const lock = readLock()
  const missing = missingFiles(lock, datasetsDir)
  if (missing.length > 0) {
    stream.write(`No data releases yet and ${missing.length} of the dataset files are not in ${datasetsDir}: fetching them first.\n`)
    const ok = await runFetch({ datasetsDir, ...(mirror ? { mirror } : {}), stream })
    if (!ok) throw new DataUnavailableError(missingFiles(lock, datasetsDir), datasetsDir)
  }
  stream.write(`No data releases in ${outDir}: building the corpus from the datasets in ${datasetsDir} (first run only).\n`)
  const result = await buildReleases({ outDir, datasetsDir, lock, ...(opts.onProgress ? { onProgress: opts.onProgress } : {}) })
  if (stream.isTTY) stream.write('\n')
  if (!result.written) throw new Error(`The corpus build failed; see ${join(outDir, 'build-report.json')} (or run npm run corpus -- build).`)
  return { built: true, fetched: missing.length }
}
