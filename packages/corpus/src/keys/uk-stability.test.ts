/**
 * The UK adapters over the real files (skipped when the datasets directory is absent): every
 * value of every edition gets its own key, values are the cells' own numbers, per-gas values
 * add up to their totals, and keys carry over from edition to edition.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { FactorRowSchema } from '@openfactors/engine/release'
import type { AdapterOutput, SourceAdapter } from '../adapters/types.ts'
import { adapter as flat } from '../adapters/uk-flat/index.ts'
import { adapter as fullSet } from '../adapters/uk-full-set/index.ts'
import { cellAt, parseCellRef, readWorkbook } from '../read/workbook.ts'

const DATASET = 'uk-desnz-ghg-conversion-factors'
const FILES: readonly (readonly [number, string])[] = [
  [2016, '2016_Flat_format_file_v01-01.xlsx'],
  [2017, 'conversion-factors-2017-flat-file.xls'],
  [2018, 'Conversion_factors_2018_-_Flat_file__for_automatic_processing_only__v01-01.xls'],
  [2019, 'conversion-factors-2019-flat-file-v01-02.xls'],
  [2020, 'Conversion_Factors_2020_-_Flat_file__for_automatic_processing_only_.xlsx'],
  [2021, 'conversion-factors-2021-flat-file-automatic-processing.xls'],
  [2022, 'ghg-conversion-factors-2022-flat-format.xls'],
  [2023, 'ghg-conversion-factors-2023-flat-file-update.xlsx'],
  [2024, 'ghg-conversion-factors-2024-full_set__for_advanced_users__v1_1.xlsx'],
  [2025, 'ghg-conversion-factors-2025-full-set.xlsx'],
  [2026, 'ghg-conversion-factors-2026-full-set.xlsx'],
]

const datasetsDir = process.env.OPENFACTORS_DATASETS ?? fileURLToPath(new URL('../../../../../shared/datasets', import.meta.url))
const present = FILES.every(([, f]) => existsSync(join(datasetsDir, DATASET, f)))

/** Present in every edition (hotel stays start in 2017). */
const IMPORTANT: readonly (readonly [string, number])[] = [
  ['fuels.gb.liquid_fuels_diesel_average_biofuel_blend.litres', 2016],
  ['fuels.gb.liquid_fuels_petrol_average_biofuel_blend.litres', 2016],
  ['fuels.gb.gaseous_fuels_natural_gas.kwh_gross_cv', 2016],
  ['fuels.gb.liquid_fuels_diesel_average_biofuel_blend.wtt_litres', 2016],
  ['electricity.gb.electricity_generated.kwh', 2016],
  ['electricity.gb.uk_electricity.td_kwh', 2016],
  ['transport.gb.cars_by_size_average_car_unknown.km', 2016],
  ['transport.gb.cars_by_size_average_car_diesel.business_travel_km', 2016],
  ['transport.gb.flights_short_haul_to_from_uk_economy_class_with_rf.passenger_km', 2016],
  ['transport.gb.rail_national_rail.business_travel_passenger_km', 2016],
  ['freight.gb.hgv_all_diesel_all_hgvs_average_laden.freighting_tonne_km', 2016],
  ['water.gb.water_supply.m3', 2016],
  ['waste.gb.refuse_commercial_and_industrial_waste_landfill.tonnes', 2016],
  ['refrigerants.gb.hfc_134a.kg', 2016],
  ['heat_steam.gb.district_heat_and_steam.kwh', 2016],
  ['materials.construction.concrete.primary_material_production', 2016],
  ['accommodation.gb.hotel_stay.room_per_night', 2017],
]

const isGasKey = (key: string): boolean => /_(co2|ch4|n2o)$/.test(key)

describe.skipIf(!present)(`UK conversion factors 2016–2026 (real files)${present ? '' : ' (skipped: the UK dataset files are not in the datasets directory; npm run corpus -- fetch)'}`, () => {
  const out = new Map<number, AdapterOutput>()
  let elapsedMs = 0

  beforeAll(() => {
    const start = performance.now()
    for (const [year, file] of FILES) {
      const path = `${DATASET}/${file}`
      const adapter: SourceAdapter = year <= 2023 ? flat : fullSet
      out.set(year, adapter.ingest({
        edition: { id: `uk-desnz-ghg-cf-${year}`, dataset: DATASET, edition: String(year), adapter: adapter.id, files: [path] },
        datasetsDir,
        resolve: (f) => join(datasetsDir, f),
      }))
    }
    elapsedMs = performance.now() - start
    const lines = [...out].map(([y, o]) => {
      const totals = o.factors.filter((f) => !isGasKey(f.key)).length
      const reasons: Record<string, number> = {}
      for (const s of o.skipped) reasons[s.reason] = (reasons[s.reason] ?? 0) + 1
      return `${y}: ${o.factors.length} factors (${totals} totals, ${o.factors.length - totals} per-gas); skipped ${JSON.stringify(reasons)}`
    })
    console.log(`UK editions read in ${Math.round(elapsedMs)} ms\n${lines.join('\n')}`)
  })

  const totalKeys = (year: number): Set<string> => new Set(out.get(year)!.factors.filter((f) => !isGasKey(f.key)).map((f) => f.key))
  const share = (from: number, to: number): number => {
    const a = totalKeys(from), b = totalKeys(to)
    return [...a].filter((k) => b.has(k)).length / a.size
  }

  it('reads all eleven workbooks well under a minute', () => {
    expect(elapsedMs).toBeLessThan(60_000)
  })

  it('gives every value its own key and a row the release schema accepts', () => {
    for (const [year, o] of out) {
      const keys = o.factors.map((f) => f.key)
      expect(new Set(keys).size, `duplicate keys in ${year}`).toBe(keys.length)
      for (const f of o.factors) {
        const parsed = FactorRowSchema.safeParse({ ...f, source_id: `uk-desnz-ghg-cf-${year}` })
        expect(parsed.success, `${year} ${f.key}`).toBe(true)
      }
      expect(o.factors.length).toBeGreaterThan(4900)
    }
  })

  it('serves each value bit-identical to the cell it names', () => {
    for (const [year, file] of FILES) {
      const wb = readWorkbook(join(datasetsDir, DATASET, file))
      for (const f of out.get(year)!.factors) {
        for (const { value, cell_ref } of [f, ...Object.values(f.gases ?? {})]) {
          const ref = parseCellRef(cell_ref)
          expect(ref, cell_ref).not.toBeNull()
          const cell = cellAt(wb.Sheets[ref!.sheet]!, ref!.row0, ref!.col0)
          expect(Object.is(cell?.v, value), `${year} ${cell_ref}`).toBe(true)
        }
      }
    }
  })

  it('has per-gas values that are CO2e contributions adding up to the total', () => {
    for (const [year, o] of out) {
      const full = o.factors.filter((f) => f.gases && Object.keys(f.gases).length === 3)
      const adds = full.filter((f) => {
        const sum = Object.values(f.gases!).reduce((s, g) => s + g.value, 0)
        return Math.abs(sum - f.value) <= Math.max(1e-3 * Math.abs(f.value), 3e-5)
      })
      expect(full.length, `${year} totals with three gases`).toBeGreaterThan(900)
      expect(adds.length, `${year} totals whose gases add up`).toBe(full.length)
      for (const f of o.factors) if (isGasKey(f.key)) expect(f.unit).toMatch(/^kg CO2e per /)
    }
  })

  it('keeps keys stable across editions', () => {
    const years = FILES.map(([y]) => y)
    const pairs = years.slice(1).map((y, i) => `${years[i]}->${y}: ${(share(years[i]!, y) * 100).toFixed(1)}%`)
    console.log(`total-row keys carried over\n${pairs.join('\n')}\n2016->2026: ${(share(2016, 2026) * 100).toFixed(1)}%`)
    expect(share(2025, 2026)).toBeGreaterThanOrEqual(0.9)
    expect(share(2016, 2026)).toBeGreaterThanOrEqual(0.7)
    for (let i = 1; i < years.length; i++) expect(share(years[i - 1]!, years[i]!), `${years[i - 1]}->${years[i]}`).toBeGreaterThanOrEqual(0.85)
  })

  it('has the important factors in every edition', () => {
    for (const [key, since] of IMPORTANT) {
      for (const [year] of FILES) {
        if (year < since) continue
        const f = out.get(year)!.factors.find((x) => x.key === key)
        expect(f, `${key} in ${year}`).toBeDefined()
        expect(f!.value, `${key} in ${year}`).toBeGreaterThan(0)
      }
    }
  })

  it('skips SECR energy-conversion values and keeps them out of the factors', () => {
    for (const year of [2022, 2023, 2024, 2025, 2026]) {
      const o = out.get(year)!
      expect(o.skipped.filter((s) => s.reason === 'energy_conversion').length, `${year}`).toBeGreaterThan(400)
      expect(o.factors.some((f) => /SECR/.test(f.section))).toBe(false)
    }
  })
})
