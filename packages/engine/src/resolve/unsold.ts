/**
 * Things bought that no industry of the release's spend factors sells. US EPA's supply-chain factors
 * have no electric power industry (NAICS 2211 generation, transmission and distribution: no row in
 * v1.2 or v1.3.0), so "Electricity" in USD ranked "Instrument Manufacturing for Measuring and Testing
 * Electricity" first (0.76), and a ledger multiplied the bill by it. A description that names only such
 * a thing (and money words) has no spend answer: its answer is the activity's own factor, whose unit
 * then says the money cannot be used (`unit_match: "mismatch"`). Read from the release: once a NAICS
 * code of the industry is there, its rows are candidates again.
 */
import type { LoadedRelease } from '../index/loaded.ts'
import { spendRowsOf } from './industry.ts'
import type { ParsedDescription } from './parse.ts'

/** Domain of the synonym table → the NAICS prefix of the industry that sells it. */
const SOLD_BY: Readonly<Record<string, string>> = { electricity: '2211' }

/** Words that say money was paid, not what for ("electricity costs", "power bill"). */
const MONEY_WORDS = new Set(['bill', 'bills', 'cost', 'costs', 'charge', 'charges', 'expense', 'expenses', 'invoice', 'invoices', 'payment', 'payments', 'spend', 'purchase', 'purchases'])

const unsoldMemo = new WeakMap<LoadedRelease, Set<string>>()

/** Domains of SOLD_BY whose industry has no spend row in the release. */
function unsoldDomains(release: LoadedRelease): Set<string> {
  let out = unsoldMemo.get(release)
  if (!out) {
    const codes = [...spendRowsOf(release).keys()]
    out = new Set(Object.entries(SOLD_BY).filter(([, prefix]) => !codes.some((c) => c.startsWith(prefix))).map(([domain]) => domain))
    unsoldMemo.set(release, out)
  }
  return out
}

/** Whether the description names only things no industry of the release sells (so no spend factor answers it). */
export function noSpendAnswer(release: LoadedRelease, parsed: ParsedDescription): boolean {
  const unsold = unsoldDomains(release)
  if (unsold.size === 0) return false
  let named = false
  for (const c of parsed.concepts) {
    if (c.domains?.some((d) => unsold.has(d))) named = true
    else if (!MONEY_WORDS.has(c.phrase)) return false
  }
  return named
}

/**
 * The description without its money words where it names only things no spend factor answers: they
 * name no activity, and searched they reach other rows ("costs" is one letter from Costa Rica's grid).
 */
export function withoutMoneyWords(release: LoadedRelease, parsed: ParsedDescription): ParsedDescription {
  if (!noSpendAnswer(release, parsed)) return parsed
  return { ...parsed, concepts: parsed.concepts.filter((c) => !MONEY_WORDS.has(c.phrase)) }
}

/**
 * Whether no spend factor can answer the request: it names only things no industry sells, or its
 * `unit` hint is a quantity, not money. A factor per dollar cannot multiply megawatt-hours or
 * tonne-kilometres, yet words of a longer line ranked one first: "Purchased steam - hospital district
 * loop" in MWh with `US` ranked industrial valves (0.24), "Güterverkehr Straße Spedition" in tonne.km
 * valves too. Only the hint: a unit read from the text of a purchase line is often a size ("BAG
 * PLASTIC LINER 55 GALLON", "GLANDS MJ PACK"), and no development case with a quantity hint has a
 * spend answer (0 of 124).
 */
export function spendExcluded(release: LoadedRelease, parsed: ParsedDescription): boolean {
  if (parsed.unitHinted === true && parsed.unit !== null && parsed.unit.dimension !== 'currency') return true
  return noSpendAnswer(release, parsed)
}
