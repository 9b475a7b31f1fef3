/**
 * For real-file tests: the datasets directory when the published files are present (tests
 * skip otherwise), and an adapter context for one edition of it.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { AdapterContext } from '../types.ts'

export function realDatasetsDir(): string | null {
  const candidates = [process.env.OPENFACTORS_DATASETS, resolve(import.meta.dirname, '../../../../../../shared/datasets'), resolve(import.meta.dirname, '../../../../../datasets')]
  for (const c of candidates) if (c && existsSync(join(c, 'MANIFEST.md'))) return c
  return null
}

export function realContext(datasetsDir: string, id: string, dataset: string, adapter: string, files: string[]): AdapterContext {
  return {
    edition: { id, dataset, edition: id, adapter, files },
    datasetsDir,
    resolve: (file) => join(datasetsDir, file),
  }
}
