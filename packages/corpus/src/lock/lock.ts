/**
 * Reading the lock and checking dataset files against it. Hashing reads each file once per
 * process (the build re-uses the verdict for every release that holds the edition).
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Edition } from '@openfactors/engine/release'
import type { EditionDecl } from '../adapters/types.ts'
import { defaultLockPath } from '../paths.ts'
import { DatasetsLockSchema, type DatasetsLock, type LockEdition, type LockFile } from './schema.ts'

export class DatasetHashError extends Error {
  constructor(
    readonly file: string,
    readonly expected: string,
    readonly got: string,
  ) {
    super(`dataset file ${file} does not match datasets.lock.json: expected sha256 ${expected}, got ${got}`)
    this.name = 'DatasetHashError'
  }
}

export class DatasetMissingError extends Error {
  constructor(
    readonly file: string,
    readonly datasetsDir: string,
  ) {
    super(`dataset file ${file} is missing from ${datasetsDir} (set OPENFACTORS_DATASETS to the datasets directory)`)
    this.name = 'DatasetMissingError'
  }
}

export function readLock(path: string = defaultLockPath()): DatasetsLock {
  const parsed = DatasetsLockSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')))
  if (!parsed.success) throw new Error(`${path} is not a valid datasets lock: ${parsed.error.message}`)
  const ids = new Set<string>()
  for (const e of parsed.data.editions) {
    if (ids.has(e.id)) throw new Error(`${path}: edition id ${e.id} appears twice`)
    ids.add(e.id)
  }
  return parsed.data
}

export function sha256File(absPath: string): string {
  return createHash('sha256').update(readFileSync(absPath)).digest('hex')
}

const verified = new Map<string, string>()

/** Throws DatasetMissingError / DatasetHashError; remembers good files per process. */
export function verifyLockFile(file: LockFile, datasetsDir: string): void {
  const abs = join(datasetsDir, file.path)
  if (verified.get(abs) === file.sha256) return
  if (!existsSync(abs)) throw new DatasetMissingError(file.path, datasetsDir)
  const got = sha256File(abs)
  if (got !== file.sha256) throw new DatasetHashError(file.path, file.sha256, got)
  verified.set(abs, got)
}

export function verifyEditionFiles(edition: LockEdition, datasetsDir: string): void {
  for (const f of edition.files) verifyLockFile(f, datasetsDir)
}

/** Forget verdicts (tests that rewrite files under the same path). */
export function clearVerifiedFiles(): void {
  verified.clear()
}

/** What an adapter gets to know about its edition. */
export function toEditionDecl(e: LockEdition): EditionDecl {
  return { id: e.id, dataset: e.dataset, edition: e.edition, adapter: e.adapter, files: e.files.map((f) => f.path) }
}

/**
 * The edition metadata stored once per release artifact (engine schema; fixed key order). Takes any
 * edition-shaped value (a lock entry carries more fields), so the canonical writer uses it too.
 */
export function toArtifactEdition(e: Edition): Edition {
  return {
    id: e.id,
    dataset: e.dataset,
    edition: e.edition,
    title: e.title,
    publisher: e.publisher,
    url: e.url,
    license: { name: e.license.name, spdx: e.license.spdx, url: e.license.url },
    redistributable: e.redistributable,
    attribution: e.attribution,
    files: e.files.map((f) => ({ path: f.path, sha256: f.sha256 })),
    retrieved_at: e.retrieved_at,
    published_at: e.published_at,
  }
}

/** The lock entry of a file path, for the proof (CSV format) and error messages. */
export function lockFileByPath(lock: DatasetsLock): Map<string, LockFile> {
  const map = new Map<string, LockFile>()
  for (const e of lock.editions) for (const f of e.files) map.set(f.path, f)
  return map
}
