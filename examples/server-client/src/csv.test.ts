import { describe, expect, it } from 'vitest'
import { retryAfterSeconds } from './api.ts'
import { parseCsv, readActivities } from './csv.ts'

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, embedded commas and newlines, CRLF and a BOM', () => {
    const text = '\uFEFFa,b\r\n"x, y","say ""hi"""\r\n"two\nlines",3\r\n\r\n'
    expect(parseCsv(text)).toEqual([['a', 'b'], ['x, y', 'say "hi"'], ['two\nlines', '3']])
  })
  it('refuses a file that ends inside quotes', () => {
    expect(() => parseCsv('a\n"open')).toThrow(/quoted/)
  })
})

describe('readActivities', () => {
  it('maps columns by header name in any order', () => {
    const rows = readActivities('unit,activity,quantity\nlitres,"Diesel, vans",1 200\nkWh,Office power,5\n')
    expect(rows).toEqual([
      { line: 2, description: 'Diesel, vans', quantity: 1200, unit: 'litres' },
      { line: 3, description: 'Office power', quantity: 5, unit: 'kWh' },
    ])
  })
  it('names the line of a bad quantity and a missing column', () => {
    expect(() => readActivities('activity,quantity,unit\nx,lots,kg\n')).toThrow(/line 2: quantity "lots"/)
    expect(() => readActivities('activity,unit\nx,kg\n')).toThrow(/"quantity" column/)
  })
})

describe('retryAfterSeconds', () => {
  it('reads delta seconds and HTTP dates, and waits 1 s on nonsense', () => {
    expect(retryAfterSeconds('17')).toBe(17)
    const now = new Date('2026-11-22T01:00:00Z')
    expect(retryAfterSeconds('Sun, 22 Nov 2026 01:00:30 GMT', now)).toBe(30)
    expect(retryAfterSeconds('soon')).toBe(1)
    expect(retryAfterSeconds(null)).toBe(1)
  })
})
