import { describe, expect, it } from 'vitest'
import { belowAccept, decide } from './decision.ts'

describe('decision', () => {
  it('accepts from the threshold on', () => {
    expect(decide(0.9, 0.9)).toBe('accept')
    expect(decide(0.899, 0.9)).toBe('review')
  })

  it('keeps the confidence of a match missing the place or unit named under the threshold', () => {
    expect(belowAccept(0.999, 0.893)).toBeCloseTo(0.892)
    expect(decide(belowAccept(0.999, 0.893), 0.893)).toBe('review')
    expect(belowAccept(0.4, 0.893)).toBe(0.4)
    expect(belowAccept(0.5, 0)).toBe(0.001)
  })
})
