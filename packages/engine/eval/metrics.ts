/**
 * Scores of a resolver over development cases: top-1, top-5, mean reciprocal rank, expected
 * calibration error of the top match's confidence, and the accepted share and its precision.
 */
import type { DevCase } from './dev-set.ts'

export interface RankedMatch {
  source: { id: string; cell_ref: string }
  confidence?: number
  decision?: 'accept' | 'review'
}

export interface CaseOutcome {
  c: DevCase
  /** 1-based rank of the first acceptable match in the top 5, or null. */
  rank: number | null
  /** Confidence of the top match (0 when nothing matched). */
  confidence: number
  accepted: boolean
  top: string | null
}

export function outcomeOf(c: DevCase, matches: readonly (RankedMatch & { key?: string })[]): CaseOutcome {
  const ok = new Set(c.accept.map((a) => `${a.source}|${a.cell_ref}`))
  const i = matches.slice(0, 5).findIndex((m) => ok.has(`${m.source.id}|${m.source.cell_ref}`))
  const top = matches[0]
  return { c, rank: i < 0 ? null : i + 1, confidence: top?.confidence ?? 0, accepted: top?.decision === 'accept', top: top?.key ?? null }
}

export interface Scores {
  cases: number
  top1: number
  top5: number
  mrr: number
  /** Expected calibration error over 10 equal-width confidence bins (top match right or not). */
  ece: number
  /** Share of cases whose top match is accepted, and the share of those that are right. */
  acceptRate: number
  acceptPrecision: number
}

export function scores(outcomes: readonly CaseOutcome[]): Scores {
  const n = outcomes.length || 1
  const bins = Array.from({ length: 10 }, () => ({ n: 0, conf: 0, right: 0 }))
  for (const o of outcomes) {
    const b = bins[Math.min(9, Math.floor(o.confidence * 10))]
    if (!b) continue
    b.n++
    b.conf += o.confidence
    b.right += o.rank === 1 ? 1 : 0
  }
  const ece = bins.reduce((sum, b) => sum + (b.n === 0 ? 0 : (b.n / n) * Math.abs(b.conf / b.n - b.right / b.n)), 0)
  const accepted = outcomes.filter((o) => o.accepted)
  return {
    cases: outcomes.length,
    top1: outcomes.filter((o) => o.rank === 1).length / n,
    top5: outcomes.filter((o) => o.rank !== null).length / n,
    mrr: outcomes.reduce((s, o) => s + (o.rank ? 1 / o.rank : 0), 0) / n,
    ece,
    acceptRate: accepted.length / n,
    acceptPrecision: accepted.length === 0 ? 0 : accepted.filter((o) => o.rank === 1).length / accepted.length,
  }
}

/** Calibration table: confidence bucket -> cases and share right. */
export function calibrationTable(outcomes: readonly CaseOutcome[]): { from: number; to: number; cases: number; meanConfidence: number; right: number }[] {
  const edges = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0001]
  const out = []
  for (let i = 0; i + 1 < edges.length; i++) {
    const lo = edges[i] ?? 0
    const hi = edges[i + 1] ?? 1
    const inBin = outcomes.filter((o) => o.confidence >= lo && o.confidence < hi)
    out.push({
      from: lo,
      to: Math.min(1, hi),
      cases: inBin.length,
      meanConfidence: inBin.length ? inBin.reduce((s, o) => s + o.confidence, 0) / inBin.length : 0,
      right: inBin.length ? inBin.filter((o) => o.rank === 1).length / inBin.length : 0,
    })
  }
  return out
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(6)

export function formatScores(label: string, s: Scores): string {
  return `${label.padEnd(28)} n=${String(s.cases).padStart(4)}  top-1 ${pct(s.top1)}  top-5 ${pct(s.top5)}  MRR ${s.mrr.toFixed(3)}  ECE ${s.ece.toFixed(3)}  accepted ${pct(s.acceptRate)} (${pct(s.acceptPrecision)} right)`
}
