/**
 * One loaded release: its rows in key order, key and edition maps, the search index and
 * per-row facts resolve ranks by. Implements ReleaseView for the calculating half.
 */
import type { AsPlainObject } from 'minisearch'
import type { Candidate } from '../errors.ts'
import { rankCandidates } from '../find/candidates.ts'
import type { SearchIndex } from '../find/search-index.ts'
import { buildSearchIndex, restoreSearchIndex } from '../find/search-index.ts'
import { foldText } from '../find/text.ts'
import type { UnitInfo } from '../resolve/vocab/units.ts'
import { activityUnitOf } from '../resolve/vocab/units.ts'
import type { Edition, FactorRow, ReleaseArtifact } from './schema.ts'
import type { ReleaseView } from './view.ts'

/** Datasets that compile other publishers' factors: ranked below primary sources. */
export const SECONDARY_DATASETS = new Set(['climatiq-open-emission-factors-db'])

const GAS_PARTS = new Set(['co2', 'ch4', 'n2o', 'hfc', 'hfcs', 'pfc', 'pfcs', 'sf6', 'nf3'])

export interface RowFacts {
  unit: UnitInfo | null
  /** A per-gas factor (not a CO2e total). */
  perGas: string | null
  secondary: boolean
  domain: string
}

/** The gas a per-gas row is for, or null for a CO2e total. */
export function perGasOf(row: FactorRow): string | null {
  const mass = foldText(row.unit).split(' per ')[0] ?? ''
  const ofGas = /co2e of (\w+)/.exec(mass)
  if (ofGas) return ofGas[1] ?? 'other'
  if (!/co2e\b/.test(mass)) {
    const gas = mass.split(' ').find((w) => GAS_PARTS.has(w))
    return gas ?? 'other'
  }
  const method = row.key.split('.').slice(2).join('_').split('_')
  const gas = method.find((p) => GAS_PARTS.has(p))
  return gas ?? null
}

export class LoadedRelease implements ReleaseView {
  readonly mb_version: string
  readonly released_at: string
  readonly artifact: ReleaseArtifact
  readonly rows: readonly FactorRow[]
  readonly facts: readonly RowFacts[]
  readonly index: SearchIndex
  private readonly byKey = new Map<string, number>()
  private readonly editions = new Map<string, Edition>()

  /** `artifact.factors` must be sorted by key when an index is given (snapshots are). */
  constructor(artifact: ReleaseArtifact, index?: AsPlainObject) {
    const sorted = isSortedByKey(artifact.factors) ? artifact : { ...artifact, factors: [...artifact.factors].sort(byKey) }
    this.artifact = sorted
    this.mb_version = sorted.mb_version
    this.released_at = sorted.released_at
    this.rows = sorted.factors
    for (const e of sorted.editions) this.editions.set(e.id, e)
    this.rows.forEach((row, i) => this.byKey.set(row.key, i))
    this.facts = this.rows.map((row) => {
      const edition = this.editions.get(row.source_id)
      return {
        unit: activityUnitOf(row.unit),
        perGas: perGasOf(row),
        secondary: edition !== undefined && SECONDARY_DATASETS.has(edition.dataset),
        domain: row.key.slice(0, row.key.indexOf('.')),
      }
    })
    this.index = index ? restoreSearchIndex(index) : buildSearchIndex(this.rows)
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

  candidates(key: string, limit = 5): Candidate[] {
    return rankCandidates(key, this.rows, this.index, limit)
  }
}

function byKey(a: FactorRow, b: FactorRow): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0
}

function isSortedByKey(rows: readonly FactorRow[]): boolean {
  for (let i = 1; i < rows.length; i++) if ((rows[i - 1] as FactorRow).key > (rows[i] as FactorRow).key) return false
  return true
}
