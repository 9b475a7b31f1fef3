/**
 * Candidate keys for a key that is not in the release: keys that extend it first (its last
 * segment is a prefix of theirs, or one edit from it), then edit distance per key segment (so a
 * one-character typo is one step away) blended with a text search on the key's words.
 */
import type { Candidate } from '../errors.ts'
import type { FactorRow } from '../release/schema.ts'
import type { SearchIndex } from './search-index.ts'
import { FIELD_BOOST } from './search-index.ts'
import { boundedQuery, MAX_KEY_CHARS } from '../text/cost.ts'

/** Levenshtein distance with an upper bound: stops early once `max` is exceeded. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0
  if (Math.abs(a.length - b.length) > max) return max + 1
  let prev = new Array<number>(b.length + 1)
  let curr = new Array<number>(b.length + 1)
  for (let j = 0; j <= b.length; j++) prev[j] = j
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1
      const v = Math.min((prev[j] ?? 0) + 1, (curr[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost)
      curr[j] = v
      if (v < rowMin) rowMin = v
    }
    if (rowMin > max) return max + 1
    ;[prev, curr] = [curr, prev]
  }
  return prev[b.length] ?? 0
}

/** Distance between two keys: per segment when both have four, else over the whole string. */
function keyDistance(wanted: string[], whole: string, key: string, segments: readonly string[], segmentCache: Map<string, number>[], max: number): number {
  if (segments.length !== wanted.length) return editDistance(whole, key, max)
  let total = 0
  for (let s = 0; s < segments.length; s++) {
    const seg = segments[s] ?? ''
    const cache = segmentCache[s] as Map<string, number>
    let d = cache.get(seg)
    if (d === undefined) {
      d = editDistance(wanted[s] ?? '', seg, max)
      cache.set(seg, d)
    }
    total += d
    if (total > max) return max + 1
  }
  return total
}

/**
 * `keySegments[i]` is `rows[i].key` split on dots (the release keeps it, so repeated 404s do not
 * split 70k keys again).
 */
export function rankCandidates(fullKey: string, rows: readonly FactorRow[], index: SearchIndex, limit = 5, keySegments?: readonly (readonly string[])[]): Candidate[] {
  // Cost cap: real keys are far shorter; a longer text is compared on its start only.
  const key = fullKey.slice(0, MAX_KEY_CHARS)
  const whole = key.toLowerCase()
  const wanted = whole.split('.')
  // Typos are a few edits away; keys further off are found by the word search below.
  const max = Math.min(6, Math.max(3, Math.ceil(key.length / 3)))
  const segmentCache = wanted.map(() => new Map<string, number>())
  const scores = new Map<number, number>()
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as FactorRow
    const d = keyDistance(wanted, whole, row.key, keySegments?.[i] ?? row.key.split('.'), segmentCache, max)
    if (d <= max) scores.set(i, 0.9 / (1 + d))
  }
  // A key that other keys extend (`….c30_37` → `….c30_37_generic`), or nearly so (one edit in the
  // last segment's prefix): those extensions first, the shorter first.
  const parent = wanted.slice(0, -1).join('.')
  const last = wanted.at(-1) ?? ''
  if (parent !== '' && last.length >= 2) {
    for (let i = 0; i < rows.length; i++) {
      const rowKey = (rows[i] as FactorRow).key
      if (rowKey.length <= whole.length || !rowKey.startsWith(parent) || rowKey.charCodeAt(parent.length) !== 46) continue
      const rest = rowKey.slice(parent.length + 1)
      const d = rest.startsWith(last) ? 0 : editDistance(last, rest.slice(0, last.length), 1)
      if (d > 1) continue
      const extension = (d === 0 ? 0.96 : 0.92) + 0.03 / (1 + (rest.length - last.length))
      scores.set(i, Math.max(scores.get(i) ?? 0, extension))
    }
  }
  const words = boundedQuery(key.replace(/[._]+/g, ' '))
  const hits = words === '' ? [] : index.search(words, { boost: FIELD_BOOST, prefix: (term: string) => term.length >= 3, combineWith: 'OR' })
  const top = hits[0]?.score ?? 0
  if (top > 0) {
    for (const hit of hits.slice(0, 200)) {
      const id = hit.id as number
      scores.set(id, (scores.get(id) ?? 0) + 0.1 * (hit.score / top))
    }
  }
  return [...scores.entries()]
    .sort((a, b) => b[1] - a[1] || ((rows[a[0]]?.key ?? '') < (rows[b[0]]?.key ?? '') ? -1 : 1))
    .slice(0, limit)
    .map(([i, score]) => {
      const row = rows[i] as FactorRow
      return { key: row.key, name: row.name, score: Math.round(score * 1000) / 1000 }
    })
}
