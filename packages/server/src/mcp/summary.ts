/**
 * Short text an agent can quote next to each tool result: value, unit, source id and cell, and
 * the data version. The structured content carries the full object (the same as the HTTP API's).
 */

type Obj = Record<string, unknown>

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const get = (v: unknown, ...path: string[]): unknown => path.reduce<unknown>((acc, k) => (isObj(acc) ? acc[k] : undefined), v)
const str = (v: unknown): string => (v === undefined || v === null ? '?' : String(v))

function cite(source: unknown): string {
  return `source ${str(get(source, 'id'))} ${str(get(source, 'cell_ref'))}, data version ${str(get(source, 'data_version'))}`
}

export function summarizeSearch(res: unknown): string {
  const factors = get(res, 'factors')
  const list = Array.isArray(factors) ? factors : []
  const head = `${str(get(res, 'total'))} factors match (data version ${str(get(res, 'data_version'))}).`
  const lines = list.slice(0, 10).map((f: unknown) => `- ${str(get(f, 'key'))}: ${str(get(f, 'value'))} ${str(get(f, 'unit'))} (${str(get(f, 'name'))}; ${cite(get(f, 'source'))})`)
  return [head, ...lines].join('\n')
}

export function summarizeLookup(res: unknown): string {
  const f = get(res, 'factor')
  return `${str(get(f, 'key'))} = ${str(get(f, 'factor', 'value'))} ${str(get(f, 'factor', 'unit'))} (${str(get(f, 'name'))}; ${cite(get(f, 'source'))}).`
}

export function summarizeResolve(res: unknown): string {
  const matches = get(res, 'matches')
  const list = Array.isArray(matches) ? matches : []
  if (list.length === 0) return 'No factor matches this description.'
  return list
    .map((m: unknown, i: number) => `${i + 1}. ${str(get(m, 'key'))}: ${str(get(m, 'value'))} ${str(get(m, 'unit'))}, confidence ${str(get(m, 'confidence'))}, geo ${str(get(m, 'geo_match'))} (${cite(get(m, 'source'))})`)
    .join('\n')
}

export function summarizeCalculation(res: unknown, what: 'pcaf' | 'embodied'): string {
  const total = what === 'pcaf' ? get(res, 'result', 'financed_emissions') : get(res, 'result', 'embodied_carbon')
  const label = what === 'pcaf' ? 'Financed emissions' : 'Embodied carbon'
  const receipt = get(res, 'receipt')
  const factors = get(res, 'audit', 'factors_used')
  const cited = Array.isArray(factors) && factors.length > 0
    ? ` Factors: ${factors.slice(0, 5).map((f: unknown) => `${str(get(f, 'key'))} (${str(get(f, 'source', 'id'))} ${str(get(f, 'source', 'cell_ref'))})`).join('; ')}.`
    : ''
  return `${label}: ${str(get(total, 'value'))} ${str(get(total, 'unit'))}. Data version ${str(get(receipt, 'mb_version'))}, receipt ${str(get(receipt, 'id'))}.${cited}`
}

export function summarizeEmissions(res: unknown): string {
  const total = get(res, 'result', 'emissions')
  const counts = get(res, 'result', 'counts')
  const receipt = get(res, 'receipt')
  const byScope = get(res, 'result', 'by_scope')
  const scopes = isObj(byScope) ? Object.entries(byScope).map(([k, v]) => `${k} ${str(v)}`).join(', ') : ''
  const activities = get(res, 'activities')
  const lines = (Array.isArray(activities) ? activities : []).slice(0, 10).map((a: unknown) => {
    const error = get(a, 'error')
    if (error) return `- ${str(get(a, 'id'))}: ${str(get(error, 'code'))}: ${str(get(error, 'message'))}`
    const decision = get(a, 'resolved', 'decision')
    return `- ${str(get(a, 'id'))}: ${str(get(a, 'emissions', 'value'))} kg CO2e = ${str(get(a, 'factor_quantity', 'value'))} ${str(get(a, 'factor_quantity', 'unit'))} x ${str(get(a, 'factor', 'value'))} (${str(get(a, 'factor', 'key'))}; source ${str(get(a, 'factor', 'source', 'id'))} ${str(get(a, 'factor', 'source', 'cell_ref'))})${decision ? `, ${str(decision)}` : ''}`
  })
  return [
    `Emissions: ${str(get(total, 'value'))} ${str(get(total, 'unit'))} (${scopes}). ${str(get(counts, 'computed'))} of ${str(get(counts, 'activities'))} activities computed, ${str(get(counts, 'needs_review'))} to review, ${str(get(counts, 'failed'))} failed. Data version ${str(get(receipt, 'mb_version'))}, receipt ${str(get(receipt, 'id'))}.`,
    ...lines,
  ].join('\n')
}

export function summarizeVerification(res: unknown): string {
  return get(res, 'valid') === true
    ? `Receipt ${str(get(res, 'receipt_id'))} is valid (data version ${str(get(res, 'mb_version'))}).`
    : `Receipt does NOT match: expected ${str(get(res, 'expected_hash'))}, got ${str(get(res, 'actual_hash'))}.`
}
