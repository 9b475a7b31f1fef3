import { describe, expect, it } from 'vitest'
import { combineEmissionsResults } from './combine.ts'

describe('combineEmissionsResults', () => {
  it('adds totals, scopes and counts without float artefacts', () => {
    const a = { emissions: { value: 0.1, unit: 'kg CO2e' as const }, by_scope: { scope_1: 0.1, scope_2: 0 }, counts: { activities: 2, computed: 1, needs_review: 1, failed: 1 } }
    const b = { emissions: { value: 0.2, unit: 'kg CO2e' as const }, by_scope: { scope_1: 0.2, outside_scopes: 5 }, counts: { activities: 1, computed: 1, needs_review: 0, failed: 0 } }
    expect(combineEmissionsResults([a, b])).toEqual({
      emissions: { value: 0.3, unit: 'kg CO2e' },
      by_scope: { scope_1: 0.3, scope_2: 0, outside_scopes: 5 },
      counts: { activities: 3, computed: 2, needs_review: 1, failed: 1 },
    })
  })
})
