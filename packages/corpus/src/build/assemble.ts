/**
 * One release from its editions' rows: unique keys (a duplicate key is an error naming both
 * cells, unless it is the very same cell of the same edition), no two keys served from one
 * cell (that would be a copy), editions and factors sorted.
 */
import type { FactorRow, ReleaseArtifact, WordVectors } from '@openfactors/engine/release'
import { RELEASE_FORMAT } from '@openfactors/engine/release'
import { RESOLVE_MODEL } from '@openfactors/engine/resolve-model'
import { toArtifactEdition } from '../lock/lock.ts'
import type { LockEdition } from '../lock/schema.ts'
import type { ReleaseDecl } from '../releases.ts'
import { cmp } from './canonical.ts'
import { industryWordsFor } from './industry-words.ts'

export interface DuplicateKey {
  key: string
  first: { source_id: string; cell_ref: string; value: number }
  second: { source_id: string; cell_ref: string; value: number }
}

/** Two keys served from one cell: one would be a copy of the other (docs/decisions.md §1 forbids it). */
export interface CopiedCell {
  source_id: string
  cell_ref: string
  keys: string[]
}

export interface Assembled {
  artifact: ReleaseArtifact
  duplicates: DuplicateKey[]
  copies: CopiedCell[]
  /** Rows dropped because the same cell of the same edition was emitted twice. */
  sameCellRepeats: number
}

export function assembleRelease(
  decl: ReleaseDecl,
  editions: readonly LockEdition[],
  rowsByEdition: ReadonlyMap<string, readonly FactorRow[]>,
  industryWords: ReadonlyMap<string, string> = new Map(),
  /** The word vectors for a release with industries (read on first need: about 300 MB of JSON). */
  wordVectors?: () => WordVectors,
): Assembled {
  const included = editions.filter((e) => decl.editions.includes(e.id) && rowsByEdition.has(e.id)).sort((a, b) => cmp(a.id, b.id))
  const byKey = new Map<string, FactorRow>()
  const duplicates: DuplicateKey[] = []
  let sameCellRepeats = 0
  for (const e of included) {
    for (const row of rowsByEdition.get(e.id) ?? []) {
      const prev = byKey.get(row.key)
      if (!prev) {
        byKey.set(row.key, row)
        continue
      }
      if (prev.source_id === row.source_id && prev.cell_ref === row.cell_ref && Object.is(prev.value, row.value)) {
        sameCellRepeats++
        continue
      }
      duplicates.push({
        key: row.key,
        first: { source_id: prev.source_id, cell_ref: prev.cell_ref, value: prev.value },
        second: { source_id: row.source_id, cell_ref: row.cell_ref, value: row.value },
      })
    }
  }
  const factors = [...byKey.values()].sort((a, b) => cmp(a.key, b.key))
  const byCell = new Map<string, string[]>()
  for (const f of factors) {
    const id = `${f.source_id}\u0000${f.cell_ref}`
    const keys = byCell.get(id)
    if (keys) keys.push(f.key)
    else byCell.set(id, [f.key])
  }
  const copies: CopiedCell[] = []
  for (const [id, keys] of byCell) {
    if (keys.length < 2) continue
    const [source_id = '', cell_ref = ''] = id.split('\u0000')
    copies.push({ source_id, cell_ref, keys })
  }
  return {
    artifact: {
      format: RELEASE_FORMAT,
      mb_version: decl.mb_version,
      released_at: decl.released_at,
      editions: included.map(toArtifactEdition),
      factors,
      ...industryWordsField(factors, industryWords, wordVectors),
      // The fitted resolve model travels with the data: a browser loads it with the release.
      resolve_model: RESOLVE_MODEL,
    },
    duplicates,
    copies,
    sameCellRepeats,
  }
}

/** The words of the release's industries and, with them, the word vectors that read purchase lines (resolve/semantic.ts). */
function industryWordsField(factors: readonly FactorRow[], words: ReadonlyMap<string, string>, vectors: (() => WordVectors) | undefined): Pick<ReleaseArtifact, 'industry_words' | 'word_vectors'> {
  const picked = industryWordsFor(factors, words)
  if (!picked) return {}
  return vectors ? { industry_words: picked, word_vectors: vectors() } : { industry_words: picked }
}
