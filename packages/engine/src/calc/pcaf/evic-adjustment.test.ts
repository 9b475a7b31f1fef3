import { describe, expect, it } from 'vitest'
import { evicAdjustment } from './evic-adjustment.ts'

describe('EVIC adjustment (docs/pcaf.md A9 PA-3)', () => {
  it('reproduces the printed example: intensity 100 -> 90.456, ADJ 0.896, adjusted 89.6 and 100.9', () => {
    const r = evicAdjustment({
      holdings: [
        { weight: 0.4, emissions: 60_000, evic_base: 1_200, evic_current: 1_360 },
        { weight: 0.3, emissions: 100_000, evic_base: 1_000, evic_current: 1_120 },
        { weight: 0.2, emissions: 120_000, evic_base: 800, evic_current: 880 },
        { weight: 0.1, emissions: 120_000, evic_base: 600, evic_current: 640 },
      ],
    })
    expect(r.intensity_base).toBe(100)
    expect(r.intensity_current).toBeCloseTo(90.456, 3)
    expect(r.adjustment_factor).toBeCloseTo(0.896367, 6)
    expect(r.adjusted_base).toBeCloseTo(89.6, 1)
    expect(r.adjusted_current).toBeCloseTo(100.914, 3)
  })
})
