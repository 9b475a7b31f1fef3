/**
 * Place names as the UK files print them (`Electricity: Hong Kong, China`, hotel `UK (London)`)
 * -> ISO alpha-2 plus what is left to keep in the subject (`london`). Regions that are not a
 * country (`Middle East (average)`) return null: the caller keys them `glo` with the region in
 * the subject. `EU (average)` is `eu`.
 */
import { toIso2 } from './countries.ts'

/** Names the ISO table does not know, as printed in the UK files. */
const UK_PLACE_NAMES: Readonly<Record<string, string>> = {
  'uk': 'gb',
  'hong kong, china': 'hk',
  "people's rep. of china": 'cn',
  'chinese taipei': 'tw',
  'korea': 'kr',
  'eu': 'eu',
  'eu (average)': 'eu',
  'macau': 'mo',
  'kosovo': 'xk',
  'china (hong kong)': 'hk',
  'macau, china': 'mo',
  'taiwan, china': 'tw',
}

function lookup(name: string): string | null {
  const t = name.replace(/\s+/g, ' ').trim()
  return UK_PLACE_NAMES[t.toLowerCase()] ?? toIso2(t)
}

export function resolveUkCountry(text: string): { iso2: string; rest: string } | null {
  const whole = lookup(text)
  if (whole) return { iso2: whole, rest: '' }
  const m = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(text)
  if (m && m[1] && m[2] !== undefined) {
    const base = lookup(m[1])
    if (base) return { iso2: base, rest: m[2] }
  }
  return null
}
