/**
 * Features of one (description, candidate factor) pair, the input of the fitted ranker
 * (docs/resolve.md lists them). Every feature is a number, most 0/1; the model's weights say
 * how much each counts. Nothing here is a rule for particular descriptions.
 */
import { VARIANT_NAMES } from '../text/variants.ts'

const BASE = [
  // Text relevance: main index (name, original name, tags, section) and the industry index.
  'text_rel', 'text_log', 'industry_rel', 'industry_log',
  // Share of the description's terms matched in each field.
  'in_name', 'in_section', 'only_in_tags', 'in_original', 'in_industry', 'in_learned',
  // Concepts covered (weighted), all of them, and how many are not; covered weighted by rarity.
  'coverage', 'coverage_full', 'uncovered', 'coverage_rare',
  // Words of the factor's name the description does not mention.
  'extra_terms',
  // Geography when a place was read (unspecified is the reference).
  'geo_exact', 'geo_exact_region', 'geo_region', 'geo_global', 'geo_mismatch',
  // The same for a material: a material's identity matters more than where it was declared
  // (rebar declared in Germany answers "steel rebar" in the UK better than the UK's steel cans).
  'material_geo_exact', 'material_geo_mismatch',
  // Geography when none was read: the row's country class.
  'unplaced_gb_glo', 'unplaced_us', 'unplaced_eu', 'unplaced_regional', 'unplaced_material',
  // Unit named (text or hint) and the factor's unit.
  'unit_exact', 'unit_convertible', 'unit_mismatch',
  // The same for a material: its declared unit (per m3, per kg, per tonne) is the source's
  // convention, not a choice among siblings as gallons against litres are, so it says less of
  // which factor is meant ("bricks" in kg: a vegetation substrate declared per kg is no answer).
  'material_unit_exact', 'material_unit_convertible',
  // A waste route nobody asked for, in the unit named: the UK tables publish waste and material use
  // alike per tonne, so a tonne says nothing of which is meant ("bought 20 tonnes of aggregates").
  'unasked_waste_unit_exact',
  // A refrigerant in the unit named: every refrigerant is published per kg (its GWP), so a kg says
  // nothing of whether a leak or a fuel burnt is meant ("propane" in kg ranked R290 first).
  'refrigerant_unit_exact',
  // A plain distance named for a factor per passenger distance, read as one traveller's ("coach
  // travel" in km): weighed apart from the other conversions (litres/gallons, kWh/GJ), since a car's
  // per-vehicle km is the exact unit beside it and "km" alone does not say which is meant.
  'unit_per_traveller',
  // Source and row priors.
  'secondary', 'derived', 'average', 'catch_all',
  'per_gas_unasked', 'per_gas_named', 'total_gas_named',
  'variant_asked',
  // Domain the synonym table points at.
  'domain_in', 'domain_out',
  // Spend factors and spend cues.
  'spend_row', 'spend_money_named', 'spend_other_unit', 'spend_upper_case', 'spend_many_concepts',
  // Votes of the nearest labelled purchase lines for the spend factor's industry (resolve/lines.ts).
  'line_share', 'line_nearest',
  // Its nearest labelled line's score relative to the nearest of all; how many labelled lines
  // its industry has (log): a prior of how common the industry is in purchase ledgers.
  'line_best', 'line_prior',
  // Share of the nearest lines' votes for its industry group (same first 4 NAICS digits).
  'line_group',
  // The character-gram classifier of labelled lines (resolve/classifier.ts) for its industry:
  // probability, log-probability (scaled to 0-1 from e^-10), 1 / rank among the industries, and
  // the summed probability of its industry group (first 4 NAICS digits).
  'clf_prob', 'clf_log', 'clf_rank', 'clf_group',
  // The industries the description's words mean by word vectors (resolve/semantic.ts): probability,
  // log-probability (scaled as clf_log) and 1 / rank, for its industry.
  'sem_prob', 'sem_log', 'sem_rank',
  // On spend factors: the best text relevance of a factor of another domain covering every
  // concept ("linoleum flooring" names a material that a materials factor matches fully).
  'spend_activity_full',
  // A spend factor matches the first word written (the head noun of "DETECTORS, GAS, CARBON MONOXIDE").
  'head_matched',
  // The factor excludes by name what was asked ("except paper"); a place word in its name matched.
  'excepted', 'place_in_name',
] as const

/** Feature names in model order; one `variant_<name>` per narrower variant the row has unasked. */
export const FEATURES: readonly string[] = [...BASE, ...VARIANT_NAMES.map((n) => `variant_${n}`)]

export type BaseFeature = (typeof BASE)[number]
export const BASE_FEATURES: readonly BaseFeature[] = BASE

const INDEX = new Map<string, number>(FEATURES.map((f, i) => [f, i]))

/** Position of a feature in the vector (throws on an unknown name: a programming error). */
export function featureIndex(name: BaseFeature): number {
  const i = INDEX.get(name)
  if (i === undefined) throw new Error(`unknown feature ${name}`)
  return i
}

export const VARIANT_OFFSET = BASE.length

/** A zeroed feature vector. */
export function emptyFeatures(): Float64Array {
  return new Float64Array(FEATURES.length)
}

/** Linear score of a feature vector. */
export function linearScore(weights: readonly number[], x: Float64Array): number {
  let s = 0
  for (let i = 0; i < x.length; i++) {
    const v = x[i] ?? 0
    if (v !== 0) s += v * (weights[i] ?? 0)
  }
  return s
}
