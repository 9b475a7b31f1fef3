import { describe, expect, it } from 'vitest'
import { bomFromTable } from './bom.ts'
import { stageBars } from './chart.ts'
import { holdingsFromTable } from './holdings.ts'
import { guessDelimiter, parseNumber, parseTable } from './table.ts'

describe('parseTable', () => {
  it('reads a spreadsheet paste (TSV) with a header row, skipping blank lines', () => {
    const t = parseTable('Name\tAmount (USD)\r\nA\t1,000\r\n\r\nB\t2\r\n')
    expect(t.delimiter).toBe('\t')
    expect(t.header).toEqual(['name', 'amount_usd'])
    expect(t.rows).toEqual([{ line: 2, cells: ['A', '1,000'] }, { line: 4, cells: ['B', '2'] }])
  })
  it('reads CSV quotes (delimiters, doubled quotes, newlines) and keeps line numbers right', () => {
    const t = parseTable('\uFEFFname,note\n"Acme, Inc.","say ""hi""\nthere"\nB,x\n')
    expect(t.rows).toEqual([{ line: 2, cells: ['Acme, Inc.', 'say "hi"\nthere'] }, { line: 4, cells: ['B', 'x'] }])
  })
  it('guesses the delimiter from the header line only', () => {
    expect(guessDelimiter('a;b;c\n1,5;2;3')).toBe(';')
    expect(guessDelimiter('"a;b",c\n')).toBe(',')
    expect(guessDelimiter('a,b\tc')).toBe('\t')
  })
})

describe('parseNumber', () => {
  it.each([
    ['1,000,000', ',', 1_000_000],
    ['1 000 000', ',', 1_000_000],
    ['$1,250.50', ',', 1250.5],
    ['1.234,5', ';', 1234.5],
    ['12,5', ';', 12.5],
    ['1,000', ';', 1],
    ['12%', ',', 0.12],
    ['-3.5e2', ',', -350],
    ['USD 40', ',', 40],
  ] as const)('%s (delimiter %s) -> %d', (text, delimiter, expected) => {
    expect(parseNumber(text, delimiter)).toBe(expected)
  })
  it('gives null for empty and unreadable cells', () => {
    expect(parseNumber('')).toBeNull()
    expect(parseNumber('n/a')).toBeNull()
    expect(parseNumber('1.2.3')).toBeNull()
  })
})

describe('holdingsFromTable', () => {
  it('maps columns by name in any order; the EVIC header names the denominator type', () => {
    const { holdings, problems } = holdingsFromTable('Score\tEmissions (tCO2e)\tEVIC (USD)\tOutstanding\tCompany\n2\t12,000\t50,000,000\t1,000,000\tSteel plc\n')
    expect(problems).toEqual([])
    expect(holdings).toEqual([
      { outstanding_amount: 1_000_000, denominator: { type: 'evic', value: 50_000_000 }, company_emissions: { value: 12_000 }, data_quality_score: 2, name: 'Steel plc' },
    ])
  })
  it('takes a denominator_type column, else the default for the asset class', () => {
    const a = holdingsFromTable('outstanding,denominator,denominator_type,emissions,score\n1,10,total_assets,5,4\n', 'evic')
    expect(a.holdings[0]?.denominator).toEqual({ type: 'total_assets', value: 10 })
    const b = holdingsFromTable('outstanding,denominator,emissions,score\n1,10,5,4\n', 'total_equity_plus_debt')
    expect(b.holdings[0]?.denominator.type).toBe('total_equity_plus_debt')
  })
  it('names missing columns and every bad cell with its line', () => {
    expect(holdingsFromTable('name,outstanding\nA,1\n').problems).toEqual([
      'No denominator (e.g. EVIC) column: name one of denominator_value, denominator, evic, total_equity_plus_debt, total_assets, project_value_at_origination, property_value_at_origination, property_value, vehicle_value_at_origination, vehicle_value, ppp_adjusted_gdp, value.',
      'No emissions column: name one of company_emissions, emissions, scope_1_2, emissions_tco2e.',
      'No data quality score column: name one of data_quality_score, score, dqs, pcaf_score.',
    ])
    const bad = holdingsFromTable('outstanding,evic,emissions,score\n1,,5,2\n1,10,5,6\n')
    expect(bad.problems).toEqual(['Line 2: denominator is empty.', 'Line 3: data quality score must be a whole number from 1 to 5 (got 6).'])
  })
})

describe('bomFromTable', () => {
  it('reads lines with unit aliases and a default boundary', () => {
    const { materials, problems } = bomFromTable('material_key,quantity,unit\nmaterials.concrete.ready_mix.c30_37,"2,400",tonnes\n')
    expect(problems).toEqual([])
    expect(materials).toEqual([{ material_key: 'materials.concrete.ready_mix.c30_37', quantity: { value: 2400, unit: 't' }, boundary: 'A1-C' }])
  })
  it('names unknown units and bad quantities', () => {
    expect(bomFromTable('material_key,quantity,unit,boundary\nmaterials.a.b.c,lots,bags,A1-A3\n').problems).toEqual([
      'Line 2: quantity "lots" is not a number.',
      'Line 2: unit "bags" is not one of kg, t, m3, m2, m, piece, unit.',
    ])
  })
})

describe('stageBars', () => {
  it('scales bars to the largest value and puts credits left of zero', () => {
    const layout = stageBars({ 'A1-A3': 100, A4: 25, D: -25 }, 560)
    const [a, b, d] = layout.bars
    expect(layout.zeroX).toBeCloseTo(layout.plotWidth * 0.2, 9)
    expect(a?.width).toBeCloseTo(layout.plotWidth * 0.8, 9)
    expect(b?.width).toBeCloseTo((a?.width ?? 0) / 4, 9)
    expect((d?.x ?? 0) + (d?.width ?? 0)).toBeCloseTo(layout.zeroX, 9)
    expect(layout.bars.map((bar) => bar.y)).toEqual([0, 26, 52])
  })
  it('draws all-zero stages without dividing by zero', () => {
    expect(stageBars({ B1: 0 }).bars[0]?.width).toBe(0)
  })
})
