import { describe, expect, it } from 'vitest'
import { createEngine, PcafRequestSchema } from '@openfactors/engine'
import { ASSET_CLASSES } from '../../../packages/engine/src/calc/pcaf/schema.ts'
import { ALLOWED_DENOMINATORS } from '../../../packages/engine/src/calc/pcaf/tables.ts'
import { testRelease } from '../../../packages/server/test/support/test-release.ts'
import { PCAF_CLASSES, exampleHoldings, holdingsForClass } from './pcaf-classes.ts'

describe('PCAF classes offered by the demo', () => {
  it('offers every asset class the engine supports, and no other', () => {
    expect(Object.keys(PCAF_CLASSES).sort()).toEqual([...ASSET_CLASSES].sort())
  })

  it.each([...ASSET_CLASSES])('%s: the example parses to a request the engine accepts', (assetClass) => {
    const parsed = holdingsForClass(assetClass, exampleHoldings(assetClass))
    expect(parsed.problems).toEqual([])
    expect(parsed.holdings.length).toBe(PCAF_CLASSES[assetClass].example.length)
    for (const h of parsed.holdings) expect(ALLOWED_DENOMINATORS[assetClass]).toContain(h.denominator.type)
    const request = { asset_class: assetClass, holdings: parsed.holdings }
    expect(PcafRequestSchema.safeParse(request).success).toBe(true)
    const engine = createEngine()
    engine.load(testRelease('2026.2'))
    const res = engine.pcaf(request)
    expect(res.result.financed_emissions.value).toBeGreaterThan(0)
  })

  it('reads the extra columns of securitisations and use of proceeds', () => {
    const [sec] = holdingsForClass('securitizations', exampleHoldings('securitizations')).holdings
    expect(sec?.securitization).toEqual({ collateral_outstanding: 300_000_000, deal_outstanding: 250_000_000 })
    expect(sec?.data_quality_score).toBe(3.5)
    const [uop] = holdingsForClass('use_of_proceeds', exampleHoldings('use_of_proceeds')).holdings
    expect(uop?.use_of_proceeds).toEqual({ structure: 'separate', allocated_amount: 15_000_000 })
  })

  it('an empty vehicle value is unknown (null, AF = 1); an empty value elsewhere is a problem', () => {
    const cars = holdingsForClass('motor_vehicle_loans', exampleHoldings('motor_vehicle_loans')).holdings
    expect(cars[1]?.denominator).toEqual({ type: 'vehicle_value_at_origination', value: null })
    expect(holdingsForClass('mortgages', 'outstanding,property value,emissions,score\n1,,5,3\n').problems).toEqual(['Line 2: denominator is empty.'])
  })

  it('names a missing class column and keeps whole scores for classes with a score table', () => {
    const missing = holdingsForClass('securitizations', 'name,outstanding,property value,emissions,score\nA,1,10,5,3\n')
    expect(missing.problems).toEqual(['No collateral outstanding column: name one of collateral_outstanding.', 'No deal outstanding column: name one of deal_outstanding.'])
    expect(holdingsForClass('mortgages', 'outstanding,property value,emissions,score\n1,10,5,3.5\n').problems).toEqual(['Line 2: data quality score must be a whole number from 1 to 5 (got 3.5).'])
  })
})
