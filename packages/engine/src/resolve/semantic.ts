/**
 * Word meaning for purchase lines: which industries a description is about when it shares no word
 * with them ("JEANS" and Women's Cut and Sew Apparel; "ENDOTRACHEAL" and medical instruments).
 * The release carries GloVe word vectors (`artifact.word_vectors`, public domain, reduced by the
 * corpus build to one sign bit per dimension for the commonest English words and every industry
 * word). Each NAICS industry has two centroids: the words of its NAICS title and description
 * (weighted by how few industries share them) and the lines an expert labelled with it
 * (model.learnedWords); the industry's vector is 0.5 × the first plus the second, scaled to unit
 * length. A description's vector is the mean of its words' vectors, rarer words weighing more; the
 * industries it means are a softmax over its dot products with theirs.
 *
 * Built once per release and model, like the classifier. Each word's dot products with every
 * industry are computed on its first reading and kept (about 1,000 × the vector's dimensions, once);
 * scoring a description then costs one addition per industry and word.
 */
import type { LoadedRelease } from '../index/loaded.ts'
import type { WordVectors } from '../release/word-vectors.ts'
import { bestCodes } from './classifier.ts'
import type { ResolveModel } from './model.ts'

/** Weight of the NAICS-text centroid against the labelled lines' centroid (out of fold on training lines, docs/resolve.md). */
const TEXT_WEIGHT = 0.5
/** Sharpness of the softmax over industries' similarities (chosen in the first design, docs/resolve.md: out of fold, purchase lines top-1 / top-5, 20 gave 49.9% / 72.0%, 10 gave 49.6% / 71.8%). */
const SHARPNESS = 20
/** Industries reported per description (below them the probability is next to nothing). */
const KEEP = 40

interface Space {
  dims: number
  /** Word -> its row in `bytes`. */
  row: Map<string, number>
  /** The sign bits, ceil(dims / 8) bytes per word (decoded per word read: 13 bytes a word instead of 400). */
  bytes: Uint8Array
  codes: string[]
  /** Per code: the NAICS-text centroid times TEXT_WEIGHT plus the labelled lines' centroid (each unit length), scaled to unit length. */
  centroid: Float32Array
  /** Every code (bestCodes reads only the codes marked). */
  all: Uint8Array
  /** Word row -> its unit vector dotted with each code's vector (projection()), the most recently read last. */
  projections: Map<number, Float32Array>
  /** Scratch for one word's unit vector. */
  unit: Float32Array
}

/** The words and sign bits of the release's vectors; throws when the bytes do not fit the words. */
export function wordVectorBytes(v: WordVectors): { dims: number; words: string[]; bytes: Uint8Array } {
  const words = v.words.split(' ')
  const bytes = base64Bytes(v.signs)
  if (bytes.length !== Math.ceil(v.dims / 8) * words.length) throw new Error(`word vectors: ${bytes.length} bytes for ${words.length} words of ${v.dims} dimensions`)
  return { dims: v.dims, words, bytes }
}

/** Add `a` times row `r`'s unit vector (bit d set: +1/sqrt(dims), else -1/sqrt(dims)) to `out` at `offset`. */
export function addRow(space: Pick<Space, 'dims' | 'bytes'>, r: number, a: number, out: Float32Array, offset = 0): void {
  const { dims, bytes } = space
  const stride = (dims + 7) >> 3
  const plus = a / Math.sqrt(dims)
  for (let d = 0; d < dims; d++) {
    const bit = ((bytes[r * stride + (d >> 3)] ?? 0) >> (d & 7)) & 1
    out[offset + d] = (out[offset + d] ?? 0) + (bit ? plus : -plus)
  }
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const SEXTET = new Int16Array(128).fill(-1)
for (let i = 0; i < BASE64.length; i++) SEXTET[BASE64.charCodeAt(i)] = i

/** Standard base64 (padding optional) to bytes, with no runtime global (the engine's lib is ES-only); throws on another character. */
export function base64Bytes(text: string): Uint8Array {
  const body = text.replace(/=+$/, '')
  const out = new Uint8Array(Math.floor((body.length * 3) / 4))
  let bits = 0
  let held = 0
  let at = 0
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i)
    const v = code < 128 ? (SEXTET[code] ?? -1) : -1
    if (v < 0) throw new Error(`word vectors: "${body[i] ?? ''}" at ${i} is not base64`)
    bits = (bits << 6) | v
    held += 6
    if (held >= 8) {
      held -= 8
      out[at++] = (bits >> held) & 0xff
    }
  }
  return out
}

/**
 * The mean of the given words' vectors (weights by word), unit length, into `out`; false when no
 * word has a vector.
 */
function meanInto(space: Pick<Space, 'dims' | 'row' | 'bytes'>, words: Iterable<string>, weight: (word: string, row: number) => number, out: Float32Array): boolean {
  let any = false
  for (const w of words) {
    const r = space.row.get(w)
    if (r === undefined) continue
    const a = weight(w, r)
    if (a <= 0) continue
    any = true
    addRow(space, r, a, out)
  }
  if (!any) return false
  normalise(out, 0, space.dims)
  return true
}

function normalise(v: Float32Array, offset: number, dims: number): void {
  let n = 0
  for (let d = 0; d < dims; d++) n += (v[offset + d] ?? 0) ** 2
  if (n === 0) return
  const s = 1 / Math.sqrt(n)
  for (let d = 0; d < dims; d++) v[offset + d] = (v[offset + d] ?? 0) * s
}

/** A word's weight in a description: rarer words (later in the frequency-ordered list) say more. */
const queryWeight = (_w: string, row: number) => Math.log(2 + row)

const spaces = new WeakMap<LoadedRelease, WeakMap<ResolveModel, Space | null>>()

function spaceOf(release: LoadedRelease, model: ResolveModel): Space | null {
  let byModel = spaces.get(release)
  if (!byModel) spaces.set(release, (byModel = new WeakMap()))
  const hit = byModel.get(model)
  if (hit !== undefined) return hit
  const vectors = release.artifact.word_vectors
  const industry = release.artifact.industry_words
  let built: Space | null = null
  if (vectors && industry) {
    const { dims, words, bytes } = wordVectorBytes(vectors)
    const row = new Map<string, number>()
    words.forEach((w, i) => row.set(w, i))
    const codes = [...new Set([...Object.keys(industry), ...Object.keys(model.learnedWords)])].sort()
    const df = new Map<string, number>()
    const wordsOf = (code: string) => (industry[code] ?? '').split(' ').filter(Boolean)
    for (const code of codes) for (const w of new Set(wordsOf(code))) df.set(w, (df.get(w) ?? 0) + 1)
    const n = codes.length
    const centroid = new Float32Array(n * dims)
    const text = new Float32Array(dims)
    const lines = new Float32Array(dims)
    const line = new Float32Array(dims)
    const space = { dims, row, bytes }
    codes.forEach((code, c) => {
      text.fill(0)
      lines.fill(0)
      meanInto(space, wordsOf(code), (w) => Math.log(n / (df.get(w) ?? n)), text)
      for (const l of (model.learnedWords[code] ?? '').split('|')) {
        line.fill(0)
        if (!meanInto(space, l.split(' '), queryWeight, line)) continue
        for (let d = 0; d < dims; d++) lines[d] = (lines[d] ?? 0) + (line[d] ?? 0)
      }
      normalise(lines, 0, dims)
      for (let d = 0; d < dims; d++) centroid[c * dims + d] = TEXT_WEIGHT * (text[d] ?? 0) + (lines[d] ?? 0)
      // Unit length: an industry's meaning must not grow with its labelled lines (how many it has is
      // line_prior). Unscaled, "printing" in USD meant printing ink, the code with labelled lines.
      normalise(centroid, c * dims, dims)
    })
    built = { dims, row, bytes, codes, centroid, all: new Uint8Array(codes.length).fill(1), projections: new Map(), unit: new Float32Array(dims) }
  }
  byModel.set(model, built)
  return built
}

export interface SemanticScores {
  /** NAICS code -> probability under the word vectors, for the KEEP most probable codes. */
  prob: Map<string, number>
  /** NAICS code -> rank (1 = most probable), same codes. */
  rank: Map<string, number>
  /** Codes by decreasing probability (the KEEP kept). */
  order: string[]
}

const EMPTY: SemanticScores = { prob: new Map(), rank: new Map(), order: [] }

/** Words whose projections on the industries are kept (most recently read first out): 4 kB each. */
const PROJECTIONS_KEPT = 2048

/**
 * Row `r`'s unit vector dotted with every industry's vector: computed once per word and kept, so a
 * description costs one addition per industry and word instead of a full dot product per industry
 * (ledgers repeat their words). Float32 like the centroids; the same values whether kept or not.
 */
function projection(space: Space, r: number): Float32Array {
  const kept = space.projections.get(r)
  if (kept) {
    space.projections.delete(r)
    space.projections.set(r, kept)
    return kept
  }
  const { dims, codes, centroid, unit } = space
  unit.fill(0)
  addRow(space, r, 1, unit)
  const out = new Float32Array(codes.length)
  for (let c = 0; c < codes.length; c++) {
    const at = c * dims
    // Four running sums: independent additions the CPU overlaps.
    let s0 = 0
    let s1 = 0
    let s2 = 0
    let s3 = 0
    let d = 0
    for (; d + 3 < dims; d += 4) {
      s0 += unit[d]! * centroid[at + d]!
      s1 += unit[d + 1]! * centroid[at + d + 1]!
      s2 += unit[d + 2]! * centroid[at + d + 2]!
      s3 += unit[d + 3]! * centroid[at + d + 3]!
    }
    for (; d < dims; d++) s0 += (unit[d] ?? 0) * (centroid[at + d] ?? 0)
    out[c] = s0 + s1 + s2 + s3
  }
  space.projections.set(r, out)
  if (space.projections.size > PROJECTIONS_KEPT) {
    const oldest = space.projections.keys().next()
    if (!oldest.done) space.projections.delete(oldest.value)
  }
  return out
}

/** Bits set in each byte. */
const BITS = new Uint8Array(256)
for (let b = 1; b < 256; b++) BITS[b] = (BITS[b >> 1] ?? 0) + (b & 1)

/** Dot product of rows `a` and `b`'s unit vectors: (dimensions - 2 x differing signs) / dimensions. */
function rowDot(space: Pick<Space, 'dims' | 'bytes'>, a: number, b: number): number {
  const { dims, bytes } = space
  const stride = (dims + 7) >> 3
  let differ = 0
  for (let i = 0; i < stride; i++) differ += BITS[((bytes[a * stride + i] ?? 0) ^ (bytes[b * stride + i] ?? 0)) & 0xff] ?? 0
  return (dims - 2 * differ) / dims
}

/** The industries a description's words mean, by word vectors; empty when the release has none or no word is known. */
export function semanticIndustries(release: LoadedRelease, model: ResolveModel, words: readonly string[]): SemanticScores {
  const space = spaceOf(release, model)
  if (!space) return EMPTY
  const { codes } = space
  // The description's vector is the weighted sum of its words' unit vectors over its length; its
  // dot product with an industry's is the weighted sum of the words' projections over that length.
  const rows: number[] = []
  const weights: number[] = []
  for (const w of new Set(words)) {
    const r = space.row.get(w)
    if (r === undefined) continue
    const a = queryWeight(w, r)
    if (a <= 0) continue
    rows.push(r)
    weights.push(a)
  }
  if (rows.length === 0) return EMPTY
  let squared = 0
  for (let i = 0; i < rows.length; i++) {
    const ai = weights[i] ?? 0
    squared += ai * ai
    for (let j = 0; j < i; j++) squared += 2 * ai * (weights[j] ?? 0) * rowDot(space, rows[i] ?? 0, rows[j] ?? 0)
  }
  const length = Math.sqrt(Math.max(0, squared))
  const score = new Float64Array(codes.length)
  for (let i = 0; i < rows.length; i++) {
    const p = projection(space, rows[i] ?? 0)
    const a = length > 0 ? ((weights[i] ?? 0) / length) * SHARPNESS : 0
    for (let c = 0; c < codes.length; c++) score[c] = (score[c] ?? 0) + a * (p[c] ?? 0)
  }
  let max = Number.NEGATIVE_INFINITY
  for (let c = 0; c < codes.length; c++) if ((score[c] ?? 0) > max) max = score[c] ?? 0
  let sum = 0
  for (let c = 0; c < codes.length; c++) sum += Math.exp((score[c] ?? 0) - max)
  const order = bestCodes(score, space.all, KEEP)
  const prob = new Map<string, number>()
  const rank = new Map<string, number>()
  const codesOut: string[] = []
  order.forEach((c, r) => {
    const code = codes[c] ?? ''
    prob.set(code, Math.exp((score[c] ?? 0) - max) / sum)
    rank.set(code, r + 1)
    codesOut.push(code)
  })
  return { prob, rank, order: codesOut }
}
