/**
 * Totals of a ledger calculated in several calls (the CLI sends long files in chunks to show
 * progress; a file may exceed one request's 20,000 lines): the chunks' results added in Decimal.
 * Each chunk's figures are already rounded to 12 significant digits, so the sum is exact to
 * about 1e-12 of the total, not to the last digit of the exact sum.
 */
import { Dec, dec, out } from '../decimal.ts'
import type { EmissionsResponse, ScopeKey } from './schema.ts'

export type EmissionsResult = EmissionsResponse['result']

export function combineEmissionsResults(results: readonly EmissionsResult[]): EmissionsResult {
  let total = new Dec(0)
  const scopes = new Map<ScopeKey, Dec>()
  const counts = { activities: 0, computed: 0, needs_review: 0, failed: 0 }
  for (const r of results) {
    total = total.plus(dec(r.emissions.value))
    for (const [scope, value] of Object.entries(r.by_scope) as Array<[ScopeKey, number]>) {
      scopes.set(scope, (scopes.get(scope) ?? new Dec(0)).plus(dec(value)))
    }
    counts.activities += r.counts.activities
    counts.computed += r.counts.computed
    counts.needs_review += r.counts.needs_review
    counts.failed += r.counts.failed
  }
  const by_scope: EmissionsResult['by_scope'] = {}
  for (const [scope, value] of scopes) by_scope[scope] = out(value)
  return { emissions: { value: out(total), unit: 'kg CO2e' }, by_scope, counts }
}
