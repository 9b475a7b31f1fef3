/**
 * Runs one edition's adapter once per build: checks the files' hashes, ingests, attaches the
 * edition id and validates every row against the engine's FactorRowSchema.
 */
import { join } from 'node:path'
import { FactorRowSchema, type FactorRow } from '@openfactors/engine/release'
import { servedAsPublished } from './served-as-published.ts'
import { loadAdapter } from '../adapters/registry.ts'
import { IngestError, type SkippedRow, type SourceAdapter } from '../adapters/types.ts'
import { toEditionDecl, verifyEditionFiles } from '../lock/lock.ts'
import type { LockEdition } from '../lock/schema.ts'

export interface EditionRun {
  id: string
  adapter: string
  factors: FactorRow[]
  skipped: SkippedRow[]
  /** Why the edition produced nothing (missing adapter, unreadable file, invalid rows). */
  error: string | null
  ms: number
}

const MAX_LISTED_ISSUES = 5

export async function runEdition(
  edition: LockEdition,
  datasetsDir: string,
  progress?: (done: number, total: number) => void,
  load: (id: string) => Promise<SourceAdapter> = loadAdapter,
): Promise<EditionRun> {
  const started = performance.now()
  const base = { id: edition.id, adapter: edition.adapter }
  // A hash mismatch is never tolerated: it throws out of the build.
  verifyEditionFiles(edition, datasetsDir)
  let output
  try {
    const adapter = await load(edition.adapter)
    output = adapter.ingest({
      edition: toEditionDecl(edition),
      datasetsDir,
      resolve: (file) => join(datasetsDir, file),
      ...(progress ? { progress } : {}),
    })
  } catch (err) {
    // IngestError's message already names file, sheet and row.
    const message = err instanceof IngestError ? `unreadable input: ${err.message}` : err instanceof Error ? err.message : String(err)
    return { ...base, factors: [], skipped: [], error: message, ms: performance.now() - started }
  }
  const factors: FactorRow[] = []
  const issues: string[] = []
  let invalid = 0
  for (const draft of output.factors) {
    // Every factor says what it is: adapters set `kind` where a row is not an emission factor.
    const row: FactorRow = servedAsPublished({ ...draft, kind: draft.kind ?? 'emission_factor', source_id: edition.id })
    const parsed = FactorRowSchema.safeParse(row)
    if (parsed.success) {
      factors.push(row)
      continue
    }
    invalid++
    if (issues.length < MAX_LISTED_ISSUES) {
      const first = parsed.error.issues[0]
      issues.push(`${String(draft.key)} (${String(draft.cell_ref)}): ${first ? `${first.path.join('.')}: ${first.message}` : 'invalid'}`)
    }
  }
  const error = invalid > 0 ? `${invalid} rows do not match FactorRowSchema, e.g. ${issues.join('; ')}` : null
  return { ...base, factors: error ? [] : factors, skipped: output.skipped, error, ms: performance.now() - started }
}
