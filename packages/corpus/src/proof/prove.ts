/**
 * The provenance proof (docs/decisions.md §1): every served number is re-read from the cell its
 * `cell_ref` names, in a freshly opened file, and must match bit for bit (`Object.is`) the cell
 * as the file shows it (15 significant digits, as-published.ts). Converted values are recomputed
 * from the published cell with the recorded multiplier in decimal, to the published precision. Gas, module and material cells are proven the same way.
 */
import Decimal from 'decimal.js'
import type { CellValue, FactorRow } from '@openfactors/engine/release'
import type { LockEdition } from '../lock/schema.ts'
import { parseRef } from './refs.ts'
import { ProofSources } from './sources.ts'
import { asPublished, derive, PUBLISHED_DIGITS } from './as-published.ts'

const D = Decimal.clone({ precision: 40 })

/** The sum of published values (each as its file shows it) in decimal, exactly as adapters must compute a derived value. */
export function sumPublished(values: readonly number[]): number {
  return values.reduce((acc, v) => acc.plus(new D(asPublished(v))), new D(0)).toSignificantDigits(PUBLISHED_DIGITS).toNumber()
}

/** The served value for a published value and multiplier, exactly as adapters must compute it (as-published.ts). */
export function convertPublished(published: number, multiplier: string): number {
  return derive(published, multiplier)
}

export interface ProofFailure {
  key: string
  source_id: string
  /** `value`, `gases.co2`, `modules.A1-A3`, `material.density_kg_m3`, ... */
  field: string
  cell_ref: string
  served: number
  found: number | null
  reason: string
}

export interface ProofResult {
  /** References checked (a factor has one for its value plus one per gas/module/material cell). */
  checked: number
  proven: number
  failures: ProofFailure[]
}

export class Prover {
  private readonly sources: ProofSources
  private readonly result: ProofResult = { checked: 0, proven: 0, failures: [] }

  constructor(
    datasetsDir: string,
    private readonly editions: ReadonlyMap<string, LockEdition>,
  ) {
    this.sources = new ProofSources(datasetsDir)
  }

  get summary(): ProofResult {
    return this.result
  }

  proveFactor(f: FactorRow): void {
    const edition = this.editions.get(f.source_id)
    if (!edition) {
      this.result.checked++
      this.fail(f, 'value', f.cell_ref, f.value, null, `unknown source_id ${f.source_id}`)
      return
    }
    const multiplier = f.published?.multiplier
    if (f.derived) {
      // A value computed from several cells: each input is proven, then the sum re-derived.
      const recomputed = sumPublished(f.derived.inputs.map((c) => c.value))
      const first = f.derived.inputs[0]
      const base = f.published ? f.published.value : f.value
      if (!Object.is(recomputed, base) || first?.cell_ref !== f.cell_ref) {
        this.result.checked++
        this.fail(f, 'value', f.cell_ref, f.value, recomputed, `served value is not the decimal sum of its inputs (${recomputed}), or cell_ref is not the first input`)
        return
      }
      if (f.published && !Object.is(convertPublished(f.published.value, f.published.multiplier), f.value)) {
        this.result.checked++
        this.fail(f, 'value', f.cell_ref, f.value, null, `served value is not published ${f.published.value} × ${f.published.multiplier}`)
        return
      }
      f.derived.inputs.forEach((c, i) => this.check(f, edition, `derived.inputs.${i}`, c.cell_ref, c.value, undefined))
    } else if (f.published) {
      const recomputed = convertPublished(f.published.value, f.published.multiplier)
      if (!Object.is(recomputed, f.value)) {
        this.result.checked++
        this.fail(f, 'value', f.cell_ref, f.value, recomputed, `served value is not published ${f.published.value} × ${f.published.multiplier} = ${recomputed}`)
        return
      }
      this.check(f, edition, 'value', f.cell_ref, f.published.value, undefined)
    } else {
      this.check(f, edition, 'value', f.cell_ref, f.value, undefined)
    }
    for (const [gas, c] of Object.entries(f.gases ?? {})) if (c) this.check(f, edition, `gases.${gas}`, c.cell_ref, c.value, multiplier)
    for (const [mod, c] of Object.entries(f.modules ?? {})) if (c) this.check(f, edition, `modules.${mod}`, c.cell_ref, c.value, undefined)
    if (f.material) {
      const m = f.material
      const cells: [string, CellValue | null][] = [
        ['declared_quantity', m.declared_quantity],
        ['density_kg_m3', m.density_kg_m3],
        ['area_mass_kg_m2', m.area_mass_kg_m2],
        ['kg_per_declared_unit', m.kg_per_declared_unit],
        ['units_per_kg', m.units_per_kg ?? null],
        ['thickness_m', m.thickness_m],
      ]
      for (const [name, c] of cells) if (c) this.check(f, edition, `material.${name}`, c.cell_ref, c.value, undefined)
    }
  }

  /**
   * One reference. `served` must equal the cell; for gas cells of a converted factor, it may
   * instead equal the cell converted with the factor's multiplier (gases are in the factor's unit).
   */
  private check(f: FactorRow, edition: LockEdition, field: string, ref: string, served: number, multiplier: string | undefined): void {
    this.result.checked++
    const parsed = parseRef(ref)
    if (!parsed) return this.fail(f, field, ref, served, null, 'cell_ref is not a sheet, CSV or JSON reference')
    let read
    try {
      read = this.sources.read(parsed, edition)
    } catch (err) {
      return this.fail(f, field, ref, served, null, `cannot read: ${err instanceof Error ? err.message : String(err)}`)
    }
    if (!read.ok) return this.fail(f, field, ref, served, null, read.reason)
    // the cell as the file shows it (15 significant digits; as-published.ts)
    if (Object.is(read.number, served) || Object.is(asPublished(read.number), served)) {
      this.result.proven++
      return
    }
    if (multiplier !== undefined && Object.is(convertPublished(read.number, multiplier), served)) {
      this.result.proven++
      return
    }
    this.fail(f, field, ref, served, read.number, `cell holds ${read.raw}, served ${served}`)
  }

  private fail(f: FactorRow, field: string, cell_ref: string, served: number, found: number | null, reason: string): void {
    this.result.failures.push({ key: f.key, source_id: f.source_id, field, cell_ref, served, found, reason })
  }
}

/** Prove a set of factors against the datasets; `editions` maps source_id to its lock entry. */
export function proveFactors(factors: Iterable<FactorRow>, editions: ReadonlyMap<string, LockEdition>, datasetsDir: string): ProofResult {
  const prover = new Prover(datasetsDir, editions)
  for (const f of factors) prover.proveFactor(f)
  return prover.summary
}
