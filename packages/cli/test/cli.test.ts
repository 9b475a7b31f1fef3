/** The CLI on a generated ledger and a generated release: in-process through `main`, and once through the bin. */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCsv } from '../src/csv.ts'
import { localEngine } from '../src/local.ts'
import { main, type Io } from '../src/main.ts'
import { writeRelease } from './fixture.ts'

let dir: string
let releases: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'openfactors-cli-'))
  releases = join(dir, 'releases')
  writeRelease(releases)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function capture(): Io & { stdout: string; stderr: string } {
  const io = { stdout: '', stderr: '', tty: false, out: (t: string) => { io.stdout += t }, err: (t: string) => { io.stderr += t } }
  return io
}

describe('openfactors emissions', () => {
  it('computes a generated 3,000-line ledger in chunks with progress, writes it back, prints totals, exits 2 for failed lines', async () => {
    const lines = ['id,description,factor_key,quantity,unit,country']
    for (let i = 0; i < 3_000; i++) {
      if (i % 3 === 0) lines.push(`d${i},,fuels.gb.diesel.litres,"1,000",litres,`)
      else if (i % 3 === 1) lines.push(`e${i},grid electricity,,10,MWh,GB`)
      else lines.push(`c${i},petrol car,,100,km,GB`)
    }
    lines.push('bad1,,fuels.gb.diesel.litres,lots,litres,')
    lines.push('bad2,,fuels.gb.diesel.litres,5,gallons,')
    const ledger = join(dir, 'ledger.csv')
    writeFileSync(ledger, lines.join('\n'))
    const io = capture()
    const code = await main(['emissions', ledger, '--releases', releases, '--chunk', '1000'], io)
    expect(code).toBe(2)
    expect(io.stderr).toContain('openfactors: 1,000 / 3,001 lines')
    expect(io.stderr).toContain('3,001 / 3,001 lines')
    const [header, ...rows] = parseCsv(readFileSync(join(dir, 'ledger.emissions.csv'), 'utf8'))
    expect(header).toEqual(['id', 'description', 'factor_key', 'quantity', 'unit', 'country', 'factor_key_used', 'factor', 'factor_value', 'factor_unit', 'source', 'cell_ref', 'factor_quantity', 'factor_quantity_unit', 'emissions_kg_co2e', 'scope', 'confidence', 'decision', 'warnings', 'error'])
    expect(rows).toHaveLength(3_002)
    const col = (name: string) => header!.indexOf(name)
    expect(rows[0]![col('emissions_kg_co2e')]).toBe('2500')
    expect(rows[0]![col('cell_ref')]).toBe("'Test'!B22")
    expect(rows[1]).toEqual(expect.arrayContaining(['electricity.gb.grid.kwh', '10000', '2000', 'scope_2']))
    expect(rows[1]![col('decision')]).toMatch(/^(accept|review)$/)
    expect(Number(rows[1]![col('confidence')])).toBeGreaterThan(0)
    // 100 km on a per-mile factor: 62.1371192237 miles x 0.3
    expect(rows[2]![col('factor_quantity')]).toBe('62.1371192237')
    expect(rows[3_000]![col('error')]).toBe('invalid_row: quantity "lots" is not a number')
    expect(rows[3_001]![col('error')]).toMatch(/^unit_not_convertible: "gallons" is ambiguous/)
    expect(io.stdout).toContain('Lines: 3002, computed 3000, to review')
    expect(io.stdout).toContain('failed 2')
    // 1,000 x 1,000 litres x 2.5 + 1,000 x 10 MWh x 0.2 + 1,000 x 62.1371192237 miles x 0.3
    expect(io.stdout).toContain('Total: 4,518,641.136 kg CO2e')
    expect(io.stdout).toMatch(/scope_1 +2,518,641\.136 kg CO2e/)
    expect(io.stdout).toMatch(/scope_2 +2,000,000 kg CO2e/)
  })

  it('tab-separated in, tab-separated out to stdout; exit 0 when every line computes', async () => {
    const ledger = join(dir, 'ledger.tsv')
    writeFileSync(ledger, 'factor_key\tquantity\tunit\nfuels.gb.diesel.litres\t2\tm3\nfuels.gb.diesel.litres\t100\tkWh\n')
    const io = capture()
    expect(await main(['emissions', ledger, '--releases', releases, '--out', '-'], io)).toBe(0)
    const rows = parseCsv(io.stdout)
    expect(rows[0]).toContain('emissions_kg_co2e')
    expect(rows[1]).toContain('5000')
    expect(rows[2]).toEqual(expect.arrayContaining(['fuels.gb.diesel.kwh_gross_cv', '25', 'energy_basis_assumed']))
    expect(io.stderr).toContain('Total: 5,025 kg CO2e')
  })

  it('says which columns are missing', async () => {
    const ledger = join(dir, 'nocols.csv')
    writeFileSync(ledger, 'name,amount\nx,1\n')
    const io = capture()
    expect(await main(['emissions', ledger, '--releases', releases], io)).toBe(1)
    expect(io.stderr).toContain('has no description or factor_key, unit column')
  })
})

describe('openfactors resolve and lookup', () => {
  it('resolve prints ranked keys with confidence, decision and source cell', async () => {
    const io = capture()
    expect(await main(['resolve', 'diesel', '--unit', 'litres', '--releases', releases], io)).toBe(0)
    expect(io.stdout).toMatch(/^Data version 2026\.1\n1\. fuels\.gb\.diesel\.litres\n/)
    expect(io.stdout).toMatch(/confidence [\d.]+ \((accept|review)\)/)
    // The decision printed is the match's own (a unit or place mismatch is review whatever the confidence).
    const matches = localEngine(releases).engine.resolve({ description: 'diesel', unit: 'litres', limit: 5 }).matches
    const printed = [...io.stdout.matchAll(/confidence ([\d.]+) \((accept|review)\)/g)].map((m) => [Number(m[1]), m[2]])
    expect(printed).toEqual(matches.map((m) => [m.confidence, m.decision]))
  })

  it('lookup prints the factor and its source; an unknown key is an error with exit 1', async () => {
    const io = capture()
    expect(await main(['lookup', 'fuels.gb.diesel.litres', '--releases', releases], io)).toBe(0)
    expect(io.stdout).toContain("2.5 kg CO2e per litre — Diesel")
    expect(io.stdout).toContain("source cli-test-2026 'Test'!B22")
    const bad = capture()
    expect(await main(['lookup', 'fuels.gb.diesl.litres', '--releases', releases], bad)).toBe(1)
    expect(bad.stderr).toContain('factor_not_found')
  })

  it('the bin runs as a process', () => {
    const bin = join(import.meta.dirname, '..', 'bin', 'openfactors.mjs')
    const out = execFileSync(process.execPath, [bin, 'lookup', 'electricity.gb.grid.kwh', '--releases', releases], { encoding: 'utf8' })
    expect(out).toContain('0.2 kg CO2e per kWh')
  })
})
