import { describe, expect, it } from 'vitest'
import { isEngineError } from '../../errors.ts'
import { testView } from '../../../test/calc-view.ts'
import { calculatePcaf } from './calculate.ts'

const view = testView([])
const holding = (company_emissions: Record<string, number>) => ({ outstanding_amount: 10, denominator: { type: 'evic', value: 100 }, company_emissions, data_quality_score: 2 })

function issuesOf(fn: () => unknown): Array<{ path: string; message: string }> {
  try {
    fn()
  } catch (e) {
    if (isEngineError(e) && e.code === 'invalid_request') return (e.data as { issues: Array<{ path: string; message: string }> }).issues
    throw e
  }
  throw new Error('expected invalid_request')
}

describe('negative company emissions', () => {
  it('are refused: removals are reported apart, never netted', () => {
    const issues = issuesOf(() => calculatePcaf({ asset_class: 'listed_equity_and_corporate_bonds', holdings: [holding({ value: -5 }), holding({ value: 5, scope_1: -1 })] }, view))
    expect(issues.map((i) => i.path)).toEqual(['holdings.0.company_emissions.value', 'holdings.1.company_emissions.scope_1'])
    expect(issues[0]?.message).toContain('removals')
  })

  it('removals go in their own field and are reported separately', () => {
    const res = calculatePcaf({ asset_class: 'listed_equity_and_corporate_bonds', holdings: [holding({ value: 50, removals: 20 })] }, view)
    expect(res.result.financed_emissions.value).toBe(5)
    expect(res.result.reported_separately.removals).toBe(2)
  })
})
