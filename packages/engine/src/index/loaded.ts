/**
 * One loaded release: its rows in key order, key and edition maps, the search index and
 * per-row facts resolve ranks by. Implements ReleaseView for the calculating half.
 */
import type { AsPlainObject } from 'minisearch'
import type { Candidate } from '../errors.ts'
import { rankCandidates } from './candidates.ts'
import type { SearchIndex } from './search-index.ts'
import { buildSearchIndex, GAS_INDEX_OPTIONS, restoreSearchIndex } from './search-index.ts'
import { foldText, terms } from '../text/normalise.ts'
import type { UnitInfo } from '../text/units.ts'
import { activityUnitOf } from '../text/units.ts'
import { rowVariants } from '../text/variants.ts'
import type { Edition, FactorRow, ReleaseArtifact } from '../release/schema.ts'
import type { ReleaseView } from '../release/view.ts'
import { kindOf } from '../release/schema.ts'

/** Datasets that compile other publishers' factors: ranked below primary sources. */
export const SECONDARY_DATASETS = new Set(['climatiq-open-emission-factors-db'])
/** Datasets republished from another publisher's model (CO2.js: Ember, Electricity Maps, IFI). */
export const DERIVED_DATASETS = new Set(['tgwf-co2js-grid-intensity'])

const GAS_PARTS = new Set(['co2', 'ch4', 'n2o', 'hfc', 'hfcs', 'pfc', 'pfcs', 'sf6', 'nf3'])

export interface RowFacts {
  unit: UnitInfo | null
  /** A per-gas factor (not a CO2e total). */
  perGas: string | null
  secondary: boolean
  derived: boolean
  /** The name says it is an average (of sizes, laden shares, passengers). */
  average: boolean
  domain: string
  /** Narrower variants the row is (bit mask of text/variants.ts rules). */
  variants: number
  /** Unit dimensions a material's published data can convert its declared unit to. */
  convertible: ReadonlySet<string> | null
  /** Number of distinct terms in the name (to prefer the more general of equal matches). */
  nameTerms: number
}

const gasOfUnitCache = new Map<string, string | null>()

/** The gas named by a unit's mass part (`kg CH4 per kWh` -> ch4), or null for a CO2e unit. */
function gasOfUnit(unit: string): string | null {
  let gas = gasOfUnitCache.get(unit)
  if (gas !== undefined) return gas
  const mass = foldText(unit).split(' per ')[0] ?? ''
  const ofGas = /co2e of (\w+)/.exec(mass)
  if (ofGas) gas = ofGas[1] ?? 'other'
  else if (!/co2e\b/.test(mass)) gas = mass.split(' ').find((w) => GAS_PARTS.has(w)) ?? 'other'
  else gas = null
  gasOfUnitCache.set(unit, gas)
  return gas
}

/** The gas a per-gas row is for, or null for a CO2e total. */
export function perGasOf(row: FactorRow): string | null {
  const byUnit = gasOfUnit(row.unit)
  if (byUnit !== null) return byUnit
  // Only the key's last segment (the method) says "per gas": in `refrigerants.gb.hfc_134a.kg`
  // the gas is the activity, and the row is the CO2e total of a kg of it.
  const method = row.key.slice(row.key.lastIndexOf('.') + 1).split('_')
  return method.find((p) => GAS_PARTS.has(p)) ?? null
}

/**
 * Terms of the name that are not already in its section path or unit: UK names repeat the
 * section ("Material use: Construction, Plasterboard, …, per tonne"), others do not, and only
 * the name's own words say how specific a factor is.
 */
function ownNameTerms(row: FactorRow): number {
  const context = new Set(terms(`${row.section} ${row.unit}`))
  let n = 0
  for (const t of new Set(terms(row.name))) if (!context.has(t)) n++
  return n
}

/** Dimensions a material's declared unit converts to with its own published data. */
function materialConversions(row: FactorRow): ReadonlySet<string> | null {
  const m = row.material
  if (!m) return null
  const out = new Set<string>()
  const declared: Record<string, string> = { kg: 'mass', t: 'mass', m3: 'volume', m2: 'area', m: 'length', piece: 'count' }
  const own = declared[m.declared_unit]
  if (own) out.add(own)
  if (m.kg_per_declared_unit || m.density_kg_m3) out.add('mass')
  if (m.density_kg_m3) out.add('volume')
  if (m.area_mass_kg_m2 || (m.thickness_m && m.density_kg_m3)) out.add('area')
  return out
}

export class LoadedRelease implements ReleaseView {
  readonly mb_version: string
  readonly released_at: string
  readonly artifact: ReleaseArtifact
  readonly rows: readonly FactorRow[]
  /** Per-row facts, computed on first use: most rows are never a resolve candidate. */
  private readonly factCache: Array<RowFacts | undefined>
  /** Whether each row is a per-gas factor (needed up front to split the indexes). */
  private readonly perGas: Array<string | null>
  /** Whether each row is an emission factor (only those are in `index` and the gas indexes). */
  private readonly offered: boolean[]
  /** Index of the emission-factor CO2e totals: what search and resolve offer by default. */
  readonly index: SearchIndex
  /** Index of the rows that are not emission factors (components, properties...), built on first use. */
  private otherKinds: SearchIndex | null = null
  /** One index per gas (`co2`, `ch4`, ...), built on first use. */
  private readonly gasIndexes = new Map<string, SearchIndex>()
  private readonly byKey = new Map<string, number>()
  private readonly editions = new Map<string, Edition>()

  /**
   * `artifact.factors` must be sorted by key when indexes are given (snapshots are).
   * Per-gas rows (most of the corpus: supply-chain factors by gas) sit in a second index,
   * built on first use, so cold start and every query only pay for the totals.
   */
  constructor(artifact: ReleaseArtifact, index?: AsPlainObject, gasIndexes?: Readonly<Record<string, AsPlainObject>>) {
    const sorted = isSortedByKey(artifact.factors) ? artifact : { ...artifact, factors: [...artifact.factors].sort(byKey) }
    this.artifact = sorted
    this.mb_version = sorted.mb_version
    this.released_at = sorted.released_at
    this.rows = sorted.factors
    for (const e of sorted.editions) this.editions.set(e.id, e)
    this.rows.forEach((row, i) => this.byKey.set(row.key, i))
    this.perGas = this.rows.map(perGasOf)
    this.offered = this.rows.map((row) => kindOf(row) === 'emission_factor')
    this.factCache = new Array<RowFacts | undefined>(this.rows.length)
    this.index = index ? restoreSearchIndex(index) : buildSearchIndex(this.rows, this.positionsWhere((gas) => gas === null))
    for (const [gas, plain] of Object.entries(gasIndexes ?? {})) this.gasIndexes.set(gas, restoreSearchIndex(plain, GAS_INDEX_OPTIONS))
  }

  /** Facts of the row at `position` (cached). */
  facts(position: number): RowFacts {
    const hit = this.factCache[position]
    if (hit) return hit
    const row = this.rows[position] as FactorRow
    const edition = this.editions.get(row.source_id)
    const facts: RowFacts = {
      unit: activityUnitOf(row.unit),
      perGas: this.perGas[position] ?? null,
      secondary: edition !== undefined && SECONDARY_DATASETS.has(edition.dataset),
      derived: edition !== undefined && DERIVED_DATASETS.has(edition.dataset),
      average: /\baverage\b/i.test(row.name),
      domain: row.key.slice(0, row.key.indexOf('.')),
      variants: rowVariants(row),
      convertible: materialConversions(row),
      nameTerms: ownNameTerms(row),
    }
    this.factCache[position] = facts
    return facts
  }

  /** Positions of the emission-factor rows whose gas passes `test`. */
  private positionsWhere(test: (gas: string | null) => boolean): number[] {
    const out: number[] = []
    this.perGas.forEach((gas, i) => {
      if (this.offered[i] && test(gas)) out.push(i)
    })
    return out
  }

  /** Whether the row at `position` is an emission factor (offered by default). */
  isOffered(position: number): boolean {
    return this.offered[position] ?? false
  }

  /** Index of every row that is not an emission factor, totals and per-gas alike (built on first use). */
  otherKindsIndex(): SearchIndex {
    if (!this.otherKinds) {
      const positions: number[] = []
      this.offered.forEach((ok, i) => {
        if (!ok) positions.push(i)
      })
      this.otherKinds = buildSearchIndex(this.rows, positions)
    }
    return this.otherKinds
  }

  /** Gases that have per-gas emission-factor rows in this release. */
  gases(): string[] {
    const out = new Set<string>()
    this.perGas.forEach((g, i) => {
      if (g !== null && this.offered[i]) out.add(g)
    })
    return [...out].sort()
  }

  /**
   * Index of the per-gas rows of one gas, built on first use: a description naming CO2 only
   * searches the CO2 rows, not the 40k supply-chain rows of every gas.
   */
  gasIndex(gas: string): SearchIndex {
    let index = this.gasIndexes.get(gas)
    if (!index) {
      index = buildSearchIndex(this.rows, this.positionsWhere((g) => g === gas), GAS_INDEX_OPTIONS)
      this.gasIndexes.set(gas, index)
    }
    return index
  }

  /** The per-gas indexes built so far (for snapshots). */
  builtGasIndexes(): ReadonlyMap<string, SearchIndex> {
    return this.gasIndexes
  }

  factor(key: string): FactorRow | undefined {
    const i = this.byKey.get(key)
    return i === undefined ? undefined : this.rows[i]
  }

  position(key: string): number | undefined {
    return this.byKey.get(key)
  }

  edition(id: string): Edition | undefined {
    return this.editions.get(id)
  }

  /** Edition of a row (always present: the artifact was validated). */
  editionOf(row: FactorRow): Edition {
    const e = this.editions.get(row.source_id)
    if (!e) throw new Error(`edition ${row.source_id} missing from release ${this.mb_version}`)
    return e
  }

  private keySegments: string[][] | null = null

  candidates(key: string, limit = 5): Candidate[] {
    this.keySegments ??= this.rows.map((r) => r.key.split('.'))
    return rankCandidates(key, this.rows, this.index, limit, this.keySegments)
  }
}

function byKey(a: FactorRow, b: FactorRow): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0
}

function isSortedByKey(rows: readonly FactorRow[]): boolean {
  for (let i = 1; i < rows.length; i++) if ((rows[i - 1] as FactorRow).key > (rows[i] as FactorRow).key) return false
  return true
}
