/**
 * What an NGA table is about, decided from its title text in A1 (table numbers change between
 * editions). The topic gives the key's domain, a stable prefix for the method, and whether
 * the table holds emission factors at all.
 */
import type { FactorBasis } from '@openfactors/engine/release'
import { slugify } from '../../keys/slug.ts'
import type { SkipReason } from '../types.ts'

export interface Topic {
  domain: string
  /** Method prefix, stable across editions (`solid`, `location`, `landfill`). */
  prefix: string
  /** Subjects are state/grid codes rather than row labels. */
  byRegion?: boolean
  /** Subject prefix for tables keyed by state (`natural_gas`, `ethane`). */
  subjectPrefix?: string
  /** Scope when neither the column nor the title names one (2021: fuel combustion and process tables scope 1, waste sent to landfill scope 3). */
  defaultScope?: 1 | 2 | 3
  skip?: { reason: SkipReason; detail: string }
  /**
   * What the table's title says its factors are, carried into every factor's name (issue 17):
   * a row label alone (`National`, `Food`, `Victoria`) does not say it is location-based, waste
   * to landfill, or T&D losses.
   */
  qualifier?: string
  /**
   * Whether `qualifier` goes into a name only where the name would otherwise be shared: every
   * Table 1 row is location-based (its basis says so), but only `National` is also in Table 2.
   */
  qualifierWhenShared?: boolean
  /** The basis the title states (location-based, market-based). */
  basis?: FactorBasis
}

const RULES: { title: RegExp; topic: Topic }[] = [
  { title: /leakage rates|metric prefixes|unit equivalences|methodologies to estimate/i, topic: { domain: 'other', prefix: '', skip: { reason: 'not_a_factor', detail: 'reference table, not emission factors' } } },
  { title: /energy conversion factors|volume to weight/i, topic: { domain: 'other', prefix: '', skip: { reason: 'energy_conversion', detail: 'conversion factors' } } },
  { title: /carbon content factors|variables and default values|leakage factors/i, topic: { domain: 'other', prefix: '', skip: { reason: 'not_a_factor', detail: 'parameters, not emission factors' } } },
  { title: /simplification of emissions equations/i, topic: { domain: 'waste', prefix: '', skip: { reason: 'restated_primary', detail: 'worked parameters restating the waste factor tables' } } },
  { title: /market-based/i, topic: { domain: 'electricity', prefix: 'market', byRegion: true, qualifier: 'market-based', qualifierWhenShared: true, basis: { electricity: 'market_based' } } },
  { title: /transmission and distribution losses/i, topic: { domain: 'electricity', prefix: 'td_losses', byRegion: true, qualifier: 'transmission and distribution losses' } },
  { title: /electricity grids/i, topic: { domain: 'electricity', prefix: 'grid', byRegion: true, qualifier: 'electricity grids table', qualifierWhenShared: true } },
  { title: /electricity/i, topic: { domain: 'electricity', prefix: 'location', byRegion: true, qualifier: 'location-based', qualifierWhenShared: true, basis: { electricity: 'location_based' } } },
  { title: /solid fuels/i, topic: { domain: 'fuels', prefix: 'solid', defaultScope: 1 } },
  { title: /gaseous fuels/i, topic: { domain: 'fuels', prefix: 'gaseous', defaultScope: 1 } },
  { title: /liquid fuels/i, topic: { domain: 'fuels', prefix: 'liquid', defaultScope: 1 } },
  { title: /transport (fuels|energy)/i, topic: { domain: 'fuels', prefix: 'transport', defaultScope: 1 } },
  { title: /consumption of natural gas/i, topic: { domain: 'fuels', prefix: 'supply', byRegion: true, subjectPrefix: 'natural_gas', qualifier: 'natural gas consumed' } },
  { title: /consumption of ethane/i, topic: { domain: 'fuels', prefix: 'supply', byRegion: true, subjectPrefix: 'ethane', qualifier: 'ethane consumed' } },
  { title: /scope 3 emission factors . natural gas/i, topic: { domain: 'fuels', prefix: 'supply', byRegion: true, subjectPrefix: 'natural_gas', qualifier: 'natural gas consumed' } },
  // 2021 Table 44 is titled `– methane` but its rows are the ethane of 2022's `consumption of ethane`.
  { title: /scope 3 emission factors . methane/i, topic: { domain: 'fuels', prefix: 'supply', byRegion: true, subjectPrefix: 'ethane', qualifier: 'ethane consumed' } },
  { title: /calcination|clay materials|soda ash|clinker|lime production|nitric acid|aluminium/i, topic: { domain: 'industrial_processes', prefix: 'process', defaultScope: 1 } },
  { title: /wastewater/i, topic: { domain: 'waste', prefix: 'wastewater', qualifier: 'wastewater treatment' } },
  { title: /incineration/i, topic: { domain: 'waste', prefix: 'incineration', qualifier: 'waste incineration' } },
  { title: /biological treatment/i, topic: { domain: 'waste', prefix: 'biological', qualifier: 'biological treatment of waste' } },
  { title: /broad waste stream/i, topic: { domain: 'waste', prefix: 'landfill_stream', defaultScope: 3, qualifier: 'waste to landfill, by broad waste stream' } },
  { title: /waste mix|waste emission factors/i, topic: { domain: 'waste', prefix: 'landfill', qualifier: 'waste to landfill' } },
]

/** Title without its `Table N:` prefix, whitespace collapsed. */
export function titleText(a1: string): string {
  return a1.replace(/\s+/g, ' ').trim().replace(/^Table \d+[a-z]?\s*[:.]?\s*/i, '')
}

export function topicOf(title: string): Topic {
  const t = titleText(title)
  const hit = RULES.find((r) => r.title.test(t))?.topic
  if (hit) return hit
  // Other factor tables (the 2021 edition's fugitive and process tables): keyed and named by their title.
  return { domain: /fugitive|coal|oil|gas|flar/i.test(t) ? 'fuels' : 'industrial_processes', prefix: slugify(t, 40), qualifier: t.replace(/^(direct|indirect)\s*\(scopes?[^)]*\)\s*/i, '') }
}
