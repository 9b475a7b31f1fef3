/**
 * The best `k` of a long list, best first, exactly as sorting the whole list and keeping the
 * first `k` would give, without sorting thousands of candidates: the k-th best score is found
 * on a typed array, and only the candidates at or above it are sorted.
 */
export interface Candidate {
  score: number
  position: number
}

/** Best first; ties in row order (a total order: positions are unique). */
export function byScoreThenPosition(a: Candidate, b: Candidate): number {
  return b.score - a.score || a.position - b.position
}

export function bestOf<T extends Candidate>(items: readonly T[], k: number): T[] {
  if (items.length <= 2 * k) return [...items].sort(byScoreThenPosition).slice(0, k)
  const scores = new Float64Array(items.length)
  for (let i = 0; i < items.length; i++) {
    const s = (items[i] as T).score
    // A NaN score has no place in an order: sort everything as before.
    if (Number.isNaN(s)) return [...items].sort(byScoreThenPosition).slice(0, k)
    scores[i] = s
  }
  scores.sort()
  const cut = scores[items.length - k] as number
  return items.filter((c) => c.score >= cut).sort(byScoreThenPosition).slice(0, k)
}

/** The k-th largest value of `a` (1-based; reorders `a`): quickselect, no full sort. */
export function kthLargest(a: Float64Array, k: number): number {
  const target = a.length - k
  let lo = 0
  let hi = a.length - 1
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1] ?? 0
    let i = lo
    let j = hi
    while (i <= j) {
      while ((a[i] ?? 0) < pivot) i++
      while ((a[j] ?? 0) > pivot) j--
      if (i <= j) {
        const t = a[i] ?? 0
        a[i] = a[j] ?? 0
        a[j] = t
        i++
        j--
      }
    }
    if (target <= j) hi = j
    else if (target >= i) lo = i
    else break
  }
  return a[target] ?? Number.NEGATIVE_INFINITY
}
