/**
 * Fitting the resolve model (eval/train.ts): a conditional-logit ranker (softmax over one
 * description's candidates, maximising the probability of the acceptable ones, L2-penalised,
 * Adam steps) and isotonic calibration (pool-adjacent-violators). Pure functions, unit-tested.
 */

export interface Group {
  /** Feature vectors of the candidates of one description. */
  x: Float32Array[]
  /** Which candidates are acceptable answers (at least one). */
  right: boolean[]
  /** Release row of each candidate (training reports only). */
  position?: number[]
}

export interface FitOptions {
  iterations: number
  l2: number
  rate: number
}

export const FIT_DEFAULTS: FitOptions = { iterations: 300, l2: 1e-3, rate: 0.05 }

function softmaxOf(w: Float64Array, xs: readonly Float32Array[]): Float64Array {
  const s = new Float64Array(xs.length)
  let max = Number.NEGATIVE_INFINITY
  xs.forEach((x, i) => {
    let v = 0
    for (let j = 0; j < x.length; j++) v += (x[j] ?? 0) * (w[j] ?? 0)
    s[i] = v
    if (v > max) max = v
  })
  let sum = 0
  for (let i = 0; i < s.length; i++) {
    s[i] = Math.exp((s[i] ?? 0) - max)
    sum += s[i] ?? 0
  }
  for (let i = 0; i < s.length; i++) s[i] = (s[i] ?? 0) / sum
  return s
}

/** Mean negative log-likelihood of the acceptable answers and its gradient. */
export function lossAndGradient(w: Float64Array, groups: readonly Group[], l2: number): { loss: number; grad: Float64Array } {
  const grad = new Float64Array(w.length)
  let loss = 0
  for (const g of groups) {
    const p = softmaxOf(w, g.x)
    let pRight = 0
    g.right.forEach((r, i) => {
      if (r) pRight += p[i] ?? 0
    })
    if (pRight <= 0) continue
    loss -= Math.log(pRight)
    g.x.forEach((x, i) => {
      const q = g.right[i] ? (p[i] ?? 0) / pRight : 0
      const d = (p[i] ?? 0) - q
      if (d === 0) return
      for (let j = 0; j < x.length; j++) grad[j] = (grad[j] ?? 0) + d * (x[j] ?? 0)
    })
  }
  const n = groups.length || 1
  for (let j = 0; j < w.length; j++) {
    grad[j] = (grad[j] ?? 0) / n + l2 * (w[j] ?? 0)
    loss += (0.5 * l2 * (w[j] ?? 0) ** 2) * n
  }
  return { loss: loss / n, grad }
}

/** Fit weights by Adam on the full batch, from `start` (zeros when omitted). */
export function fitRanker(groups: readonly Group[], dims: number, options: FitOptions = FIT_DEFAULTS, start?: readonly number[]): number[] {
  const w = new Float64Array(dims)
  if (start) start.forEach((v, i) => (w[i] = v))
  const m = new Float64Array(dims)
  const v = new Float64Array(dims)
  const b1 = 0.9
  const b2 = 0.999
  for (let t = 1; t <= options.iterations; t++) {
    const { grad } = lossAndGradient(w, groups, options.l2)
    for (let j = 0; j < dims; j++) {
      const g = grad[j] ?? 0
      m[j] = b1 * (m[j] ?? 0) + (1 - b1) * g
      v[j] = b2 * (v[j] ?? 0) + (1 - b2) * g * g
      const mh = (m[j] ?? 0) / (1 - b1 ** t)
      const vh = (v[j] ?? 0) / (1 - b2 ** t)
      w[j] = (w[j] ?? 0) - (options.rate * mh) / (Math.sqrt(vh) + 1e-8)
    }
  }
  return [...w]
}

/**
 * Isotonic regression of `right` on `score` (pool adjacent violators), returned as knots
 * (x increasing, y non-decreasing) of at most `maxKnots` blocks.
 */
export function isotonic(points: readonly { score: number; right: boolean }[], maxKnots = 40): { x: number[]; y: number[] } {
  const sorted = [...points].sort((a, b) => a.score - b.score)
  const blocks: { sum: number; n: number; xs: number }[] = []
  for (const p of sorted) {
    blocks.push({ sum: p.right ? 1 : 0, n: 1, xs: p.score })
    while (blocks.length > 1) {
      const b = blocks[blocks.length - 1] as { sum: number; n: number; xs: number }
      const a = blocks[blocks.length - 2] as { sum: number; n: number; xs: number }
      if (a.sum / a.n <= b.sum / b.n) break
      blocks.splice(blocks.length - 2, 2, { sum: a.sum + b.sum, n: a.n + b.n, xs: a.xs + b.xs })
    }
  }
  // Merge neighbouring blocks until at most maxKnots remain (keeps monotonicity: means of adjacent blocks).
  while (blocks.length > maxKnots) {
    let best = 0
    for (let i = 1; i + 1 < blocks.length; i++) if ((blocks[i]?.n ?? 0) + (blocks[i + 1]?.n ?? 0) < (blocks[best]?.n ?? 0) + (blocks[best + 1]?.n ?? 0)) best = i
    const a = blocks[best] as { sum: number; n: number; xs: number }
    const b = blocks[best + 1] as { sum: number; n: number; xs: number }
    blocks.splice(best, 2, { sum: a.sum + b.sum, n: a.n + b.n, xs: a.xs + b.xs })
  }
  return { x: blocks.map((b) => b.xs / b.n), y: blocks.map((b) => b.sum / b.n) }
}

/**
 * The lowest threshold at which the matches at or above it are right at least `precision` of
 * the time (and every higher threshold too, so the rule is stable); 1.01 when none is.
 */
export function acceptThreshold(points: readonly { confidence: number; right: boolean }[], precision: number, minCases = 20): number {
  const sorted = [...points].sort((a, b) => b.confidence - a.confidence)
  let right = 0
  let best = 1.01
  let ok = true
  for (let i = 0; i < sorted.length; i++) {
    const p = sorted[i] as { confidence: number; right: boolean }
    if (p.right) right++
    const next = sorted[i + 1]
    if (next && next.confidence === p.confidence) continue
    const prec = right / (i + 1)
    if (i + 1 >= minCases && prec < precision) ok = false
    if (ok && i + 1 >= minCases && prec >= precision) best = p.confidence
  }
  return best
}

/** Logistic regression (Adam, L2 1e-3) of `right` on `inputs` (first input is the bias). */
export function fitLogistic(points: readonly { inputs: readonly number[]; right: boolean }[], dims: number, iterations = 400): number[] {
  const w = new Float64Array(dims)
  const m = new Float64Array(dims)
  const v = new Float64Array(dims)
  const n = points.length || 1
  for (let t = 1; t <= iterations; t++) {
    const grad = new Float64Array(dims)
    for (const p of points) {
      let z = 0
      p.inputs.forEach((x, j) => (z += x * (w[j] ?? 0)))
      const d = 1 / (1 + Math.exp(-z)) - (p.right ? 1 : 0)
      p.inputs.forEach((x, j) => (grad[j] = (grad[j] ?? 0) + (d * x) / n))
    }
    for (let j = 0; j < dims; j++) {
      const g = (grad[j] ?? 0) + 1e-3 * (w[j] ?? 0)
      m[j] = 0.9 * (m[j] ?? 0) + 0.1 * g
      v[j] = 0.999 * (v[j] ?? 0) + 0.001 * g * g
      w[j] = (w[j] ?? 0) - (0.05 * ((m[j] ?? 0) / (1 - 0.9 ** t))) / (Math.sqrt((v[j] ?? 0) / (1 - 0.999 ** t)) + 1e-8)
    }
  }
  return [...w]
}
