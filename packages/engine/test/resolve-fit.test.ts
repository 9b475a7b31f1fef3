/** The fitting of the resolve model (eval/fit.ts): ranker, isotonic calibration, threshold. */
import { describe, expect, it } from 'vitest'
import { acceptThreshold, fitRanker, isotonic, lossAndGradient } from '../eval/fit.ts'
import type { Group } from '../eval/fit.ts'

const v = (...xs: number[]) => Float32Array.from(xs)

describe('fitRanker', () => {
  // Feature 0 tells the right candidate; feature 1 is noise shared by all.
  const groups: Group[] = Array.from({ length: 30 }, (_, i) => ({
    x: [v(1, i % 3), v(0, (i + 1) % 3), v(0.2, (i + 2) % 3)],
    right: [true, false, false],
  }))
  it('learns a positive weight for the feature that marks the right answer', () => {
    const w = fitRanker(groups, 2, { iterations: 200, l2: 1e-3, rate: 0.05 })
    expect(w[0]).toBeGreaterThan(2)
    expect(Math.abs(w[1] ?? 0)).toBeLessThan(w[0] ?? 0)
  })
  it('lowers the loss from the start', () => {
    const w = fitRanker(groups, 2, { iterations: 50, l2: 1e-3, rate: 0.05 })
    expect(lossAndGradient(Float64Array.from(w), groups, 1e-3).loss).toBeLessThan(lossAndGradient(new Float64Array(2), groups, 1e-3).loss)
  })
  it('has a gradient that matches finite differences', () => {
    const w = Float64Array.from([0.3, -0.2])
    const { grad } = lossAndGradient(w, groups, 1e-3)
    for (let j = 0; j < 2; j++) {
      const up = Float64Array.from(w)
      const down = Float64Array.from(w)
      up[j] = (up[j] ?? 0) + 1e-5
      down[j] = (down[j] ?? 0) - 1e-5
      const numeric = (lossAndGradient(up, groups, 1e-3).loss - lossAndGradient(down, groups, 1e-3).loss) / 2e-5
      expect(grad[j]).toBeCloseTo(numeric, 4)
    }
  })
})

describe('isotonic', () => {
  it('is non-decreasing and pools violators', () => {
    const points = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8].map((score, i) => ({ score, right: [false, true, false, false, true, true, false, true][i] ?? false }))
    const { x, y } = isotonic(points)
    for (let i = 1; i < y.length; i++) {
      expect(y[i]).toBeGreaterThanOrEqual(y[i - 1] ?? 0)
      expect(x[i]).toBeGreaterThan(x[i - 1] ?? 0)
    }
    expect(y[0]).toBeLessThan(y[y.length - 1] ?? 0)
  })
  it('keeps at most the knots asked for', () => {
    const points = Array.from({ length: 500 }, (_, i) => ({ score: i / 500, right: i % 7 < i / 100 }))
    expect(isotonic(points, 10).x.length).toBeLessThanOrEqual(10)
  })
})

describe('acceptThreshold', () => {
  it('is the lowest confidence from which the precision holds', () => {
    const points = [
      ...Array.from({ length: 40 }, (_, i) => ({ confidence: 0.9 + i / 1000, right: true })),
      ...Array.from({ length: 40 }, (_, i) => ({ confidence: 0.5 + i / 1000, right: i % 2 === 0 })),
    ]
    const t = acceptThreshold(points, 0.95)
    const accepted = points.filter((p) => p.confidence >= t)
    expect(accepted.filter((p) => p.right).length / accepted.length).toBeGreaterThanOrEqual(0.95)
    expect(t).toBeLessThan(0.9)
    // One step lower and the precision no longer holds.
    const lower = points.filter((p) => p.confidence >= t - 0.0011)
    expect(lower.filter((p) => p.right).length / lower.length).toBeLessThan(0.95)
  })
  it('accepts nothing when no group of cases is precise enough', () => {
    expect(acceptThreshold([{ confidence: 0.9, right: false }], 0.95)).toBeGreaterThan(1)
  })
})
