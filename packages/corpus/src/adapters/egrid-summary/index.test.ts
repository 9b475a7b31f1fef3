import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as XLSX from '@e965/xlsx'
import { describe, expect, it } from 'vitest'
import { cellAt, parseCellRef, readWorkbook } from '../../read/workbook.ts'
import { ingestEgridSummary } from './index.ts'
import { asPublished, derive } from '../../proof/as-published.ts'


function writeWorkbook(sheets: Record<string, (string | number | null)[][]>): string {
  const wb = XLSX.utils.book_new()
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), name)
  const path = join(mkdtempSync(join(tmpdir(), 'egrid-')), 'egrid.xlsx')
  writeFileSync(path, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
  return path
}

const T1 = [
  [null, 'eGRID subregion acronym', 'eGRID subregion name', 'CO₂', 'CH₄', 'N₂O', 'CO₂e', 'Annual NOₓ', 'SO₂'],
  [null, 'ERCT', 'ERCOT All', 733.862, 0.043, 0.006, 736.629, 0.5, 0.9],
  [null, 'U.S.', null, 767.209, 0.057, 0.008, 770.884, 0.452, 0.359],
]
const T3 = [
  [null, '3. State Output Emission Rates (eGRID2023)', 'V2', 'V3', 'V4', 'V5', 'V6'],
  [null, 'State', 'Total output emission rates', 'CH₄', 'N₂O', 'CO₂e', 'SO₂'],
  [null, null, 'lb/MWh'],
  [null, 'State', 'CO₂', 'CH₄', 'N₂O', 'CO₂e', 'SO₂'],
  [null, 'TX', 768.317, 0.044, 0.006, 771.179, 0.5],
  [null, 'U.S.', 767.209, 0.057, 0.008, 770.884, 0.359],
]

describe('egrid-summary on a generated workbook', () => {
  it('finds columns by subscripted header text and serves lb/MWh as kg/kWh with the published cell', () => {
    const out = ingestEgridSummary('egrid.xlsx', writeWorkbook({ 'Table 1': T1, 'Table 2': [['mix']], 'Table 3': T3 }))
    const erct = out.factors.find((f) => f.key === 'electricity.us.egrid_erct.location_total_output')
    expect(erct?.cell_ref).toBe("'Table 1'!G2")
    expect(erct?.unit).toBe('kg CO2e per kWh')
    expect(erct?.published).toEqual({ value: 736.629, unit: 'lb CO2e per MWh', conversion: expect.any(String), multiplier: '0.00045359237' })
    expect(erct?.value).toBe(derive(736.629, '0.00045359237'))
    expect(erct?.region).toBe('erct')
    const tx = out.factors.find((f) => f.key === 'electricity.us.state_tx.location_total_output_ch4')
    expect(tx?.unit).toBe('kg CH4 per kWh')
    expect(tx?.cell_ref).toBe("'Table 3'!D5")
    expect(out.factors.filter((f) => f.key.startsWith('electricity.us.national.'))).toHaveLength(4)
    expect(out.factors).toHaveLength(12)
    expect(out.skipped.filter((s) => s.reason === 'duplicate_row')).toHaveLength(1)
    expect(out.skipped.filter((s) => s.reason === 'not_a_factor' && /NOx|SO2/.test(s.where))).toHaveLength(5)
  })

  it('names the eGRID edition Table 3\'s title states, not a typed one (issue 17)', () => {
    const t3 = T3.map((r) => [...r])
    t3[0]![1] = '3. State Output Emission Rates (eGRID2024)'
    const out = ingestEgridSummary('egrid.xlsx', writeWorkbook({ 'Table 1': T1, 'Table 3': t3 }))
    expect(out.factors.every((f) => f.name.endsWith('(eGRID2024)') && f.section.startsWith('eGRID2024 > '))).toBe(true)
    t3[0]![1] = '3. State Output Emission Rates'
    expect(() => ingestEgridSummary('egrid.xlsx', writeWorkbook({ 'Table 1': T1, 'Table 3': t3 }))).toThrow(/no eGRID edition/)
  })

  it('refuses Table 1 when its U.S. row does not match Table 3 (unit not confirmed)', () => {
    const t1 = T1.map((r) => [...r])
    t1[2]![6] = 999
    expect(() => ingestEgridSummary('egrid.xlsx', writeWorkbook({ 'Table 1': t1, 'Table 3': T3 }))).toThrow(/U\.S\. row/)
  })
})

const DATASETS = process.env.OPENFACTORS_DATASETS ?? resolve(fileURLToPath(import.meta.url), '../../../../../../../shared/datasets')
const FILE = 'us-epa-egrid/egrid_summary_tables_rev2.xlsx'

describe.skipIf(!existsSync(join(DATASETS, FILE)))('egrid-summary on the published eGRID2023 file', () => {
  it('serves 27 subregions + U.S. and the 52 state rows, four gases each, each proven against its cell', () => {
    const out = ingestEgridSummary(FILE, join(DATASETS, FILE))
    expect(out.factors).toHaveLength((27 + 1 + 52) * 4)
    expect(new Set(out.factors.map((f) => f.key)).size).toBe(out.factors.length)
    const erct = out.factors.find((f) => f.key === 'electricity.us.egrid_erct.location_total_output')
    expect(erct?.published?.value).toBe(736.629)
    const wb = readWorkbook(join(DATASETS, FILE))
    for (const f of out.factors) {
      const ref = parseCellRef(f.cell_ref)!
      const cell = cellAt(wb.Sheets[ref.sheet]!, ref.row0, ref.col0)
      expect(asPublished(cell?.v as number)).toBe(f.published!.value)
      expect(f.value).toBe(derive(f.published!.value, f.published!.multiplier))
    }
  })
})
