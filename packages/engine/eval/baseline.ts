/**
 * The baseline resolve is compared with: a plain minisearch query (prefix + fuzzy 0.2) over the
 * factor names, best 5 — what one would build without units, places, synonyms or ranking.
 */
import MiniSearch from 'minisearch'
import type { ReleaseArtifact } from '../src/release/schema.ts'

export function plainMinisearch(artifact: ReleaseArtifact): (description: string) => { key: string; source: { id: string; cell_ref: string } }[] {
  const index = new MiniSearch<{ id: number; name: string }>({ fields: ['name'] })
  index.addAll(artifact.factors.map((f, id) => ({ id, name: f.name })))
  return (description) =>
    index
      .search(description, { prefix: true, fuzzy: 0.2 })
      .slice(0, 5)
      .flatMap((h) => {
        const f = artifact.factors[h.id as number]
        return f ? [{ key: f.key, source: { id: f.source_id, cell_ref: f.cell_ref } }] : []
      })
}
