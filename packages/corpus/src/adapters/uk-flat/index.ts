/**
 * UK Government GHG conversion factors, flat files 2016–2023 (`Factors by Category`, one
 * value per row). Keys come from `keys/uk-key.ts`, shared with the full-set adapter.
 */
import { IngestError, type SourceAdapter } from '../types.ts'
import { readWorkbook } from '../../read/workbook.ts'
import { ukFactorsFromCells } from '../../keys/uk-factors.ts'
import { editionYear } from '../../keys/uk-cells.ts'
import { FLAT_SHEET, readFlat } from './read-flat.ts'

export const adapter: SourceAdapter = {
  id: 'uk-flat',
  ingest(ctx) {
    const file = ctx.edition.files[0]
    if (!file || ctx.edition.files.length !== 1) throw new IngestError(ctx.edition.id, 'edition', 'a UK flat edition has exactly one file')
    const read = readFlat(readWorkbook(ctx.resolve(file)), file)
    if (read.cells.length === 0) throw new IngestError(file, `sheet ${FLAT_SHEET}`, 'no numeric value below the header row')
    const out = ukFactorsFromCells(read.cells, editionYear(ctx.edition, file))
    ctx.progress?.(read.cells.length, read.cells.length)
    return { factors: out.factors, skipped: [...read.skipped, ...out.skipped] }
  },
}
