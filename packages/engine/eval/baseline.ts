/**
 * The baseline resolve is compared with: a plain minisearch query (prefix + fuzzy 0.2) over the
 * factor names, best 5 — what one would build without units, places, synonyms or ranking rules.
 */
import MiniSearch from 'minisearch'
import type { ReleaseArtifact } from '../src/release/schema.ts'
import type { EvalFile } from './eval-file.ts'

export function baselineScores(artifact: ReleaseArtifact, file: EvalFile): { top1: number; top5: number; mrr: number } {
  const index = new MiniSearch<{ id: number; name: string }>({ fields: ['name'] })
  index.addAll(artifact.factors.map((f, id) => ({ id, name: f.name })))
  let top1 = 0
  let top5 = 0
  let mrr = 0
  for (const c of file.cases) {
    const ok = new Set(c.accept.map((a) => `${a.source}|${a.cell_ref}`))
    const hits = index.search(c.description, { prefix: true, fuzzy: 0.2 }).slice(0, 5)
    const i = hits.findIndex((h) => {
      const f = artifact.factors[h.id as number]
      return f !== undefined && ok.has(`${f.source_id}|${f.cell_ref}`)
    })
    if (i === 0) top1++
    if (i >= 0) {
      top5++
      mrr += 1 / (i + 1)
    }
  }
  const n = file.cases.length || 1
  return { top1: top1 / n, top5: top5 / n, mrr: mrr / n }
}
