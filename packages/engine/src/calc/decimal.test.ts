import DecimalJs from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { Dec, dec, out } from './decimal.ts'

describe('decimal output edge', () => {
  it('emits no binary-float artefacts: 0.1 + 0.2 = 0.3, 1.1 x 3 = 3.3', () => {
    expect(out(dec(0.1).plus(dec(0.2)))).toBe(0.3)
    expect(out(dec(1.1).times(3))).toBe(3.3)
    expect(out(dec(0.07).times(100))).toBe(7)
  })

  it('rounds once to 12 significant digits, half-even, and never emits -0', () => {
    expect(out(dec(2).div(3))).toBe(0.666666666667)
    expect(out(dec('1.000000000005'))).toBe(1)
    expect(out(dec('1.000000000015'))).toBe(1.00000000002)
    expect(out(dec('123456789012345'))).toBe(123456789012000)
    expect(Object.is(out(dec(-0)), -0)).toBe(false)
  })

  it('refuses a result outside the range of a JSON number with invalid_request', () => {
    expect(() => out(dec('1e400'))).toThrow(/outside the range/)
  })

  it('uses a clone: configuring the global Decimal does not change our precision', () => {
    const before = DecimalJs.precision
    DecimalJs.set({ precision: 5 })
    try {
      expect(Dec.precision).toBe(40)
      expect(out(dec(1).div(7))).toBe(0.142857142857)
    } finally {
      DecimalJs.set({ precision: before })
    }
  })
})
