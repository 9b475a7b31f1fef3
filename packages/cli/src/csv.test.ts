import { describe, expect, it } from 'vitest'
import { detectDelimiter, formatCsv, parseCsv } from './csv.ts'

describe('csv', () => {
  it('reads quoted fields, doubled quotes, CRLF, a BOM and blank lines', () => {
    const text = '\ufeffdescription,quantity,unit\r\n"Diesel, vans","1,200",litres\r\n\r\n"say ""hi""",3,kWh\n'
    expect(parseCsv(text)).toEqual([['description', 'quantity', 'unit'], ['Diesel, vans', '1,200', 'litres'], ['say "hi"', '3', 'kWh']])
  })

  it('detects tab and semicolon delimiters', () => {
    expect(detectDelimiter('a\tb\n1\t2')).toBe('\t')
    expect(detectDelimiter('a;b\n1;2')).toBe(';')
    expect(detectDelimiter('a,b;c')).toBe(',')
    expect(parseCsv('a\tb\n1\t2\n')).toEqual([['a', 'b'], ['1', '2']])
  })

  it('writes back what it reads', () => {
    const rows = [['a', 'b, c', 'd "e"'], ['1', '', 'x\ny']]
    expect(parseCsv(formatCsv(rows))).toEqual(rows)
    expect(formatCsv([['a', 'b']], '\t')).toBe('a\tb\n')
  })
})
