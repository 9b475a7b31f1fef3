import { describe, expect, it } from 'vitest'
import { EXAMPLE_LEDGER, ledgerFromTable } from './ledger.ts'

describe('ledgerFromTable', () => {
  it('reads descriptions and keys, quantities with thousands separators, units as written', () => {
    const parsed = ledgerFromTable('description,factor_key,quantity,unit,country\n"Diesel, vans",,"1,200",litres,GB\n,fuels.gb.x.litres,3.5,US gallons,\n')
    expect(parsed.problems).toEqual([])
    expect(parsed.activities).toEqual([
      { id: 'line 2', description: 'Diesel, vans', quantity: { value: 1200, unit: 'litres' }, country: 'GB' },
      { id: 'line 3', factor_key: 'fuels.gb.x.litres', quantity: { value: 3.5, unit: 'US gallons' } },
    ])
  })

  it('names the lines it cannot read, and a header without the columns', () => {
    expect(ledgerFromTable('description\tquantity\tunit\ndiesel\tlots\tlitres\n\t1\tkg\n').problems).toEqual([
      'Line 2: quantity "lots" is not a number.',
      'Line 3: give a description or a factor_key.',
    ])
    expect(ledgerFromTable('name,amount\nx,1').problems[0]).toMatch(/needs description/)
  })

  it('the example ledger parses', () => {
    expect(ledgerFromTable(EXAMPLE_LEDGER).activities).toHaveLength(5)
  })
})
