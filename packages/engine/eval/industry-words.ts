/**
 * Words of the training purchase lines an expert labelled with each NAICS code (model.learnedWords).
 * The NAICS words of each industry come with the release (corpus build/industry-words.ts).
 */
import { terms } from '../src/text/normalise.ts'
import type { DevCase } from './dev-set.ts'

/**
 * Words of the given labelled purchase lines per code: one line's words (sorted, without numbers)
 * after another, separated by "|" (model.learnedWords). The industry index reads them as one text
 * per code (a word as often as the lines that have it); the line index reads each line apart.
 */
export function learnedWords(lines: readonly DevCase[]): Record<string, string> {
  const byCode = new Map<string, Set<string>>()
  for (const c of lines) {
    if (!c.naics) continue
    const words = [...new Set(terms(c.description))].filter((t) => t.length >= 2 && !/\d/.test(t)).sort()
    if (words.length === 0) continue
    let set = byCode.get(c.naics)
    if (!set) byCode.set(c.naics, (set = new Set()))
    set.add(words.join(' '))
  }
  const out: Record<string, string> = {}
  for (const code of [...byCode.keys()].sort()) out[code] = [...(byCode.get(code) ?? [])].sort().join('|')
  return out
}
