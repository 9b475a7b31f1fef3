/**
 * The `decision` contract shared by resolve (#12) and the emissions calculation (#13): whether a
 * match may be used as it is (`accept`) or needs a person to look at it (`review`). Accept where
 * the calibrated confidence is at least the fitted model's threshold, chosen on out-of-fold
 * training predictions so that accepted matches are right at least 95% of the time
 * (docs/resolve.md reports the held-out precision and the share accepted). Resolve also sends a
 * match whose place or unit named is not met to review.
 */
import { terms } from '../text/normalise.ts'

export type Decision = 'accept' | 'review'

/** `acceptAt`: the confidence at or above which the release's fitted model accepts a match. */
export function decide(confidence: number, acceptAt: number): Decision {
  return confidence >= acceptAt ? 'accept' : 'review'
}

/**
 * The confidence of a match whose place or unit named is not met: never at the threshold, so its
 * confidence says `review` as its decision does. Training has too few such top matches (4-5 of
 * 1,158 miss the unit) for the fitted confidence to learn how much a miss costs.
 */
export function belowAccept(confidence: number, acceptAt: number): number {
  return Math.min(confidence, Math.max(0.001, acceptAt - 0.001))
}

/** Domains whose factor depends on where the activity took place: a hotel night, a kWh, a cubic metre of water. */
const SITE_BOUND = new Set(['accommodation', 'electricity', 'heat_steam', 'water'])

/**
 * The text named a place in another country than the `country` hint, which replaced it (the hint
 * wins, docs/resolve.md), and the match is a factor of where the activity took place, for none of the
 * countries the text named: "hotel in Paris" on a UK ledger line (`country: "GB"`) ranks the UK's
 * hotel night, which a person must check. Journeys (flights, rail, freight) are not site-bound: a UK
 * account's flight to New York is the UK tables' long-haul flight.
 */
export function placeOverruled(overruled: readonly { country: string }[] | undefined, key: string, country: string): boolean {
  if (!overruled || overruled.length === 0) return false
  const domain = key.slice(0, key.indexOf('.'))
  return SITE_BOUND.has(domain) && !overruled.some((p) => p.country === country)
}

/** Wood named as itself ("wood", "timber", "lumber", "Holz"): the material. */
const WOOD = new Set(['wood', 'timber'])

/**
 * The description names wood and nothing else, and the match is a fuel burnt (a bioenergy factor):
 * "timber" in tonnes with `GB` accepted the UK's wood chips burnt (0.93), where timber bought is a
 * material. A person must check it; a fuel's own word ("firewood", "wood pellets", "logs") asks for it.
 */
export function woodAsFuel(concepts: readonly { phrase: string; alternatives: readonly string[] }[], key: string): boolean {
  if (!key.startsWith('bioenergy.') || concepts.length === 0) return false
  return concepts.every((c) => WOOD.has(c.phrase) || c.alternatives.some((a) => WOOD.has(a)))
}

/** A vehicle's powertrain or fuel technology in a factor's name (road vehicles: rail is electric as a rule, not a choice). */
const POWERTRAIN = /battery|\bbev\b|hybrid|plug.?in|\bphev\b|\bhev\b|hydrogen|fuel cell|electric/
const RAIL = /\brail|train|tram|metro|underground|subway/
/** Words that ask for one (English, German, French; folded). */
const POWERTRAIN_ASKED = /electri|\bevs?\b|\bbev\b|battery|hybrid|\bphev\b|plug.?in|hydrogen|fuel cell|elektro|wasserstoff|hydrogene/

/**
 * A road vehicle of one powertrain (battery electric, hybrid, plug-in, hydrogen) the description does
 * not ask for: "HGV" in tonne.km with `FR` accepted ADEME's battery-electric rigid HGV (0.93), the only
 * kind of HGV ADEME's French rows have besides hybrids and LNG. A narrower answer than the question, for
 * a person to check. `description` and `name` folded (text/normalise.ts foldText).
 */
export function unaskedPowertrain(description: string, key: string, name: string): boolean {
  if (!key.startsWith('transport.') && !key.startsWith('freight.')) return false
  return POWERTRAIN.test(name) && !RAIL.test(name) && !POWERTRAIN_ASKED.test(description)
}

/** A blend of a fossil fuel with a share of biofuel, by its trade name: B5, B7, B20, B30, E10, E15, E85 (1–99%). */
const BLEND = /\b[be]\s?-?(?:[1-9]\d?)\b/
/** A biofuel alone: biodiesel, bioethanol, ethanol, HVO or B100, not a blend of it. */
const PURE_BIOFUEL = /biodiesel|bioethanol|ethanol|\bhvo\b|\bb100\b|100 pct|100%/
const BLENDED = /blend/

/**
 * The description names a blend ("B20 biodiesel - yard trucks", "E85") and the match is the biofuel
 * alone: US EPA has B100 and no B20, and "B20 biodiesel" accepted the B100 row, a fifth of the fuel's
 * fossil CO2 left out. A person must split the blend (docs/resolve.md). `description` and `name` folded.
 */
export function blendAsPure(description: string, name: string): boolean {
  return BLEND.test(description) && PURE_BIOFUEL.test(name) && !BLENDED.test(name)
}

/** Words that hand a material on as waste: collected (a collection), sent for recycling or re-refining, rendered. */
const HANDED_ON = /\bcollected\b|\bcollection\b|recycl|re ?-?refin|\brendering\b|\brendered\b/

/**
 * The description hands a material on as waste ("Used cooking oil collected 4,200 L", "Waste oil
 * collected for re-refining") and the match is a fuel burnt: the UK's biodiesel from used cooking oil
 * and waste oils burnt were accepted for them (the third and fourth batches of unseen lines). Whoever
 * burns it reports the burning; a waste treatment is for a person to choose. `description` folded.
 */
export function handedOnAsFuel(description: string, key: string): boolean {
  return (key.startsWith('fuels.') || key.startsWith('bioenergy.')) && HANDED_ON.test(description)
}

/** A factor for a metal's packaging form (the UK's "Metal: steel cans", "aluminium cans and foil"). */
const PACKAGING_FORM = /\bcans?\b|\bfoil\b/
/** Words that ask for one (English, German, French; folded). */
const PACKAGING_ASKED = /\bcans?\b|\btins?\b|\bfoil\b|packaging|\bdosen\b|\bfolie\b|canette|\bboites?\b/

/**
 * The description names a metal and the match is its cans or foil: "Steel" and "Aluminium" in tonnes
 * with `GB` accepted the UK's steel cans and aluminium cans and foil (0.99, 0.95), the only steel and
 * aluminium of its material-use table, where beams, sheet or rebar may be meant. A narrower answer than
 * the question, for a person to check. `description` and `name` folded.
 */
export function unaskedPackaging(description: string, name: string): boolean {
  return PACKAGING_FORM.test(name) && !PACKAGING_ASKED.test(description)
}

/**
 * The match was found by the end of a compound whose first part is unknown, and its name has that end
 * and none of the description's other words: "Hopfenpellets" (hop pellets) accepted the UK's wood
 * pellets at 0.96. The first part of a compound says what kind of thing the end is; unread, the kind
 * is for a person to check ("Keyfuels fuel card - DERV" is still diesel, by "DERV"). Returns the compound.
 */
export function unknownKind(kinds: readonly { word: string; tail: string }[] | undefined, name: string, concepts: readonly { phrase: string; alternatives: readonly string[] }[]): string | null {
  if (!kinds || kinds.length === 0) return null
  const nameTerms = new Set(terms(name))
  for (const k of kinds) {
    if (!terms(k.tail).some((t) => nameTerms.has(t))) continue
    const others = concepts.filter((c) => c.phrase !== k.word && c.phrase !== k.tail)
    if (others.some((c) => [c.phrase, ...c.alternatives].some((p) => terms(p).some((t) => nameTerms.has(t))))) continue
    return k.word
  }
  return null
}

/** Why a match read from its own name is narrower than the description asked; any of them sends it to review. */
export interface NarrowerAnswer {
  powertrain: boolean
  blend: boolean
  handedOn: boolean
  packaging: boolean
}

/**
 * The name-based review rules above, in one place for resolve and resolve:train (which must send the
 * same matches to review). `description` and `name` folded (text/normalise.ts foldText).
 */
export function narrowerAnswer(description: string, key: string, name: string): NarrowerAnswer {
  return {
    powertrain: unaskedPowertrain(description, key, name),
    blend: blendAsPure(description, name),
    handedOn: handedOnAsFuel(description, key),
    packaging: unaskedPackaging(description, name),
  }
}

export function anyNarrower(n: NarrowerAnswer): boolean {
  return n.powertrain || n.blend || n.handedOn || n.packaging
}
