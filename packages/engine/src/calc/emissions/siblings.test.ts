import { describe, expect, it } from 'vitest'
import { differsOnlyInUnit, parentOf } from './siblings.ts'

describe('sibling rows (same parent, method differing only in its unit words)', () => {
  it.each([
    ['fuels.gb.x.litres', 'fuels.gb.x.kwh_net_cv', true],
    ['fuels.gb.x.litres', 'fuels.gb.x.tonnes', true],
    ['fuels.gb.x.wtt_litres', 'fuels.gb.x.wtt_kwh_gross_cv', true],
    ['fuels.gb.x.litres_co2', 'fuels.gb.x.kwh_net_cv_co2', true],
    ['fuels.gb.x.outside_scopes_litres_co2', 'fuels.gb.x.outside_scopes_tonnes_co2', true],
    ['fuels.us.x.stationary_gallon_co2', 'fuels.us.x.stationary_mmbtu_co2', true],
    ['fuels.gb.x.wtt_litres', 'fuels.gb.x.kwh_gross_cv', false],
    ['fuels.gb.x.litres', 'fuels.gb.x.litres_co2', false],
    ['fuels.us.x.mobile_gallon_co2', 'fuels.us.x.stationary_gallon_co2', false],
    ['fuels.gb.x.litres', 'fuels.gb.y.kwh_net_cv', false],
    ['fuels.gb.x.litres', 'fuels.gb.x.litres', false],
  ])('%s ~ %s: %s', (a, b, expected) => {
    expect(differsOnlyInUnit(a, b)).toBe(expected)
    expect(differsOnlyInUnit(b, a)).toBe(expected)
  })

  it('parent key', () => expect(parentOf('fuels.gb.x.litres')).toBe('fuels.gb.x'))
})
