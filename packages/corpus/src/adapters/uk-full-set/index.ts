/**
 * UK Government GHG conversion factors, full sets 2024–2026 (one sheet per category, tables
 * with merged labels and two-row headers). Keys come from `keys/uk-key.ts`, shared with the
 * flat-file adapter, so a factor keeps its key from 2016 to 2026.
 */
import { IngestError, type SourceAdapter } from '../types.ts'
import { readWorkbook } from '../../read/workbook.ts'
import { ukFactorsFromCells } from '../../keys/uk-factors.ts'
import { editionYear } from '../../keys/uk-cells.ts'
import { readFullSet } from './read-full-set.ts'

export const adapter: SourceAdapter = {
  id: 'uk-full-set',
  ingest(ctx) {
    const file = ctx.edition.files[0]
    if (!file || ctx.edition.files.length !== 1) throw new IngestError(ctx.edition.id, 'edition', 'a UK full-set edition has exactly one file')
    const read = readFullSet(readWorkbook(ctx.resolve(file)))
    if (read.cells.length === 0) throw new IngestError(file, 'workbook', 'no factor table (a header row `Activity … Unit …`) in any sheet')
    const out = ukFactorsFromCells(read.cells, editionYear(ctx.edition, file))
    ctx.progress?.(read.cells.length, read.cells.length)
    return { factors: out.factors, skipped: [...read.skipped, ...out.skipped] }
  },
}
