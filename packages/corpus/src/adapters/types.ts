/**
 * The contract every source adapter meets. One adapter per source *layout*; each reads the
 * published files of one edition and returns factor rows with the exact cell each value came
 * from. The build (not the adapter) attaches source metadata, checks key uniqueness, and then
 * proves every `cell_ref` by re-reading the file (see `../proof`).
 */
import type { FactorRow } from '@openfactors/engine/release'

/** One edition as declared in `datasets.lock.json`. */
export interface EditionDecl {
  /** Source id, e.g. `uk-desnz-ghg-cf-2025`. */
  id: string
  /** Dataset folder, e.g. `uk-desnz-ghg-conversion-factors`. */
  dataset: string
  edition: string
  /** Adapter id, e.g. `uk-full-set`. */
  adapter: string
  /** Files relative to the datasets directory. */
  files: string[]
}

export interface AdapterContext {
  edition: EditionDecl
  /** Absolute path of the datasets directory. */
  datasetsDir: string
  /** Absolute path of one of the edition's files. */
  resolve(file: string): string
  /** Optional progress callback (rows done, rows in all). */
  progress?(done: number, total: number): void
}

/** Why a row of the file produced no factor. Counted in the build report. */
export type SkipReason =
  | 'empty_value'
  | 'not_estimated'
  | 'energy_conversion'
  | 'not_a_factor'
  | 'restated_primary'
  | 'non_numeric'
  | 'duplicate_row'
  | 'out_of_scope'

export interface SkippedRow {
  reason: SkipReason
  /** Where (sheet/line); enough for a person to find the row. */
  where: string
  detail?: string
}

/** A factor row before the build attaches the edition id. */
export type DraftFactor = Omit<FactorRow, 'source_id'>

export interface AdapterOutput {
  factors: DraftFactor[]
  skipped: SkippedRow[]
}

export interface SourceAdapter {
  /** Adapter id used in the lock file. */
  id: string
  ingest(ctx: AdapterContext): AdapterOutput
}

/** Thrown for anything unreadable: names the file, sheet and row. */
export class IngestError extends Error {
  constructor(
    readonly file: string,
    readonly where: string,
    message: string,
  ) {
    super(`${file} ${where}: ${message}`)
    this.name = 'IngestError'
  }
}
