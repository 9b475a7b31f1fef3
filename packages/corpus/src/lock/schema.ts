/**
 * `datasets.lock.json`: every dataset file the corpus reads, with its sha256, licence and
 * dates. The lock is what makes a build reproducible: a file whose hash differs is refused.
 */
import { z } from 'zod'
import { PublicationSchema } from '@openfactors/engine/release'

export const LOCK_FORMAT = 'openfactors.datasets-lock/1' as const

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/** How a CSV file is read: the proof and the adapters must agree. */
export const CsvFormatSchema = z.object({
  separator: z.string().length(1),
  encoding: z.enum(['utf8', 'latin1']),
  /** Header records before the data (IFI has 3); column names are matched in these. Default 1. */
  header_records: z.number().int().min(1).optional(),
})
export type CsvFormat = z.infer<typeof CsvFormatSchema>

/**
 * Where a file can be downloaded (`npm run corpus -- fetch` tries them in order; the sha256
 * decides). `publisher`: the publisher's own address. `repository`: the public repository and
 * commit the file was copied from (raw URL of that path at that commit).
 */
export const DownloadSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('publisher'), url: z.url(), note: z.string().optional() }),
  z.object({
    kind: z.literal('repository'),
    url: z.url(),
    repository: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
    commit: z.string().regex(/^[0-9a-f]{40}$/),
    path: z.string(),
    note: z.string().optional(),
  }),
])
export type DownloadSource = z.infer<typeof DownloadSourceSchema>

export const LockFileSchema = z.object({
  path: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  csv: CsvFormatSchema.optional(),
  /** Download sources, tried in order (see DownloadSourceSchema). */
  sources: z.array(DownloadSourceSchema).optional(),
})
export type LockFile = z.infer<typeof LockFileSchema>

/** Where `published_at` comes from; every kind but `documented` is re-read from the file. */
export const PublishedAtBasisSchema = z.discriminatedUnion('kind', [
  /** A cell holding a date (Excel serial), e.g. the UK front page "Updated:" cell. */
  z.object({ kind: z.literal('cell'), file: z.string(), ref: z.string(), note: z.string() }),
  /** A cell holding text with a date in it, e.g. EPA "Last Modified: 12 September 2023". */
  z.object({ kind: z.literal('text'), file: z.string(), ref: z.string(), note: z.string() }),
  /** The xlsx document properties' modified date. */
  z.object({ kind: z.literal('doc_modified'), file: z.string(), note: z.string() }),
  /** Not stated in the file: the lock documents the date and why. */
  z.object({ kind: z.literal('documented'), note: z.string() }),
])
export type PublishedAtBasis = z.infer<typeof PublishedAtBasisSchema>

export const LockEditionSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** Editions of one series replace each other; a release holds one edition per series. */
  series: z.string(),
  dataset: z.string(),
  edition: z.string(),
  adapter: z.string(),
  ...PublicationSchema.shape,
  retrieved_at: IsoDate,
  published_at: IsoDate,
  published_at_basis: PublishedAtBasisSchema,
  files: z.array(LockFileSchema).min(1),
})
export type LockEdition = z.infer<typeof LockEditionSchema>

export const DatasetsLockSchema = z.object({
  format: z.literal(LOCK_FORMAT),
  retrieved_at: IsoDate,
  /** Files in the datasets directory that are deliberately not read (e.g. licence texts). */
  excluded: z.array(z.object({ path: z.string(), sha256: z.string(), why: z.string(), sources: z.array(DownloadSourceSchema).optional() })),
  editions: z.array(LockEditionSchema),
})
export type DatasetsLock = z.infer<typeof DatasetsLockSchema>
