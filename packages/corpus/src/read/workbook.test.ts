import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { cellAt, cellRef, mergedText, parseCellRef, readWorkbook, sheetRange, textAt } from './workbook.ts'
import { tempDir, writeXlsx } from '../../test/fixtures.ts'

describe('cellRef / parseCellRef', () => {
  it('round-trips sheet names with spaces, quotes, dashes and trailing spaces', () => {
    for (const sheet of ['Fuels', 'UK electricity', "Refrigerant & other", "Bob's sheet", 'Business travel- air', 'Energy - Scope 1 ']) {
      for (const [r, c] of [[0, 0], [22, 3], [1047, 27]] as const) {
        const ref = cellRef(sheet, r, c)
        expect(parseCellRef(ref)).toEqual({ sheet, row0: r, col0: c })
      }
    }
    expect(cellRef('Fuels', 22, 3)).toBe("'Fuels'!D23")
    expect(cellRef("Bob's", 0, 0)).toBe("'Bob''s'!A1")
    expect(parseCellRef('Fuels!D23')).toBeNull()
  })
})

describe('reading generated workbooks', () => {
  it('reads merged label cells, two-row headers and blank continuation rows', () => {
    const t = tempDir()
    try {
      const path = join(t.dir, 'book.xlsx')
      writeXlsx(path, {
        'Passenger vehicles': {
          rows: [
            ['Activity', 'Type', 'Unit', 'Diesel', null, 'Petrol', null],
            [null, null, null, 'kg CO2e', 'kg CO2e of CO2 per unit', 'kg CO2e', 'kg CO2e of CO2 per unit'],
            ['Cars (by size)', 'Small car', 'km', 0.14, 0.139, 0.15, 0.149],
            [null, null, 'miles', 0.225, 0.223, 0.24, 0.239],
            [null, 'Medium car', 'km', 0.17, 0.168, 0.19, 0.188],
          ],
          merges: ['D1:E1', 'F1:G1', 'A3:A5'],
        },
      })
      const wb = readWorkbook(path, { fresh: true })
      const sheet = wb.Sheets['Passenger vehicles']!
      const merged = mergedText(sheet)
      expect(merged(0, 4)).toBe('Diesel') // E1 is covered by D1:E1
      expect(merged(4, 0)).toBe('Cars (by size)') // A5 is covered by A3:A5
      expect(textAt(sheet, 3, 0)).toBe('') // the continuation row itself is blank
      expect(cellAt(sheet, 3, 3)?.v).toBe(0.225)
      expect(sheetRange(sheet)).toEqual({ s: { r: 0, c: 0 }, e: { r: 4, c: 6 } })
      const ref = parseCellRef(cellRef('Passenger vehicles', 3, 3))!
      expect(cellAt(wb.Sheets[ref.sheet]!, ref.row0, ref.col0)?.v).toBe(0.225)
    } finally {
      t.cleanup()
    }
  })
})
