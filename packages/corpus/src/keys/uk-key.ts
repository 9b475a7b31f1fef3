/**
 * THE key function for UK conversion factors: both layouts (flat files and full sets) feed it
 * the same normalised label parts, so one real factor gets one key in every edition.
 *
 *   key     = <domain>.<country>.<subject>.<method>
 *   subject = Level 2..4 (or the full set's label columns) + Column Text (or the band header),
 *             minus: a country (moved to the country segment), a label that repeats the unit,
 *             the `WTT-`/`T&D-` prefix the method already says, consecutive repeats
 *   method  = [basis_]<unit>[_gas]  e.g. `litres`, `wtt_kwh_gross_cv`, `td_kwh`, `litres_ch4`
 *   materials: materials.<category>.<material>.<production or source route>
 *
 * Per-gas values (`kg CO2`, `kg CO2e of CH4`, `kg CO2e of N2O per unit`) are CO2e contributions
 * in every edition (they add up to the `kg CO2e` total, even where 2016–2021 label them `kg CH4`),
 * so their unit is `kg CO2e per …` too.
 */
import type { SkipReason } from '../adapters/types.ts'
import { slugify, slugJoin } from './slug.ts'
import { normalizeUnit } from './units.ts'
import { cleanLabel, type UkLabels } from './uk-cells.ts'
import { LABEL_ALIASES, LEVEL1, normalizeLevel1, type Level1Rule, type UkDomain } from './uk-aliases.ts'
import { resolveUkCountry } from './uk-countries.ts'

export type UkGas = 'co2' | 'ch4' | 'n2o'

export interface UkKey {
  key: string
  /** Calorific-value basis, from the unit (`kWh (Gross CV)`) or the sheet's note. */
  cv: 'gross' | 'net' | null
  /** The CV basis is the sheet note's (`All factors are on a net calorific value basis.`), not the unit's. */
  cvFromSheet: boolean
  /** Key of the total this value belongs to (= key for totals). */
  totalKey: string
  gas: UkGas | null
  domain: UkDomain
  country: string
  /** Sub-national place named in brackets after a country (`UK (London)` -> `london`). */
  region: string | null
  unit: string
  name: string
  section: string
}

export type UkKeyResult = ({ ok: true } & UkKey) | { ok: false; reason: SkipReason; detail: string }

/** `kg CO2e` -> total; `kg CH4`, `kg CO2e of CH4`, `kg CO2e of CH4 per unit` -> that gas; else null. */
export function classifyGhg(ghg: string): { gas: UkGas | null } | null {
  const t = cleanLabel(ghg).toLowerCase()
  if (t === 'kg co2e') return { gas: null }
  const m = /^kg (?:co2e of )?(co2|ch4|n2o)(?: per unit)?$/.exec(t)
  return m ? { gas: m[1] as UkGas } : null
}

/** Method token of a unit: plural words as the files print them, everything else slugged. */
export function unitToken(uom: string): string {
  const canonical = normalizeUnit(uom)
  const words: Record<string, string> = { litre: 'litres', tonne: 'tonnes', mile: 'miles' }
  return words[canonical] ?? slugify(canonical)
}

const ENERGY_UNIT = /^(kWh|MWh|GJ|MJ|therms?)$/i

/**
 * CV basis of a factor: the unit's own (`kWh (Gross CV)`), else the sheet note's for an energy
 * unit. A sheet-note basis goes into `basis` (and its note), not into the unit text: the sheet
 * has no other basis for these fuels, and resolve reads `(Net CV)` in a unit as the narrower of
 * two siblings (docs/corpus.md, kind and basis).
 */
export function cvOf(unit: string, sheetCv: UkLabels['sheetCv']): { cv: 'gross' | 'net' | null; fromSheet: boolean } {
  const own = /\((Gross|Net) CV\)/.exec(unit)?.[1]
  if (own) return { cv: own === 'Gross' ? 'gross' : 'net', fromSheet: false }
  if (sheetCv && ENERGY_UNIT.test(unit)) return { cv: sheetCv === 'Gross CV' ? 'gross' : 'net', fromSheet: true }
  return { cv: null, fromSheet: false }
}

function alias(text: string, year: number, level1: string): string {
  const probe = cleanLabel(text).toLowerCase()
  for (const a of LABEL_ALIASES) {
    if (a.from.toLowerCase() === probe && a.editions.includes(year) && (!a.level1 || a.level1 === level1)) return a.to
  }
  return cleanLabel(text)
}

function stripBasisPrefix(label: string, basis: string): string {
  if (basis === 'wtt') return label.replace(/^wtt\s*-\s*/i, '')
  if (basis === 'td') return label.replace(/^t&d\s*-\s*/i, '')
  if (basis === 'managed_assets') return label.replace(/^managed\s+/i, '')
  return label
}

function domainOf(rule: Level1Rule, parts: readonly string[], level1: string): UkDomain {
  const first = (parts[0] ?? '').toLowerCase()
  if (rule.domain === 'vehicles') return /^(vans?|hgv)/.test(first) ? 'freight' : 'transport'
  if (rule.domain === 'by_content') return /^bio|landfill gas/.test(first) ? 'bioenergy' : /electricity/.test(first) ? 'electricity' : 'fuels'
  if (level1 === 'transmission and distribution' && parts.some((p) => /heat/i.test(p))) return 'heat_steam'
  return rule.domain
}

export function ukKey(labels: UkLabels, year: number): UkKeyResult {
  const level1 = normalizeLevel1(cleanLabel(labels.level1))
  const rule = LEVEL1[level1]
  if (!rule) return { ok: false, reason: 'out_of_scope', detail: `unknown Level 1 / sheet "${labels.level1}"` }
  if (rule.energyConversion) return { ok: false, reason: 'energy_conversion', detail: `${labels.level1}: kWh per activity (SECR)` }
  const ghg = classifyGhg(labels.ghg)
  if (!ghg) return { ok: false, reason: 'not_a_factor', detail: `value column "${labels.ghg}"` }
  const uom = cleanLabel(labels.uom)
  if (!uom) return { ok: false, reason: 'not_a_factor', detail: 'no unit' }
  const unit = normalizeUnit(uom)
  const { cv, fromSheet: cvFromSheet } = cvOf(unit, labels.sheetCv)

  const sheetTopic = normalizeLevel1(stripBasisPrefix(rule.title, rule.basis))
  let country = 'gb'
  let region: string | null = null
  const parts: string[] = []
  const shown: string[] = []
  for (const raw of labels.levels) {
    const printed = cleanLabel(raw)
    // A label that repeats the unit (2023 `kWh`) or the data year (2022 `2020`) says nothing new;
    // a bare `0` (2017–2021 managed cars, Level 4) is an empty formula reference.
    if (!printed || printed === '0' || printed.toLowerCase() === uom.toLowerCase() || /^(19|20)\d\d$/.test(printed)) continue
    if (shown[shown.length - 1]?.toLowerCase() !== printed.toLowerCase()) shown.push(printed)
    // The method already names the basis: `WTT- liquid fuels` / `Managed vans` / `T&D- UK electricity`.
    let part = alias(stripBasisPrefix(printed, rule.basis), year, level1)
    // `Water supply > Water supply`, `Heat and steam > …`: the sheet's own name adds nothing.
    if (!part || (normalizeLevel1(part) === sheetTopic && rule.domain !== 'accommodation')) continue
    const elec = /^electricity:\s*(.+)$/i.exec(part)
    const place = elec?.[1] ?? (rule.domain === 'accommodation' && !/^hotel stay$/i.test(part) ? part : null)
    // `International, to/from non-UK` flights are not the UK's: no country, not `gb`.
    if (/to\/from non-uk/i.test(part)) country = 'glo'
    if (place !== null) {
      const hit = resolveUkCountry(place)
      country = hit?.iso2 ?? 'glo'
      part = hit ? hit.rest : place
      if (hit?.rest && hit.iso2 !== 'eu' && hit.iso2 !== 'glo') region = slugify(hit.rest)
      if (!part) continue
    }
    if (part && parts[parts.length - 1]?.toLowerCase() !== part.toLowerCase()) parts.push(part)
  }
  const column = alias(labels.column, year, level1)
  const domain = domainOf(rule, parts, level1)
  const gasSuffix = ghg.gas ?? ''
  const basis = rule.basis

  let keyTotal: string
  if (domain === 'materials') {
    const grade = slugJoin([column || 'unspecified', unit === 'tonne' ? '' : unitToken(uom)])
    keyTotal = ['materials', slugify(parts[0] ?? 'other'), slugJoin(parts.slice(1)) || slugify(parts[0] ?? 'other'), grade].join('.')
  } else {
    // Refrigerants are named by the gas alone: the groups around them (`Kyoto protocol - standard`,
    // `Other perfluorinated gases`, `Blends`…) were regrouped in 2022, the gas names were not.
    const subjectParts = domain === 'refrigerants' && parts.length > 1 ? parts.slice(1) : parts
    const subject = slugJoin([...subjectParts, column]) || slugify(rule.title)
    keyTotal = [domain, country, subject, slugJoin([basis, unitToken(uom)])].join('.')
  }
  const key = gasSuffix ? `${keyTotal}_${gasSuffix}` : keyTotal
  // Names skip labels that only repeat the sheet (`Hotel stay: UK (London)`, `Water supply, per m3`).
  const what = [...shown.filter((p) => normalizeLevel1(stripBasisPrefix(p, basis)) !== sheetTopic), column].filter(Boolean).join(', ')
  const name = `${what ? `${rule.title}: ${what}` : rule.title}, per ${unit}${ghg.gas ? ` (${ghg.gas.toUpperCase()} part)` : ''}`
  const section = [cleanLabel(labels.level1), ...shown].join(' > ')
  return { ok: true, key, totalKey: keyTotal, cv, cvFromSheet, gas: ghg.gas, domain, country, region, unit: `kg CO2e per ${unit}`, name, section }
}
