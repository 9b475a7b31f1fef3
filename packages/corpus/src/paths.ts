/**
 * Where things live: the repo root (found from this file, not the working directory), the
 * datasets directory (docs/decisions.md §1) and the default output directory for release artifacts.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))

/** <repo>/ — this file is <repo>/packages/corpus/src/paths.ts. */
export function repoRoot(): string {
  return resolve(here, '..', '..', '..')
}

/** <repo>/packages/corpus/ */
export function corpusPackageDir(): string {
  return resolve(here, '..')
}

/** <repo>/data/releases (gitignored). */
export function defaultOutDir(): string {
  return join(repoRoot(), 'data', 'releases')
}

export function defaultLockPath(): string {
  return join(corpusPackageDir(), 'datasets.lock.json')
}

function isDir(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory()
}

/**
 * `OPENFACTORS_DATASETS` when set; else `../shared/datasets` beside the repo root when it
 * exists; else `<repo>/datasets`. Returns the path even when it does not exist (callers
 * report missing files against it).
 */
export function findDatasetsDir(env: Record<string, string | undefined> = process.env): string {
  const fromEnv = env.OPENFACTORS_DATASETS
  if (fromEnv && fromEnv.trim() !== '') return resolve(fromEnv)
  const shared = resolve(repoRoot(), '..', 'shared', 'datasets')
  if (isDir(shared)) return shared
  return join(repoRoot(), 'datasets')
}

/**
 * Whether `dir` holds datasets: a directory with at least one file in it or in one of its dataset
 * directories. A directory alone is not enough: a first fetch that failed (no network) used to
 * leave empty dataset directories behind, and every later run took them for datasets.
 */
export function datasetsPresent(dir: string = findDatasetsDir()): boolean {
  if (!isDir(dir)) return false
  return readdirSync(dir, { withFileTypes: true }).some((e) => e.isFile() || (e.isDirectory() && readdirSync(join(dir, e.name)).length > 0))
}
