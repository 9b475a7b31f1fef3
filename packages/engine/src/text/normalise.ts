/**
 * Text normalisation shared by the index and every query, so both sides agree on terms.
 * Lower case, accents folded (Dämmung -> dammung, ß -> ss), split on anything that is
 * not a letter or digit (so key segments split on `.` and `_`), and a light plural stem.
 */

const STOP_WORDS = new Set([
  'a', 'an', 'and', 'the', 'of', 'for', 'in', 'on', 'at', 'to', 'by', 'with', 'from', 'our', 'my',
  'we', 'per', 'via', 'into', 'is', 'are', 'was', 'used', 'use', 'using', 'some', 'all', 'total',
  'und', 'der', 'die', 'das', 'mit', 'fur', 'von', 'im', 'aus', 'zu', 'ein', 'eine',
  // Words around an activity that name no factor.
  'consumption', 'usage', 'purchase', 'purchases', 'purchased', 'bought', 'paid', 'annual', 'yearly', 'monthly', 'year', 'part', 'worth',
])

/** Lower case with accents removed; ß becomes ss. */
// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included, is the point
const ASCII = /^[\x00-\x7f]*$/

export function foldText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase()
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/ß/g, 'ss')
}

/** Split folded text into raw words (no stemming, no stop-word removal). */
export function splitWords(text: string): string[] {
  return foldText(text).split(/[^a-z0-9]+/).filter((w) => w.length > 0)
}

/** Light stemmer: drop a plural `s` ("vans" -> "van", "litres" -> "litre"), keep "gas", "bus", "glass". */
export function stem(word: string): string {
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !/\d/.test(word)) {
    return word.endsWith('ies') && word.length > 4 ? `${word.slice(0, -3)}y` : word.slice(0, -1)
  }
  return word
}

const PLAIN_WORD = /^[a-z0-9]*$/

/** The index term for one word, or null for a stop word. */
export function processTerm(word: string): string | null {
  // Fast path: most words are plain ASCII and need no Unicode normalisation.
  const lower = word.toLowerCase()
  const folded = PLAIN_WORD.test(lower) ? lower : foldText(word)
  if (folded.length === 0 || STOP_WORDS.has(folded)) return null
  return stem(folded)
}

/** Words of a text as index terms (what minisearch sees). */
export function terms(text: string): string[] {
  const out: string[] = []
  for (const w of splitWords(text)) {
    const t = processTerm(w)
    if (t !== null) out.push(t)
  }
  return out
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word)
}
