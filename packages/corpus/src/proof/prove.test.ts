import { afterAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import type { FactorRow } from '@openfactors/engine/release'
import { convertPublished, proveFactors } from './prove.ts'
import { jsonRef, parseRef } from './refs.ts'
import { cellRef } from '../read/workbook.ts'
import { csvRef } from '../read/csv.ts'
import type { LockEdition } from '../lock/schema.ts'
import { lockEdition, tempDir, writeText, writeXlsx } from '../../test/fixtures.ts'

const t = tempDir()
afterAll(() => t.cleanup())

writeXlsx(join(t.dir, 'uk/book.xlsx'), {
  Fuels: { rows: [['Fuel', 'Unit', 'kg CO2e', 'kg CO2e of CO2 per unit'], ['Butane', 'tonnes', 3033.3806711409397, 3029.1], ['Diesel', 'litres', '2.51', null]] },
})
writeText(join(t.dir, 'de/obd.csv'), Buffer.from('Name (de);Modul;GWP;Rohdichte;\nBeton für Wände;A1-A3;2.1E2;2400;\nBeton für Wände;C3;3.5;;\n', 'latin1'))
writeText(join(t.dir, 'ifi/grid.csv'), ',"Combined Margin\nFactor, gCO2/kWh",,\n,"Firm Energy","Energy Efficiency",\n"Country",,,\n"Afghanistan",193,331,\n')
writeText(join(t.dir, 'js/avg.json'), JSON.stringify({ AFG: { g_per_kwh: 132.5 }, 'US-CAL/CISO': { 'a~b': '250' } }))

const editions = new Map<string, LockEdition>([
  ['xl', lockEdition(t.dir, { id: 'xl', adapter: 'x', published_at: '2020-01-01', files: ['uk/book.xlsx'] })],
  ['obd', lockEdition(t.dir, { id: 'obd', adapter: 'x', published_at: '2020-01-01', files: [{ path: 'de/obd.csv', csv: { separator: ';', encoding: 'latin1' } }] })],
  ['ifi', lockEdition(t.dir, { id: 'ifi', adapter: 'x', published_at: '2020-01-01', files: [{ path: 'ifi/grid.csv', csv: { separator: ',', encoding: 'utf8', header_records: 3 } }] })],
  ['js', lockEdition(t.dir, { id: 'js', adapter: 'x', published_at: '2020-01-01', files: ['js/avg.json'] })],
])

function row(p: Partial<FactorRow> & Pick<FactorRow, 'key' | 'value' | 'cell_ref' | 'source_id'>): FactorRow {
  return { name: p.key, unit: 'kg CO2e per unit', scope: null, section: 'S', country: 'gb', ...p }
}

const good: FactorRow[] = [
  row({ key: 'fuels.gb.butane.tonnes', value: 3033.3806711409397, cell_ref: cellRef('Fuels', 1, 2), source_id: 'xl', gases: { co2: { value: 3029.1, cell_ref: cellRef('Fuels', 1, 3) } } }),
  // a text-stored number is proven through Number(text)
  row({ key: 'fuels.gb.diesel.litres', value: 2.51, cell_ref: cellRef('Fuels', 2, 2), source_id: 'xl' }),
  row({
    key: 'materials.concrete.wall.generic',
    value: 210,
    cell_ref: csvRef('de/obd.csv', 2, 'GWP'),
    source_id: 'obd',
    country: 'de',
    modules: { 'A1-A3': { value: 210, cell_ref: csvRef('de/obd.csv', 2, 'GWP') }, C3: { value: 3.5, cell_ref: csvRef('de/obd.csv', 3, 'GWP') } },
    material: { declared_unit: 'm3', declared_quantity: null, density_kg_m3: { value: 2400, cell_ref: csvRef('de/obd.csv', 2, 'Rohdichte') }, area_mass_kg_m2: null, kg_per_declared_unit: null, thickness_m: null, biogenic_separate: false },
  }),
  // header cell found in the second header record; the data record starts on line 5 (one quoted newline in line 1)
  row({
    key: 'electricity.af.grid.ifi_cm_firm',
    value: 0.193,
    unit: 'kg CO2 per kWh',
    cell_ref: csvRef('ifi/grid.csv', 5, 'Firm Energy'),
    source_id: 'ifi',
    published: { value: 193, unit: 'g CO2 per kWh', conversion: 'g -> kg', multiplier: '0.001' },
  }),
  row({
    key: 'electricity.af.grid.location_ember',
    value: convertPublished(132.5, '0.001'),
    cell_ref: jsonRef('js/avg.json', ['AFG', 'g_per_kwh']),
    source_id: 'js',
    published: { value: 132.5, unit: 'g CO2e per kWh', conversion: 'g -> kg', multiplier: '0.001' },
  }),
  row({ key: 'electricity.us.grid_us_cal_ciso.x', value: 250, cell_ref: jsonRef('js/avg.json', ['US-CAL/CISO', 'a~b']), source_id: 'js' }),
]

describe('the proof', () => {
  it('proves values, gases, modules and material cells in xlsx, Latin-1 CSV, multi-line-header CSV and JSON', () => {
    const r = proveFactors(good, editions, t.dir)
    expect(r.failures).toEqual([])
    expect(r.checked).toBe(10)
    expect(r.proven).toBe(10)
  })

  it('catches a tampered value, a tampered gas cell, a wrong cell and a wrong conversion', () => {
    const bad: FactorRow[] = [
      { ...good[0]!, value: 3033.38 }, // rounded: not bit-identical
      { ...good[0]!, key: 'k.k.k.gas', gases: { co2: { value: 3029.2, cell_ref: cellRef('Fuels', 1, 3) } } },
      { ...good[1]!, cell_ref: cellRef('Fuels', 2, 3) }, // empty cell
      { ...good[3]!, value: 0.1931 },
      { ...good[2]!, cell_ref: csvRef('de/obd.csv', 2, 'NoSuchColumn') },
    ]
    const r = proveFactors(bad, editions, t.dir)
    expect(r.failures.map((f) => [f.key, f.field])).toEqual([
      ['fuels.gb.butane.tonnes', 'value'],
      ['k.k.k.gas', 'gases.co2'],
      ['fuels.gb.diesel.litres', 'value'],
      ['electricity.af.grid.ifi_cm_firm', 'value'],
      ['materials.concrete.wall.generic', 'value'],
    ])
    expect(r.failures[0]?.found).toBe(3033.3806711409397)
    expect(r.failures[2]?.reason).toBe('cell is empty')
    expect(r.failures[4]?.reason).toMatch(/no column "NoSuchColumn"/)
    expect(r.proven).toBeLessThan(r.checked)
  })

  it('converts in decimal with the precision of the published value', () => {
    expect(convertPublished(193, '0.001')).toBe(0.193)
    expect(convertPublished(1000.5, '0.000453592')).toBe(0.45382) // 0.453818796 to 5 digits, as 1000.5 has
    // exact decimal product, not the float product (which is off in the last bit)
    expect(convertPublished(0.1, '3')).toBe(0.3)
    expect(0.1 * 3).not.toBe(0.3)
  })
})

describe('parseRef', () => {
  it('parses the three reference shapes', () => {
    expect(parseRef("'UK electricity'!E26")).toEqual({ kind: 'sheet', sheet: 'UK electricity', row0: 25, col0: 4 })
    expect(parseRef('a/b.csv#L12:Supply Chain Emission Factors with Margins')).toEqual({ kind: 'csv', file: 'a/b.csv', line: 12, column: 'Supply Chain Emission Factors with Margins' })
    expect(parseRef('a/b.json#/US-CAL~1CISO/a~0b')).toEqual({ kind: 'json', file: 'a/b.json', pointer: ['US-CAL/CISO', 'a~b'] })
    expect(parseRef('nonsense')).toBeNull()
  })
})
