/** Score resolve against the evaluation set: top-1, top-5 and mean reciprocal rank. */
import type { Engine } from '../src/engine.ts'
import type { EvalCase, EvalFile } from './eval-file.ts'

export type EvalSet = NonNullable<EvalCase['set']>

export interface CaseResult {
  description: string
  set: EvalSet
  /** 1-based rank of the first acceptable match in the top 5, or null. */
  rank: number | null
  top: string | null
  expected: string
}

export interface EvalResult {
  cases: number
  top1: number
  top5: number
  mrr: number
  results: CaseResult[]
}

function rankOf(engine: Engine, c: EvalCase): CaseResult {
  const req = { description: c.description, limit: 5, ...(c.country ? { country: c.country } : {}), ...(c.unit ? { unit: c.unit } : {}) }
  const matches = engine.resolve(req).matches
  const ok = new Set(c.accept.map((a) => `${a.source}|${a.cell_ref}`))
  const i = matches.findIndex((m) => ok.has(`${m.source.id}|${m.source.cell_ref}`))
  return { description: c.description, set: c.set ?? 'dev', rank: i < 0 ? null : i + 1, top: matches[0]?.key ?? null, expected: c.accept[0]?.key_when_written ?? '' }
}

export function evaluate(engine: Engine, file: EvalFile, set?: EvalSet): EvalResult {
  const results = file.cases.filter((c) => set === undefined || (c.set ?? 'dev') === set).map((c) => rankOf(engine, c))
  const n = results.length || 1
  return {
    cases: results.length,
    top1: results.filter((r) => r.rank === 1).length / n,
    top5: results.filter((r) => r.rank !== null).length / n,
    mrr: results.reduce((sum, r) => sum + (r.rank ? 1 / r.rank : 0), 0) / n,
    results,
  }
}
