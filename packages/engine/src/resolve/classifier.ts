/**
 * A naive Bayes classifier of purchase lines into NAICS industries, learned from the labelled
 * training lines (model.learnedWords). Its features are the words of a line and the character
 * 3- and 4-grams of each word with its boundaries marked ("^flng", "ng$"), so an abbreviated or
 * truncated product word ("FLNG", "ASSY", "CTG") still shares most of its grams with the words of
 * the lines that spell it out, where the word-level nearest lines (lines.ts) see nothing.
 *
 * Built once per model (the fold models of training are built without the fold's lines, so their
 * scores are out of fold). Scoring a line reads one posting list per gram it has: only the codes
 * sharing a gram get more than their base score.
 */
import type { ResolveModel } from './model.ts'

/**
 * Character gram sizes. The classifier alone, out of fold on the 696 training lines, with the other
 * settings as they are, ranks the right code first / in the top 5 for: 3+4 276 / 395, 4 alone 278 / 398,
 * 3+4+5 271 / 394, words alone 288 / 380 (rechecked after the fit of model f72; 3+4 was chosen with
 * earlier settings and kept: the sizes differ by two or three lines).
 */
const GRAM_SIZES = [3, 4]
/** Additive smoothing of the gram counts (out of fold, alone: 2 gives 276 / 395 as above, 0.5 gives 267 / 379). */
const ALPHA = 2
/** Each gram counts log(lines / lines having it) + IDF_FLOOR, in the lines and in the line read. */
const IDF_FLOOR = 0.5
/**
 * The summed log-likelihoods of correlated grams are far too sure of themselves; dividing them by
 * the number of grams read (times this) gives probabilities that spread over plausible codes.
 */
const TEMPERATURE = 0.15

interface Classifier {
  codes: string[]
  /** Log prior of each code plus nothing else: the score of a code that shares no gram. */
  prior: Float64Array
  /** Log-probability of an unseen gram in each code (the smoothing mass). */
  base: Float64Array
  /** Gram -> codes having it and, per code, log(1 + count / ALPHA). */
  postings: Map<string, { code: Int32Array; gain: Float64Array }>
  weight: Map<string, number>
}

/** Features of one processed word: the word itself and its boundary-marked 3- and 4-grams. */
export function gramsOf(word: string, out: string[] = []): string[] {
  out.push(`w:${word}`)
  const marked = `^${word}$`
  for (const n of GRAM_SIZES) for (let i = 0; i + n <= marked.length; i++) out.push(marked.slice(i, i + n))
  return out
}

const cache = new WeakMap<ResolveModel, Classifier>()

function classifier(model: ResolveModel): Classifier {
  const hit = cache.get(model)
  if (hit) return hit
  const codes = Object.keys(model.learnedWords)
  const counts = new Map<string, Map<number, number>>()
  const total = new Float64Array(codes.length)
  const lines = new Float64Array(codes.length)
  let allLines = 0
  const lineGrams: { c: number; grams: string[] }[] = []
  const df = new Map<string, number>()
  codes.forEach((code, c) => {
    for (const line of (model.learnedWords[code] ?? '').split('|')) {
      lines[c] = (lines[c] ?? 0) + 1
      allLines++
      const grams: string[] = []
      for (const w of line.split(' ')) if (w) gramsOf(w, grams)
      lineGrams.push({ c, grams })
      for (const g of new Set(grams)) df.set(g, (df.get(g) ?? 0) + 1)
    }
  })
  const weight = new Map<string, number>()
  for (const [g, n] of df) weight.set(g, Math.log(allLines / n) + IDF_FLOOR)
  for (const { c, grams } of lineGrams) {
    for (const g of grams) {
      const w = weight.get(g) ?? 0
      let byCode = counts.get(g)
      if (!byCode) counts.set(g, (byCode = new Map()))
      byCode.set(c, (byCode.get(c) ?? 0) + w)
      total[c] = (total[c] ?? 0) + w
    }
  }
  const vocabulary = counts.size
  const prior = new Float64Array(codes.length)
  const base = new Float64Array(codes.length)
  for (let c = 0; c < codes.length; c++) {
    prior[c] = Math.log(((lines[c] ?? 0) + 1) / (allLines + codes.length))
    base[c] = Math.log(ALPHA / ((total[c] ?? 0) + ALPHA * vocabulary))
  }
  const postings = new Map<string, { code: Int32Array; gain: Float64Array }>()
  for (const [g, byCode] of counts) {
    const code = Int32Array.from(byCode.keys())
    postings.set(g, { code, gain: Float64Array.from(byCode.values(), (n) => Math.log1p(n / ALPHA)) })
  }
  const built = { codes, prior, base, postings, weight }
  cache.set(model, built)
  return built
}

/**
 * Indexes of the `k` highest scores among those `touched`, highest first, ties by index: as sorting
 * them all and keeping `k` gives, without sorting every code sharing a gram (most of them, per line).
 */
export function bestCodes(score: Float64Array, touched: Uint8Array, k: number): number[] {
  // Kept best first; a code enters above those it beats strictly (ties stay in index order).
  const best: number[] = []
  for (let c = 0; c < score.length; c++) {
    if (!touched[c]) continue
    const s = score[c] ?? 0
    if (best.length === k && s <= (score[best[k - 1] ?? 0] ?? 0)) continue
    let at = best.length
    while (at > 0 && s > (score[best[at - 1] ?? 0] ?? 0)) at--
    best.splice(at, 0, c)
    if (best.length > k) best.pop()
  }
  return best
}

/** Codes reported per line: the most probable (below them the probability is next to nothing). */
const KEEP = 40

export interface ClassScores {
  /** NAICS code -> probability under the classifier, for the KEEP most probable codes sharing a gram with the line. */
  prob: Map<string, number>
  /** NAICS code -> rank (1 = most probable), same codes. */
  rank: Map<string, number>
  /** NAICS industry group (first 4 digits) -> summed probability of its codes above. */
  group: Map<string, number>
  /** Codes by decreasing probability (those sharing a gram). */
  order: string[]
}

const EMPTY: ClassScores = { prob: new Map(), rank: new Map(), group: new Map(), order: [] }

/** The classifier's probabilities of the NAICS codes for a line's processed words. */
export function classify(model: ResolveModel, words: readonly string[]): ClassScores {
  const { codes, prior, base, postings, weight } = classifier(model)
  if (codes.length === 0) return EMPTY
  const score = new Float64Array(codes.length)
  const touched = new Uint8Array(codes.length)
  let read = 0
  const grams: string[] = []
  for (const w of words) gramsOf(w, grams)
  for (const g of grams) {
    const p = postings.get(g)
    if (!p) continue
    const q = weight.get(g) ?? 0
    read += q
    for (let i = 0; i < p.code.length; i++) {
      const c = p.code[i] ?? 0
      score[c] = (score[c] ?? 0) + q * (p.gain[i] ?? 0)
      touched[c] = 1
    }
  }
  if (read === 0) return EMPTY
  const scale = 1 / (TEMPERATURE * read)
  let max = Number.NEGATIVE_INFINITY
  for (let c = 0; c < codes.length; c++) {
    const s = ((prior[c] ?? 0) + read * (base[c] ?? 0) + (score[c] ?? 0)) * scale
    score[c] = s
    if (s > max) max = s
  }
  let sum = 0
  for (let c = 0; c < codes.length; c++) sum += Math.exp((score[c] ?? 0) - max)
  const kept = bestCodes(score, touched, KEEP)
  const prob = new Map<string, number>()
  const rank = new Map<string, number>()
  const group = new Map<string, number>()
  const order: string[] = []
  kept.forEach((c, r) => {
    const code = codes[c] ?? ''
    const p = Math.exp((score[c] ?? 0) - max) / sum
    prob.set(code, p)
    rank.set(code, r + 1)
    group.set(code.slice(0, 4), (group.get(code.slice(0, 4)) ?? 0) + p)
    order.push(code)
  })
  return { prob, rank, group, order }
}
