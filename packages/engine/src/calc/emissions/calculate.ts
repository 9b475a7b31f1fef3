/** calculateEmissions: validated ledger -> lines (resolve, convert, multiply) -> totals by scope -> receipt. */
import { EngineError, type Issue, type LineFailure } from '../../errors.ts'
import type { ReleaseView } from '../../release/view.ts'
import { sourceOf } from '../../release/view.ts'
import type { CalcContext, FactorUsed, Warning } from '../common-schema.ts'
import { Dec, OUTPUT_SIGNIFICANT_DIGITS, out } from '../decimal.ts'
import { attributionOf, creditsFor, finishResponse } from '../respond.ts'
import { issuePath } from '../validate.ts'
import { computeLine, LineContext, type EmissionsDeps, type LineExact } from './line.ts'
import {
  BY_SCOPE_KEYS, EMISSIONS_MAX_ISSUES, EmissionsRequestSchema, type ActivityResult, type EmissionsRequestParsed,
  type EmissionsResponse, type ScopeKey,
} from './schema.ts'
import { citationText } from './units/convert.ts'
import { unitLabel } from './units/parse.ts'

export type { EmissionsDeps } from './line.ts'

const FORMULAS: Record<string, string> = {
  factor_quantity: 'factor_quantity = quantity x conversion multiplier (exact unit definitions, audit.conversions_used); divided by the factor\'s reference amount where it is per more than one unit',
  emissions: 'emissions = factor_quantity x factor value (x 0.001 for a factor in g, x 1000 for one in t)',
  gases: 'gases.<gas> = factor_quantity x the published per-gas value of the factor',
  sibling: 'a quantity in another dimension than the factor (kWh for a per-litre fuel factor) uses the factor\'s published sibling row in that dimension (same parent key and scope, method differing only in its unit); no density or calorific value is assumed',
  resolution: 'a description is resolved with the quantity\'s unit as unit hint; the best of the top 5 matches whose unit the quantity converts to is used; decision = accept when confidence >= decision_threshold, else review',
  by_scope: 'by_scope = sum of computed lines per factor scope (unscoped: factors the source gives no scope)',
  total: 'emissions = sum of computed lines in scope_1, scope_2, scope_3 and unscoped; outside_scopes (biogenic CO2) is reported in by_scope only; failed lines are in no total',
}

/** Parse with the schema; `invalid_request` lists the first issues only (a 20,000-line ledger can have 100,000). */
export function parseLedger(input: unknown): EmissionsRequestParsed {
  const parsed = EmissionsRequestSchema.safeParse(input)
  if (parsed.success) return parsed.data
  const all = parsed.error.issues
  const issues: Issue[] = all.slice(0, EMISSIONS_MAX_ISSUES).map((issue) => ({ path: issuePath(issue.path), message: issue.message }))
  const first = issues[0]
  const more = all.length > issues.length ? ` and ${all.length - issues.length} more` : ''
  const where = first ? ` (${first.path || 'body'}: ${first.message}${more})` : ''
  throw new EngineError('invalid_request', `Invalid emissions request${where}`, { issues, ...(all.length > issues.length ? { issues_count: all.length } : {}) })
}

function scopeKey(scope: string | null): ScopeKey {
  return scope === 'scope_1' || scope === 'scope_2' || scope === 'scope_3' || scope === 'outside_scopes' ? scope : 'unscoped'
}

function lineResult(line: LineExact, mb_version: string): ActivityResult {
  const quantity = { value: line.input.quantity.value, unit: line.input.quantity.unit }
  const res: ActivityResult = { id: line.id, quantity }
  if (line.resolved) res.resolved = { ...line.resolved }
  const plan = line.plan
  if (plan && line.factorQuantity && line.emissions) {
    res.factor = {
      key: plan.row.key,
      name: plan.row.name,
      value: plan.row.value,
      unit: plan.row.unit,
      source: { id: plan.row.source_id, cell_ref: plan.row.cell_ref, data_version: mb_version },
    }
    res.factor_quantity = { value: out(line.factorQuantity), unit: plan.activityUnit }
    res.conversion = {
      from: line.input.quantity.unit,
      to: plan.activityUnit,
      multiplier: out(plan.multiplier),
      ...(plan.requested ? { via_sibling: { requested_key: plan.requested.key, requested_unit: plan.requested.unit } } : {}),
    }
    res.emissions = { value: out(line.emissions), unit: 'kg CO2e' }
    if (line.gases) res.gases = Object.fromEntries(line.gases.map(([gas, v]) => [gas, out(v)]))
    res.scope = plan.row.scope
  }
  if (line.warnings.length > 0) res.warnings = line.warnings
  if (line.error) res.error = line.error
  return res
}

function idsText(ids: string[]): string {
  return ids.length > 20 ? `${ids.slice(0, 20).join(', ')} and ${ids.length - 20} more` : ids.join(', ')
}

function factorsUsed(lines: LineExact[], view: ReleaseView): FactorUsed[] {
  const byKey = new Map<string, { line: LineExact; ids: string[] }>()
  for (const line of lines) {
    if (!line.plan) continue
    const entry = byKey.get(line.plan.row.key) ?? { line, ids: [] }
    entry.ids.push(line.id)
    byKey.set(line.plan.row.key, entry)
  }
  return [...byKey.values()].map(({ line, ids }) => {
    const row = line.plan!.row
    const edition = view.edition(row.source_id)
    const source = edition ? sourceOf(row, edition, view.mb_version) : { id: row.source_id, cell_ref: row.cell_ref, data_version: view.mb_version }
    return { key: row.key, name: row.name, value: row.value, unit: row.unit, used_for: `activities ${idsText(ids)}`, user_supplied: false, source }
  })
}

function conversionsUsed(lines: LineExact[]): EmissionsResponse['audit']['conversions_used'] {
  const byPair = new Map<string, EmissionsResponse['audit']['conversions_used'][number]>()
  for (const line of lines) {
    const plan = line.plan
    if (!plan) continue
    const from = line.input.quantity.unit
    const memo = `${from}\u0000${plan.activityUnit}`
    const entry = byPair.get(memo)
    if (entry) entry.lines++
    else byPair.set(memo, { from, to: plan.activityUnit, multiplier: plan.multiplier.toString(), lines: 1, cites: plan.cites.map(citationText) })
  }
  return [...byPair.values()]
}

/** Line warnings, once per code and message, at most 200. */
function auditWarnings(lines: LineExact[]): Warning[] {
  const seen = new Map<string, Warning>()
  for (const line of lines) {
    for (const w of line.warnings) {
      const memo = `${w.code}|${w.message}`
      if (!seen.has(memo) && seen.size < 200) seen.set(memo, w)
    }
  }
  return [...seen.values()]
}

/** Lists in a 422 carry at most this many entries (and `<name>_count`), as the server caps error lists. */
const MAX_LISTED = 20

/** No line could be calculated: 422 with the code of the first failure and the failed lines (first 20, and the count). */
function nothingCalculated(lines: LineExact[], view: ReleaseView): EngineError {
  const failures: LineFailure[] = lines.slice(0, MAX_LISTED).map((l) => ({ id: l.id, code: l.error?.code ?? 'not_resolved', message: l.error?.message ?? '' }))
  const counted = lines.length > MAX_LISTED ? { lines_count: lines.length } : {}
  const first = lines[0]
  const error = first?.error
  const message = lines.length === 1 && error ? error.message : `No activity could be calculated (${lines.length} failed; first: ${error?.message ?? 'unknown'})`
  if (error?.code === 'unknown_factor') {
    const keys = [...new Set(lines.map((l) => l.input.factor_key).filter((k): k is string => k !== undefined))].slice(0, MAX_LISTED)
    const candidates = Object.fromEntries(keys.slice(0, 10).map((k) => [k, view.candidates(k, 5)]))
    return new EngineError('unknown_factor', message, { keys, candidates, lines: failures, ...counted })
  }
  if (error?.code === 'unit_not_convertible') {
    const from = first?.input.quantity.unit ?? ''
    const to = first?.plan ? unitLabel(first.plan.factorUnit.per) : ''
    return new EngineError('unit_not_convertible', message, { from, to, missing: [], lines: failures, ...counted })
  }
  const descriptions = [...new Set(lines.map((l) => l.input.description).filter((d): d is string => d !== undefined))].slice(0, MAX_LISTED)
  return new EngineError('not_resolved', message, { descriptions, lines: failures, ...counted })
}

export function calculateEmissions(input: unknown, view: ReleaseView, deps: EmissionsDeps, ctx: CalcContext = {}): EmissionsResponse {
  const req = parseLedger(input)
  const lineCtx = new LineContext(view, deps)
  const lines = req.activities.map((a, i) => computeLine(a, a.id ?? String(i), lineCtx))

  const byScope = new Map<ScopeKey, Dec>()
  let total = new Dec(0)
  let computed = 0
  let review = 0
  for (const line of lines) {
    if (!line.emissions || !line.plan) continue
    computed++
    if (line.resolved?.decision === 'review') review++
    const key = scopeKey(line.plan.row.scope)
    byScope.set(key, (byScope.get(key) ?? new Dec(0)).plus(line.emissions))
    if (key !== 'outside_scopes') total = total.plus(line.emissions)
  }
  if (computed === 0) throw nothingCalculated(lines, view)

  const by_scope: Partial<Record<ScopeKey, number>> = {}
  for (const key of BY_SCOPE_KEYS) {
    const v = byScope.get(key)
    if (v !== undefined || key === 'scope_1' || key === 'scope_2' || key === 'scope_3') by_scope[key] = out(v ?? new Dec(0))
  }
  const factors = factorsUsed(lines, view)
  const body = {
    result: {
      emissions: { value: out(total), unit: 'kg CO2e' as const },
      by_scope,
      counts: { activities: lines.length, computed, needs_review: review, failed: lines.length - computed },
    },
    activities: lines.map((l) => lineResult(l, view.mb_version)),
    audit: {
      formula: FORMULAS,
      factors_used: factors,
      conversions_used: conversionsUsed(lines),
      decision_threshold: deps.acceptAt,
      decision_threshold_spend: deps.acceptAtSpend,
      warnings: auditWarnings(lines),
      rounding: `Decimal arithmetic (40 significant digits, half-even); every output number rounded once to ${OUTPUT_SIGNIFICANT_DIGITS} significant digits, half-even`,
    },
    attribution: attributionOf(ctx, creditsFor(view, factors, [])),
  }
  return finishResponse(req as unknown as Record<string, unknown>, body, view, req.as_of, ctx)
}
