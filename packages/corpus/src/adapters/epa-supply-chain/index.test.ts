import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { FACTOR_KEY_PATTERN } from '@openfactors/engine/release'
import { parseCsv, readCsvFile } from '../../read/csv.ts'
import { adapter, ingestSupplyChainFile } from './index.ts'

const HEADER = '"2017 NAICS Code","2017 NAICS Title","GHG","Unit","Supply Chain Emission Factors without Margins","Margins of Supply Chain Emission Factors","Supply Chain Emission Factors with Margins","Reference USEEIO Code"'

describe('epa-supply-chain on generated files', () => {
  it('reads the CO2e file: three factors per commodity, CSV line + column as cell_ref', () => {
    const csv = [HEADER, '111110,"Soybean Farming","All GHGs","kg CO2e/2021 USD, purchaser price",1.223,0.103,1.326,"1111A0"', ''].join('\r\n')
    const out = ingestSupplyChainFile('sc/co2e.csv', parseCsv(csv))
    // Without margins is producer price; margins only is a component of with margins (issue 17).
    expect(out.factors.map((f) => [f.key, f.value, f.unit, f.kind])).toEqual([
      ['spend.us.naics_111110_soybean_farming.without_margins', 1.223, 'kg CO2e per USD (2021, producer price)', 'emission_factor'],
      ['spend.us.naics_111110_soybean_farming.margins', 0.103, 'kg CO2e per USD (2021, purchaser price)', 'component'],
      ['spend.us.naics_111110_soybean_farming.with_margins', 1.326, 'kg CO2e per USD (2021, purchaser price)', 'emission_factor'],
    ])
    expect(out.factors.map((f) => f.basis)).toEqual([
      { price: { currency: 'USD', year: 2021, basis: 'producer' }, ghg: 'co2e' },
      { price: { currency: 'USD', year: 2021, basis: 'purchaser' }, ghg: 'co2e' },
      { price: { currency: 'USD', year: 2021, basis: 'purchaser' }, ghg: 'co2e' },
    ])
    expect(out.factors[1]?.name).toBe('Soybean Farming (NAICS 111110), supply chain margins only (component of with margins)')
    expect(out.factors[2]?.cell_ref).toBe('sc/co2e.csv#L2:Supply Chain Emission Factors with Margins')
    expect(out.factors[0]?.tags).toEqual(['NAICS 111110', 'USEEIO 1111A0'])
  })

  it('reads byGHG rows as gas masses with quoted scientific notation, keeping CO2e-unit rows apart', () => {
    const csv = [
      HEADER,
      '111110,"Soybean Farming","Methane","kg/2022 USD, purchaser price","3.23e-09","1.34e-09","4.57e-09","1111A0"',
      '111110,"Soybean Farming","Perfluorocyclobutane","kg/2022 USD, purchaser price","1.0e-12","2e-12","3e-12","1111A0"',
      '111110,"Soybean Farming","HFCs and PFCs, unspecified","kg CO2e/2022 USD, purchaser price","0.5","","0.6","1111A0"',
      '',
    ].join('\r\n')
    const out = ingestSupplyChainFile('sc/byghg.csv', parseCsv(csv))
    const ch4 = out.factors.find((f) => f.key.endsWith('.with_margins_ch4'))
    expect(ch4?.value).toBe(4.57e-9)
    expect(ch4?.unit).toBe('kg CH4 per USD (2022, purchaser price)')
    expect(ch4?.gases).toBeUndefined()
    expect(out.factors.find((f) => f.key.endsWith('.without_margins_ch4'))?.unit).toBe('kg CH4 per USD (2022, producer price)')
    expect(out.factors.find((f) => f.key.endsWith('.margins_ch4'))?.kind).toBe('component')
    expect(out.factors.some((f) => f.key.endsWith('.margins_c_c4f8') && f.unit === 'kg c-C4F8 per USD (2022, purchaser price)')).toBe(true)
    const unspecified = out.factors.find((f) => f.key.endsWith('.with_margins_hfcs_and_pfcs_unspecified_co2e'))
    expect(unspecified?.unit).toBe('kg CO2e per USD (2022, purchaser price)')
    expect(out.skipped).toEqual([{ reason: 'empty_value', where: 'line 4 Margins of Supply Chain Emission Factors' }])
    for (const f of out.factors) expect(f.key).toMatch(FACTOR_KEY_PATTERN)
  })

  it('refuses a file whose unit it does not know', () => {
    const csv = [HEADER, '111110,"Soybean Farming","All GHGs","kg CO2e/EUR",1,1,1,"X"'].join('\r\n')
    expect(() => ingestSupplyChainFile('bad.csv', parseCsv(csv))).toThrow(/line 2/)
  })

  it('orders CO2e before byGHG whatever the lock order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sc-'))
    writeFileSync(join(dir, 'x_byGHG.csv'), [HEADER, '111110,"S","Methane","kg/2021 USD, purchaser price","1e-3","1e-3","2e-3","A"'].join('\r\n'))
    writeFileSync(join(dir, 'x_CO2e.csv'), [HEADER, '111110,"S","All GHGs","kg CO2e/2021 USD, purchaser price",1,1,2,"A"'].join('\r\n'))
    const out = adapter.ingest({ edition: { id: 't', dataset: 'd', edition: 'e', adapter: 'epa-supply-chain', files: ['x_byGHG.csv', 'x_CO2e.csv'] }, datasetsDir: dir, resolve: (f) => join(dir, f) })
    expect(out.factors[0]?.key).toBe('spend.us.naics_111110_s.without_margins')
    expect(out.factors).toHaveLength(6)
  })
})

const DATASETS = process.env.OPENFACTORS_DATASETS ?? resolve(fileURLToPath(import.meta.url), '../../../../../../../shared/datasets')
const DIR = 'us-epa-supply-chain-ghg-factors'
const V13 = [`${DIR}/SupplyChainGHGEmissionFactors_v1.3.0_NAICS_CO2e_USD2022.csv`, `${DIR}/SupplyChainGHGEmissionFactors_v1.3.0_NAICS_byGHG_USD2022.csv`]

describe.skipIf(!existsSync(join(DATASETS, V13[0]!)))('epa-supply-chain on the published v1.3 files', () => {
  it('serves every value with a cell that holds exactly that number', () => {
    const out = adapter.ingest({ edition: { id: 'us-epa-scghg-v1-3', dataset: DIR, edition: 'v1.3', adapter: 'epa-supply-chain', files: V13 }, datasetsDir: DATASETS, resolve: (f) => join(DATASETS, f) })
    expect(out.factors).toHaveLength(1016 * 3 + 1016 * 18 * 3)
    expect(new Set(out.factors.map((f) => f.key)).size).toBe(out.factors.length)
    const soy = out.factors.find((f) => f.key === 'spend.us.naics_111110_soybean_farming.with_margins')
    expect(soy?.value).toBe(0.532)
    // Re-read every referenced CSV cell.
    const files = new Map(V13.map((f) => {
      const records = readCsvFile(join(DATASETS, f))
      return [f, { header: records[0]!.fields, byLine: new Map(records.map((r) => [r.line, r.fields])) }] as const
    }))
    for (const f of out.factors) {
      const m = /^(.*)#L(\d+):(.*)$/.exec(f.cell_ref)!
      const file = files.get(m[1]!)!
      const fields = file.byLine.get(Number(m[2]))!
      expect(Number(fields[file.header.indexOf(m[3]!)]!.trim())).toBe(f.value)
    }
  })
})
