/**
 * Variants of a factor that answer a narrower question than people usually ask: well-to-tank,
 * outside of scopes, T&D losses, managed assets, net CV, non-baseload, market-based,
 * refrigerated, a given laden share, supply-chain margins, recycled-material routes, electricity
 * from one named generation source.
 * Resolve ranks them below the plain factor unless the description asks for them.
 */
import type { FactorRow } from '../release/schema.ts'
import { foldText } from './normalise.ts'

interface VariantRule {
  name: string
  /** Does the row carry this variant? Gets folded key, section, name and unit. */
  row: (key: string, section: string, name: string, unit: string) => boolean
  /** Does the (folded) description ask for it? */
  asked: RegExp
}

const method = (key: string) => key.slice(key.indexOf('.', key.indexOf('.') + 1) + 1)

const RULES: VariantRule[] = [
  { name: 'wtt', row: (k, s) => s.startsWith('wtt') || /(^|[._])wtt(_|$)/.test(method(k)), asked: /\bwtt\b|well to tank|well-to-tank|upstream/ },
  { name: 'outside_scopes', row: (k, s) => s.startsWith('outside of scopes') || method(k).includes('outside_scopes'), asked: /biogenic|outside of scope|outside scope/ },
  { name: 'td', row: (k, s, n) => s.startsWith('transmission and distribution') || /t&d|transmission and distribution/.test(n) || /(^|[._])td(_|$)|t_and_d|td_losses/.test(method(k)), asked: /transmission|distribution loss|\bt ?& ?d\b|\blosses\b/ },
  { name: 'managed', row: (k, s) => s.startsWith('managed assets') || method(k).includes('managed_assets'), asked: /managed/ },
  { name: 'net_cv', row: (_k, _s, _n, u) => u.includes('net cv'), asked: /\bnet\b/ },
  { name: 'non_baseload', row: (k, _s, n) => n.includes('non-baseload') || method(k).includes('non_baseload'), asked: /baseload|marginal/ },
  { name: 'margin', row: (k) => /(^|\.)ifi_/.test(method(k)), asked: /\bmargin\b|operating|combined margin|\bifi\b/ },
  // Market-based electricity only: "cars by market segment" and "fish and seafood markets" are not it.
  { name: 'market', row: (k, _s, n) => n.includes('market based') || n.includes('market-based') || /(^|[._])market_(based|scope)/.test(method(k)), asked: /\bmarket\b|market.?based/ },
  { name: 'refrigerated', row: (_k, _s, n) => /(^|[^-])refrigerated/.test(n), asked: /refrigerat|reefer|chilled|frozen|cold chain/ },
  // Off-grid factors (remote generation) share the word "grid" with every grid-electricity question.
  { name: 'off_grid', row: (k, _s, n) => /(^|[^a-z])off.?grid/.test(n) || method(k).includes('off_grid') || k.includes('.off_grid.'), asked: /off.?grid|remote site|diesel generator/ },
  { name: 'laden', row: (_k, _s, n) => /\b(0|50|100)% laden/.test(n), asked: /laden|empty|fully loaded|\bfull\b/ },
  { name: 'scope3_upstream', row: (k) => /(^|_)scope3(_|$)/.test(method(k)), asked: /scope ?3/ },
  { name: 'margins_only', row: (k) => /(^|\.)margins(_|$)/.test(method(k)), asked: /margins only/ },
  { name: 'without_margins', row: (k) => /(^|\.)without_margins/.test(method(k)), asked: /without margin|producer price|basic price/ },
  // ÖKOBAUDAT energy, transport, services and end-of-life processes are for building LCA, not for
  // an organisation's energy use or travel.
  // (since the corpus keys them `<domain>.de.<subject>.oekobaudat`, outside materials.*)
  { name: 'lca_process', row: (k) => /^materials\.(energy|building_services|passenger_transport|freight_transport|end_of_life)\./.test(k) || k.endsWith('.oekobaudat'), asked: /\blca\b|epd|okobaudat|oekobaudat|life cycle|en 15978|building services/ },
  // German and French too (folded): Abfall, Restmüll, Verbrennung, Kompostierung, Deponie, Entsorgung,
  // Wertstoffe; déchets, ordures, décharge, enfouissement, méthanisation.
  { name: 'waste_route', row: (k) => k.startsWith('waste.'), asked: /waste|landfill|dispos|recycl|incinerat|compost|scrap|dump|rubbish|trash|garbage|anaerobic|abfall|mull\b|verbrenn|kompost|deponie|entsorg|wertstoff|dechet|ordure|decharge|enfouiss|methanis/ },
  // Natural gas as most people buy it comes by pipeline; liquefied, compressed and unprocessed gas
  // are fuels of their own (Australia's tables list all four with the same words).
  { name: 'processed_gas', row: (_k, _s, n) => /\b(liquefied|compressed|unprocessed) natural gas\b|\blng\b|\bcng\b/.test(n), asked: /liquefied|compressed|unprocessed|\blng\b|\bcng\b|raw gas|coal seam/ },
  // Coking (metallurgical) coal is the steelworks' coal; coal burnt for heat or power is the plain question.
  { name: 'coking_coal', row: (_k, _s, n) => /\bcoking coal\b/.test(n), asked: /coking|metallurgical|\bmet coal\b|steelmaking|steel making|blast furnace/ },
  { name: 'recycled_route', row: (k) => /closed_loop|re_used|open_loop/.test(method(k)), asked: /recycl|closed loop|closed-loop|re-?used|reuse|secondary/ },
  // Electricity from one named source (ÖKOBAUDAT's "Strom aus Wasserkraft", ADEME's wind, nuclear and
  // PV plants) answers a question about that source, not about the grid a site draws from.
  {
    name: 'generation_source',
    row: (k) => /^electricity\.[a-z0-9_]+\.electricity_(from_|energy_source_(?!grid_mix))/.test(k),
    asked: /hydro|wasserkraft|wind|solar|photovolt|\bpv\b|nuclear|kernkraft|atomstrom|coal|kohle|gas.?fired|\boil\b|geotherm|renewable|erneuerbar|okostrom|oekostrom|green (electricity|power|tariff)|biomass|biogas|power plant|kraftwerk/,
  },
]

/** Names of the variant rules, in bit order (resolve learns one weight per variant). */
export const VARIANT_NAMES: readonly string[] = RULES.map((r) => r.name)

/** Bit mask of the variants a row carries. */
export function rowVariants(row: FactorRow): number {
  const key = row.key
  const section = foldText(row.section)
  const name = foldText(row.name)
  const unit = foldText(row.unit)
  let mask = 0
  RULES.forEach((rule, i) => {
    if (rule.row(key, section, name, unit)) mask |= 1 << i
  })
  return mask
}

/** Bit mask of the variants a description asks for. */
export function askedVariants(description: string): number {
  const text = foldText(description)
  let mask = 0
  RULES.forEach((rule, i) => {
    if (rule.asked.test(text)) mask |= 1 << i
  })
  return mask
}

/** Ranking weight: each variant the row has but nobody asked for halves it (floor 0.2). */
export function variantWeight(rowMask: number, asked: number): number {
  let unasked = rowMask & ~asked
  let w = 1
  while (unasked) {
    if (unasked & 1) w *= 0.5
    unasked >>>= 1
  }
  return Math.max(0.2, w)
}
