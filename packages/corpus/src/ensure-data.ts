/**
 * First run: make sure built releases exist. When `data/releases` has no manifest, fetch every
 * dataset file of the lock that is missing (from the lock's sources, or a mirror), then build.
 * When files cannot be fetched (offline), stop with a message that names the missing files and
 * the exact commands to run. `npm start` (prestart) and the server meet here.
 */
import { RESOLVE_MODEL } from '@openfactors/engine/resolve-model'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPORT_FILE } from './artifacts.ts'
import { buildReleases, type BuildProgress } from './build.ts'
import { REPORT_FORMAT } from './report.ts'
import { runFetch } from './fetch/cli-fetch.ts'
import { missingFiles } from './fetch/fetch-datasets.ts'
import { readLock } from './lock/lock.ts'
import type { DatasetsLock } from './lock/schema.ts'
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

/**
 * The resolve model version a build of ours wrote into `build-report.json`; null when `outDir` holds
 * no report of ours (releases from elsewhere are never rebuilt) and '' for a report from before the field.
 */
export function builtResolveModel(outDir: string): string | null {
  try {
    const report = JSON.parse(readFileSync(join(outDir, REPORT_FILE), 'utf8')) as { format?: unknown; resolve_model?: unknown }
    if (report.format !== REPORT_FORMAT) return null
    return typeof report.resolve_model === 'string' ? report.resolve_model : ''
  } catch {
    return null
  }
}

/**
 * Returns what it did: nothing (releases present and built with this checkout's resolve model),
 * or built (after fetching `fetched` missing files). Releases our build wrote with another model are
 * rebuilt when the dataset files are here; without them the old releases stay (hosts fall back to
 * their own model) and a line says so.
 */
export async function ensureData(opts: EnsureDataOptions = {}): Promise<{ built: boolean; fetched: number }> {
  const outDir = opts.outDir ?? defaultOutDir()
  const stream = opts.stream ?? process.stderr
  const datasetsDir = opts.datasetsDir ?? findDatasetsDir()
  const lock = readLock()
  if (existsSync(join(outDir, 'manifest.json'))) {
    const built = builtResolveModel(outDir)
    if (built === null || built === RESOLVE_MODEL.version) return { built: false, fetched: 0 }
    const was = built === '' ? 'an older resolve model' : `resolve model ${built}`
    if (missingFiles(lock, datasetsDir).length > 0) {
      stream.write(`The releases in ${outDir} carry ${was}, this checkout has ${RESOLVE_MODEL.version}; the dataset files to rebuild them are not in ${datasetsDir}, so they stay as they are.\n`)
      return { built: false, fetched: 0 }
    }
    stream.write(`The releases in ${outDir} carry ${was}, this checkout has ${RESOLVE_MODEL.version}: rebuilding them.\n`)
    return { built: await build(outDir, datasetsDir, lock, stream, opts.onProgress), fetched: 0 }
  }
  const mirror = opts.mirror ?? (process.env.OPENFACTORS_DATASETS_MIRROR?.trim() || undefined)
  const missing = missingFiles(lock, datasetsDir)
  if (missing.length > 0) {
    stream.write(`No data releases yet and ${missing.length} of the dataset files are not in ${datasetsDir}: fetching them first.\n`)
    const ok = await runFetch({ datasetsDir, ...(mirror ? { mirror } : {}), stream })
    if (!ok) throw new DataUnavailableError(missingFiles(lock, datasetsDir), datasetsDir)
  }
  stream.write(`No data releases in ${outDir}: building the corpus from the datasets in ${datasetsDir} (first run only).\n`)
  return { built: await build(outDir, datasetsDir, lock, stream, opts.onProgress), fetched: missing.length }
}

async function build(outDir: string, datasetsDir: string, lock: DatasetsLock, stream: NodeJS.WriteStream, onProgress: EnsureDataOptions['onProgress']): Promise<true> {
  const result = await buildReleases({ outDir, datasetsDir, lock, ...(onProgress ? { onProgress } : {}) })
  if (stream.isTTY) stream.write('\n')
  if (!result.written) throw new Error(`The corpus build failed; see ${join(outDir, REPORT_FILE)} (or run npm run corpus -- build).`)
  return true
}
