/**
 * Small generated datasets for tests: spreadsheets written with @e965/xlsx, CSV/JSON text, and
 * lock entries whose hashes match the generated files. Nothing here copies real data.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import * as XLSX from '@e965/xlsx'
import { sha256File } from '../src/lock/lock.ts'
import type { CsvFormat, DatasetsLock, LockEdition } from '../src/lock/schema.ts'

export function tempDir(prefix = 'openfactors-corpus-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

export interface SheetSpec {
  rows: unknown[][]
  /** Merged ranges like `A2:A4`. */
  merges?: string[]
}

export function writeXlsx(path: string, sheets: Record<string, SheetSpec>, bookType: 'xlsx' | 'xls' = 'xlsx'): void {
  const wb = XLSX.utils.book_new()
  for (const [name, spec] of Object.entries(sheets)) {
    const ws = XLSX.utils.aoa_to_sheet(spec.rows)
    if (spec.merges) ws['!merges'] = spec.merges.map((m) => XLSX.utils.decode_range(m))
    XLSX.utils.book_append_sheet(wb, ws, name)
  }
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, XLSX.write(wb, { type: 'buffer', bookType }) as Buffer)
}

export function writeText(path: string, text: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
}

export function lockEdition(
  datasetsDir: string,
  e: { id: string; series?: string; adapter: string; published_at: string; files: (string | { path: string; csv: CsvFormat })[] },
): LockEdition {
  return {
    id: e.id,
    series: e.series ?? e.id,
    dataset: 'test-dataset',
    edition: e.id,
    adapter: e.adapter,
    title: `Test ${e.id}`,
    publisher: 'Test publisher',
    url: 'https://example.org',
    license: { name: 'Test licence', spdx: null, url: null },
    redistributable: true,
    attribution: 'Test attribution',
    retrieved_at: '2026-11-22',
    published_at: e.published_at,
    published_at_basis: { kind: 'documented', note: 'test' },
    files: e.files.map((f) => {
      const path = typeof f === 'string' ? f : f.path
      const sha256 = sha256File(join(datasetsDir, path))
      return typeof f === 'string' ? { path, sha256 } : { path, sha256, csv: f.csv }
    }),
  }
}

export function testLock(editions: LockEdition[]): DatasetsLock {
  return { format: 'openfactors.datasets-lock/1', retrieved_at: '2026-11-22', excluded: [], editions }
}
