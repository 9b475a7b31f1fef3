/**
 * The explanation of one match, for a person to check: which words of the description it
 * matched and which not, how the place and the unit were read and what that means for this
 * factor, and one sentence on why it ranks where it does (from the model's largest terms).
 */
import type { FactorRow } from '../release/schema.ts'
import { terms } from '../text/normalise.ts'
import type { GeoMatch } from './geo.ts'
import type { ResolveModel } from './model.ts'
import type { ParsedDescription } from './parse.ts'
import type { Scored } from './rank.ts'
import { unaskedWasteRoute } from './rank.ts'
import type { UnitMatch } from './weights.ts'

export interface Explanation {
  matched_words: string[]
  unmatched_words: string[]
  place: { read: string[]; from: 'text' | 'hint' | 'none'; geo_match: GeoMatch; reason: string }
  unit: { read: string | null; from: 'text' | 'hint' | 'none'; unit_match: UnitMatch; reason: string }
  why: string
}

/** Plain words for the features that most often decide a ranking. */
const SAYS: Record<string, string> = {
  text_rel: 'its name and section match the words best',
  text_log: 'its text matches the words strongly',
  industry_rel: 'its industry (NAICS title, description and labelled purchases) matches the words best',
  industry_log: 'its industry words match strongly',
  in_name: 'the words are in its name',
  in_section: 'the words are in its section',
  only_in_tags: 'some words are only in its tags',
  in_original: 'the words are in its original-language name',
  in_industry: 'the words are among its industry words',
  in_learned: 'purchase lines labelled with its industry use the same words',
  coverage: 'it covers what was asked',
  coverage_full: 'it covers every concept asked',
  coverage_rare: 'it covers the rarest words asked',
  geo_exact: 'it is for the place named',
  geo_exact_region: 'it is for the region named',
  material_geo_exact: 'it is a material declared for the place named',
  geo_region: 'it is for the wider region of the place named',
  geo_global: 'it is a global factor',
  unplaced_gb_glo: 'with no place named, UK and global factors are the common default',
  unplaced_us: 'with no place named, US factors come next',
  unplaced_material: 'materials are not bound to a country',
  unit_exact: 'it is in the unit named',
  unit_convertible: 'its unit converts to the unit named',
  material_unit_exact: 'it is a material declared in the unit named',
  unasked_waste_unit_exact: 'it is a waste route in the unit named',
  refrigerant_unit_exact: 'it is a refrigerant in the unit named',
  unit_per_traveller: "it is per passenger distance, the distance named read as one traveller's",
  material_unit_convertible: "it is a material whose declared unit converts to the unit named (by its own density or area mass where the kinds differ)",
  average: "it is the source's average",
  catch_all: "it is the source's catch-all row",
  per_gas_named: 'it is the gas named',
  variant_asked: 'it is the variant asked for',
  domain_in: 'its domain is the one the words point at',
  spend_row: 'it is a spend factor',
  spend_money_named: 'an amount of money was named and it is a spend factor',
  spend_upper_case: 'the line reads like a purchase line and it is a spend factor',
  spend_many_concepts: 'the line names a product and it is a spend factor',
  place_in_name: 'its name carries the place named',
  line_share: 'labelled purchase lines like this one are mostly of its industry',
  line_nearest: 'the most similar labelled purchase line is of its industry',
  line_best: 'a labelled purchase line of its industry is among the most similar',
  line_group: 'labelled purchase lines like this one are mostly of its industry group',
  line_prior: 'its industry is common in labelled purchase lines',
  clf_prob: 'labelled purchase lines spelt like this one are mostly of its industry',
  clf_log: 'labelled purchase lines spelt like this one are often of its industry',
  clf_rank: 'its industry is among the most likely for lines spelt like this one',
  clf_group: 'labelled purchase lines spelt like this one are mostly of its industry group',
  head_matched: 'it matches the first word written',
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'
  return `${n}${s}`
}

function geoReason(match: GeoMatch, row: FactorRow, read: string[]): string {
  const where = row.region ? `${row.country.toUpperCase()}-${row.region.toUpperCase()}` : row.country.toUpperCase()
  switch (match) {
    case 'exact':
      return `the factor is for ${where}, the place read (${read.join(', ')})`
    case 'region':
      return `the factor is for ${where}, a wider area containing the place read (${read.join(', ')})`
    case 'global':
      return `the factor is global; none is published for ${read.join(', ')} among the best matches`
    case 'mismatch':
      return `the factor is for ${where}, not the place read (${read.join(', ')})`
    default:
      return `no place was named; the factor is for ${where}`
  }
}

function unitReason(match: UnitMatch, row: FactorRow, read: string | null): string {
  switch (match) {
    case 'exact':
      return `the factor is per ${read}, the unit read`
    case 'convertible':
      return `the factor's unit (${row.unit}) converts to ${read}`
    case 'mismatch':
      return `the factor's unit (${row.unit}) does not convert to ${read}`
    default:
      return `no unit was named; the factor is ${row.unit}`
  }
}

export function explain(
  s: Scored,
  rankAt: number,
  row: FactorRow,
  parsed: ParsedDescription,
  hints: { country: boolean; unit: boolean },
  model: ResolveModel,
  runnerUp: Scored | undefined,
  says: { overruled?: boolean; unsold?: boolean; burnt?: boolean; lca?: boolean; powertrain?: boolean; blend?: boolean; handedOn?: boolean; packaging?: boolean; kindUnread?: string | null } = {},
): Explanation {
  const { overruled = false, unsold = false, burnt = false, lca = false, powertrain = false, blend = false, handedOn = false, packaging = false, kindUnread = null } = says
  const matchedTerms = new Set(s.matched)
  const matched: string[] = []
  const unmatched: string[] = []
  for (const c of parsed.concepts) {
    const own = [c.phrase, ...c.alternatives].flatMap((p) => terms(p))
    ;(own.some((t) => matchedTerms.has(t)) ? matched : unmatched).push(c.phrase)
  }
  const placesRead = parsed.places.map((p) => p.label)
  const unitRead = parsed.unit?.id ?? null
  // The two largest terms of the linear score say why it ranks where it does; for the first match, the
  // terms by which it beats the next (what every candidate shares, such as being a spend factor, says nothing).
  const versus = rankAt === 1 ? runnerUp?.x : undefined
  const termsOf = (against: Float64Array | undefined): [string, number][] => {
    const out: [string, number][] = []
    s.x.forEach((v, i) => {
      const w = model.weights[i] ?? 0
      const name = model.features[i]
      const d = w * (v - (against?.[i] ?? 0))
      if (v !== 0 && name && SAYS[name] && d > 0) out.push([name, d])
    })
    return out
  }
  let contributions = termsOf(versus)
  if (contributions.length === 0) contributions = termsOf(undefined)
  contributions.sort((a, b) => b[1] - a[1])
  const reasons = contributions.slice(0, 2).map(([n]) => SAYS[n])
  const lead = rankAt === 1 ? 'Ranked first' : `Ranked ${ordinal(rankAt)}`
  const gap = rankAt === 1 && runnerUp ? (s.score - runnerUp.score > 1 ? ', well ahead of the next' : ', close to the next') : ''
  const route = unaskedWasteRoute(s) ? '; it is a way of treating waste, which the description does not ask for' : ''
  const elsewhere = overruled && parsed.overruled ? `; it is for the country hinted, while the description names ${parsed.overruled.map((p) => p.label).join(', ')}` : ''
  const process = lca ? '; it is a process of a building\'s life cycle assessment (ÖKOBAUDAT), which the description does not ask for' : ''
  const fuel = burnt ? '; it is a fuel burnt, while the description names the material' : ''
  const drive = powertrain ? '; it is for one kind of powertrain (battery electric, hybrid, plug-in or hydrogen), which the description does not name' : ''
  const blended = blend ? '; it is the biofuel alone, while the description names a blend of it with a fossil fuel (B20, E85): split the blend' : ''
  const waste = handedOn ? '; it is a fuel burnt, while the description hands the material on as waste (collected, recycled): choose its waste treatment' : ''
  const form = packaging ? '; it is for cans or foil, which the description does not name' : ''
  const kind = kindUnread !== null ? `; it matches only the end of "${kindUnread}", whose first part is not known: what kind is meant is for a person to check` : ''
  const noSpend = unsold ? '; no spend factor answers it (no industry of the supply-chain factors sells it): give the quantity in the factor\'s unit' : ''
  const why = `${lead}${gap}: ${reasons.length ? reasons.join(', and ') : 'it shares words with the description'}${unmatched.length ? `; it does not match ${unmatched.map((w) => `"${w}"`).join(', ')}` : ''}${route}${process}${elsewhere}${fuel}${drive}${blended}${waste}${form}${kind}${noSpend}.`
  return {
    matched_words: matched,
    unmatched_words: unmatched,
    place: { read: placesRead, from: placesRead.length === 0 ? 'none' : hints.country ? 'hint' : 'text', geo_match: s.geo, reason: geoReason(s.geo, row, placesRead) },
    unit: { read: unitRead, from: unitRead === null ? 'none' : hints.unit ? 'hint' : 'text', unit_match: s.unitMatch, reason: unitReason(s.unitMatch, row, unitRead) },
    why,
  }
}
