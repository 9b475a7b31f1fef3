/**
 * One ledger line: read the unit, find the factor (by key, or by resolving the description with the
 * quantity's unit as hint), plan the conversion, multiply. Every lookup is memoised per batch by the
 * `LineContext`, so a ledger repeating "diesel, litres" resolves and plans it once.
 */
import type { FactorRow } from '../../release/schema.ts'
import type { ReleaseView } from '../../release/view.ts'
import { decide, type Decision } from '../../resolve/decision.ts'
import { RESOLVE_DESCRIPTION_MAX } from '../../resolve/schema.ts'
import { dropReferences } from '../../text/vocab/references.ts'
import type { Warning } from '../common-schema.ts'
import { Dec, dec } from '../decimal.ts'
import { planFor, type Plan } from './plan.ts'
import { siblingsOf } from './siblings.ts'
import type { ActivityInput, LineError } from './schema.ts'
import { readUnit, readUnitFor, unitLabel, type ReadUnit } from './units/parse.ts'

/** A resolve match as the calculation needs it. */
export interface Candidate {
  key: string
  confidence: number
  decision?: Decision
  geo_match: string
  unit_match: string
}

/** What the engine provides: resolve and the rows of a parent key. */
export interface EmissionsDeps {
  /** Ranked matches, or why the description cannot be resolved (an unknown country hint). */
  resolve(description: string, unit: string, country: string | undefined): Candidate[] | { error: string }
  /** Rows sharing the parent key (`<domain>.<country>.<subject>`) of `key`, itself included. */
  family(key: string): readonly FactorRow[]
  /** The confidence from which the release's resolve model accepts a match (the audit reports it). */
  acceptAt: number
  /** The same for a match that is a spend factor (the model's own for those; 1: never accepted). */
  acceptAtSpend: number
}

export interface Resolution {
  description: string
  confidence: number
  decision: Decision
  geo_match: string
  unit_match: string
  rank: number
}

export interface LineExact {
  id: string
  input: ActivityInput
  plan?: Plan
  resolved?: Resolution
  factorQuantity?: Dec
  emissions?: Dec
  gases?: Array<[string, Dec]>
  warnings: Warning[]
  error?: LineError
}

/** How many resolve matches a description line tries before giving up on the unit. */
const RESOLVE_DEPTH = 5

export class LineContext {
  private readonly units = new Map<string, ReturnType<typeof readUnitFor>>()
  private readonly plans = new Map<string, Plan | LineError>()
  private readonly resolutions = new Map<string, { plan: Plan; resolved: Resolution } | LineError>()
  /** Resolve's answers by the text it reads: lines that differ only by a bookkeeping reference share one. */
  private readonly found = new Map<string, ReturnType<EmissionsDeps['resolve']>>()
  private readonly missing = new Map<string, LineError>()

  constructor(
    private readonly view: ReleaseView,
    private readonly deps: EmissionsDeps,
  ) {}

  /** The quantity's unit, an ambiguous spelling read as the line's country settles it (`readUnitFor`). */
  unit(text: string, country: string | undefined): ReturnType<typeof readUnitFor> {
    const memo = `${text}\u0000${country ?? ''}`
    let hit = this.units.get(memo)
    if (!hit) {
      hit = readUnitFor(text, country)
      this.units.set(memo, hit)
    }
    return hit
  }

  plan(row: FactorRow, unit: ReadUnit): Plan | LineError {
    // By the unit read, not as typed: "gallons" is a US gallon on a US line and a UK one on a GB line.
    const memo = `${row.key}\u0000${unit.unit.id}\u0000${unit.basis ?? ''}`
    let hit = this.plans.get(memo)
    if (!hit) {
      hit = planFor(row, unit, () => siblingsOf(row, this.deps.family(row.key)))
      this.plans.set(memo, hit)
    }
    return hit
  }

  byKey(key: string, unit: ReadUnit): Plan | LineError {
    const row = this.view.factor(key) ?? this.view.factor(key.toLowerCase())
    if (row) return this.plan(row, unit)
    let miss = this.missing.get(key)
    if (!miss) {
      const candidates = this.view.candidates(key, 3).map((c) => c.key)
      miss = {
        code: 'unknown_factor',
        message: `No factor with key "${key}" in data version ${this.view.mb_version}${candidates[0] ? `; did you mean ${candidates[0]}?` : ''}`,
        ...(candidates.length > 0 ? { candidates } : {}),
      }
      this.missing.set(key, miss)
    }
    return miss
  }

  byDescription(description: string, unitText: string, unit: ReadUnit, country: string | undefined): { plan: Plan; resolved: Resolution } | LineError {
    const memo = `${description}\u0000${unitText}\u0000${country ?? ''}`
    let hit = this.resolutions.get(memo)
    if (!hit) {
      hit = this.resolve(description, unitText, unit, country)
      this.resolutions.set(memo, hit)
    }
    return hit
  }

  /**
   * deps.resolve, once per text resolve reads: without bookkeeping references ("ref 3-61", "invoice
   * 4411"), which resolve reads past (docs/resolve.md), so its answer is the same for every line that
   * differs only by one. A text that is empty without them, or too long, is resolved as written
   * (resolve refuses it the same way for every line).
   */
  private resolveOnce(description: string, unitText: string, country: string | undefined): ReturnType<EmissionsDeps['resolve']> {
    const read = dropReferences(description).replace(/\s+/g, ' ').trim()
    const text = read.length > 0 && description.trim().length <= RESOLVE_DESCRIPTION_MAX ? read : description
    const memo = `${text}\u0000${unitText}\u0000${country ?? ''}`
    let found = this.found.get(memo)
    if (!found) {
      found = this.deps.resolve(text, unitText, country)
      this.found.set(memo, found)
    }
    return found
  }

  private resolve(description: string, unitText: string, unit: ReadUnit, country: string | undefined): { plan: Plan; resolved: Resolution } | LineError {
    const found = this.resolveOnce(description, unitText, country)
    if ('error' in found) return { code: 'not_resolved', message: `"${description}" cannot be resolved: ${found.error}` }
    const matches = found.slice(0, RESOLVE_DEPTH)
    if (matches.length === 0) return { code: 'not_resolved', message: `No factor matches "${description}"` }
    let firstError: LineError | null = null
    const usable: Array<{ plan: Plan; resolved: Resolution; penalty: number }> = []
    for (const [rank, match] of matches.entries()) {
      const row = this.view.factor(match.key)
      if (!row) continue
      const plan = this.plan(row, unit)
      if ('code' in plan) {
        firstError ??= plan
        continue
      }
      const resolved: Resolution = {
        description,
        confidence: match.confidence,
        decision: match.decision ?? decide(match.confidence, this.deps.acceptAt),
        geo_match: match.geo_match,
        unit_match: match.unit_match,
        rank,
      }
      usable.push({ plan, resolved, penalty: penaltyOf(match, plan) })
    }
    // The unit is converted here, so a match exactly in the unit typed is worth less than to resolve:
    // a usable match for the place asked goes before a global one or one for another country, then
    // one in CO2e before one in CO2 only (penaltyOf), then resolve's order.
    const best = usable.sort((a, b) => a.penalty - b.penalty || a.resolved.rank - b.resolved.rank)[0]
    if (best) return { plan: best.plan, resolved: best.resolved }
    const top = matches[0]
    return {
      code: firstError?.code === 'unknown_factor' ? 'not_resolved' : 'unit_not_convertible',
      message: `None of the ${matches.length} best matches for "${description}" (top: ${top?.key ?? 'none'}) takes a quantity in ${unitLabel(unit)}${firstError ? `: ${firstError.message}` : ''}`,
    }
  }
}

/**
 * Lower is better: 4 for a factor of another country than the one asked, 2 for a global one where a
 * place was asked, 1 for a CO2-only factor. The place first: "air freight" in short ton-miles for the
 * US is US EPA's aircraft row (CO2 only, resolve's first at 0.999), not a global CO2e flight factor
 * with radiative forcing (its fifth). A material's place is no penalty: a material is what it is
 * wherever its declaration was made, and resolve weighs its place apart (docs/resolve.md) — "steel
 * rebar" in tonnes for GB is German reinforcing steel, not the UK's steel cans resolve ranks below it.
 */
function penaltyOf(match: Candidate, plan: Plan): number {
  const material = match.key.startsWith('materials.')
  const place = material ? 0 : match.geo_match === 'mismatch' ? 4 : match.geo_match === 'global' ? 2 : 0
  return place + (plan.warnings.some((w) => w.code === 'co2_only') ? 1 : 0)
}

function unitError(text: string, reading: Exclude<ReturnType<typeof readUnit>, { ok: true }>): LineError {
  if (reading.reason === 'ambiguous') {
    return { code: 'unit_not_convertible', message: `"${text}" is ambiguous: write one of ${reading.choices.join(', ')}`, choices: reading.choices }
  }
  return { code: 'unit_not_convertible', message: `"${text}" is not a unit this calculation reads (docs/emissions.md lists them)` }
}

/** Compute one line (exact). */
export function computeLine(input: ActivityInput, id: string, ctx: LineContext): LineExact {
  const reading = ctx.unit(input.quantity.unit, input.country)
  if (!reading.ok) return { id, input, warnings: [], error: unitError(input.quantity.unit, reading) }
  const unit: ReadUnit = { unit: reading.unit, basis: reading.basis }
  const read: Warning[] = reading.country
    ? [{ code: 'unit_read_for_country', message: `"${input.quantity.unit}" is read as ${reading.unit.label}, as in ${reading.country} (the line's country)` }]
    : []
  let plan: Plan
  let resolved: Resolution | undefined
  if (input.factor_key !== undefined) {
    const p = ctx.byKey(input.factor_key, unit)
    if ('code' in p) return { id, input, warnings: [], error: p }
    plan = p
  } else {
    const r = ctx.byDescription(input.description ?? '', input.quantity.unit, unit, input.country)
    if ('code' in r) return { id, input, warnings: [], error: r }
    plan = r.plan
    resolved = r.resolved
  }
  const factorQuantity = dec(input.quantity.value).times(plan.multiplier)
  const scale = dec(plan.factorUnit.massScale)
  const perUnit = scale.equals(1) ? dec(plan.row.value) : dec(plan.row.value).times(scale)
  const emissions = factorQuantity.times(perUnit)
  const gases = plan.row.gases
    ? Object.entries(plan.row.gases).map(([gas, cell]): [string, Dec] => [gas, factorQuantity.times(dec(cell.value)).times(scale)])
    : undefined
  const out: LineExact = { id, input, plan, factorQuantity, emissions, warnings: read.length ? [...read, ...plan.warnings] : plan.warnings }
  if (resolved) out.resolved = resolved
  if (gases) out.gases = gases
  return out
}

export const ZERO = new Dec(0)
