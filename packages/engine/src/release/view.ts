/**
 * What a calculation needs from a loaded release: factors by key, the source object served
 * with each factor, and candidate keys for a key that is not there. The finding half of the
 * engine implements it; the calculating half (`../calc`) only consumes it.
 */
import { z } from 'zod'
import type { Candidate } from '../errors.ts'
import type { Edition, FactorRow } from './schema.ts'
import { PublicationSchema, SourceDatesSchema } from './schema.ts'

/** The `source` object served with every factor (docs/decisions.md §1). */
export const SourceRefSchema = z.object({
  id: z.string().describe('Dataset and edition, e.g. uk-desnz-ghg-cf-2025'),
  cell_ref: z.string().describe("Where the value was read: 'Sheet'!D23, file.csv#L12:Column or file.json#/pointer"),
  ...PublicationSchema.shape,
  ...SourceDatesSchema.shape,
  data_version: z.string(),
})
export type SourceRef = z.infer<typeof SourceRefSchema>

export interface ReleaseView {
  readonly mb_version: string
  readonly released_at: string
  factor(key: string): FactorRow | undefined
  edition(id: string): Edition | undefined
  /** Ranked candidates for a key that is not in the release (best first). */
  candidates(key: string, limit?: number): Candidate[]
}

/** Build the served source object of a factor, or of one of its cells (gas, module). */
export function sourceOf(row: FactorRow, edition: Edition, mb_version: string, cell_ref: string = row.cell_ref): SourceRef {
  return {
    id: edition.id,
    cell_ref,
    title: edition.title,
    publisher: edition.publisher,
    url: edition.url,
    license: edition.license,
    redistributable: edition.redistributable,
    attribution: edition.attribution,
    retrieved_at: edition.retrieved_at,
    published_at: edition.published_at,
    data_version: mb_version,
  }
}
