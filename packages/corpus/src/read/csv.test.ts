import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { csvRef, parseCsv, readCsvFile } from './csv.ts'
import { tempDir, writeText } from '../../test/fixtures.ts'

describe('parseCsv', () => {
  it('keeps the physical line where each record starts, across quoted multi-line header cells', () => {
    const text = ',"Combined Margin\nFactor, gCO2/kWh",,"Operating Margin\nFactor"\n,"Firm",,\n"Country",,,\n"Afghanistan",193,331,414\n'
    const recs = parseCsv(text)
    // The first record holds two quoted newlines, so it spans lines 1-3.
    expect(recs.map((r) => r.line)).toEqual([1, 4, 5, 6])
    expect(recs[0]?.fields).toEqual(['', 'Combined Margin\nFactor, gCO2/kWh', '', 'Operating Margin\nFactor'])
    expect(recs[3]?.fields).toEqual(['Afghanistan', '193', '331', '414'])
  })
  it('handles CRLF, a BOM, escaped quotes, empty fields and a trailing separator', () => {
    const recs = parseCsv('\ufeffa;b;c;\r\n"x ""y""";;3.5;\r\n', ';')
    expect(recs).toEqual([
      { line: 1, fields: ['a', 'b', 'c', ''] },
      { line: 2, fields: ['x "y"', '', '3.5', ''] },
    ])
  })
  it('counts lines across mixed LF and CRLF endings, as the file holds them', () => {
    const recs = parseCsv('a,b\r\n1,2\n"x\r\ny",3\r\n\r\n4,5\n')
    expect(recs.map((r) => r.line)).toEqual([1, 2, 3, 5, 6])
    expect(recs[2]?.fields).toEqual(['x\r\ny', '3'])
    // Multi-byte characters before a quoted newline do not shift the count.
    expect(parseCsv('Wände,"CO₂\ne"\nÖl,2\n').map((r) => r.line)).toEqual([1, 3])
  })
  it('keeps scientific-notation strings exactly, so Number(text) gives the published number', () => {
    const recs = parseCsv('GHG,Value\n"CH4","3.23e-09"\nCO2,1.5E+02\n')
    expect(recs[1]?.fields[1]).toBe('3.23e-09')
    expect(Number(recs[1]?.fields[1])).toBe(3.23e-9)
    expect(Number(recs[2]?.fields[1])).toBe(150)
  })
  it('does not invent a record for a final newline, but keeps a last line without one', () => {
    expect(parseCsv('a,b\n1,2\n')).toHaveLength(2)
    expect(parseCsv('a,b\n1,2')).toHaveLength(2)
  })
})

describe('readCsvFile', () => {
  it('decodes Latin-1 files (ÖKOBAUDAT) when told to', () => {
    const t = tempDir()
    try {
      const path = join(t.dir, 'obd.csv')
      writeText(path, Buffer.from('Name (de);GWP;\nBeton C25/30 für Wände;2.1E2;\n', 'latin1'))
      const recs = readCsvFile(path, { separator: ';', encoding: 'latin1' })
      expect(recs[1]?.fields[0]).toBe('Beton C25/30 für Wände')
      expect(Number(recs[1]?.fields[1])).toBe(210)
      // Read as UTF-8 the umlaut is lost: the encoding matters.
      expect(readCsvFile(path, { separator: ';' })[1]?.fields[0]).not.toBe('Beton C25/30 für Wände')
    } finally {
      t.cleanup()
    }
  })
  it('builds references of the documented shape', () => {
    expect(csvRef('de-oekobaudat/OBD_2020_II.csv', 12, 'GWP')).toBe('de-oekobaudat/OBD_2020_II.csv#L12:GWP')
  })
})
