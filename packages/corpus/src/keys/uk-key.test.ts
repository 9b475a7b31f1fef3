import { describe, expect, it } from 'vitest'
import { FACTOR_KEY_PATTERN } from '@openfactors/engine/release'
import { classifyGhg, ukKey, unitToken } from './uk-key.ts'
import type { UkLabels } from './uk-cells.ts'
import { LABEL_ALIASES, LEVEL1, normalizeLevel1 } from './uk-aliases.ts'

const labels = (level1: string, levels: string[], uom: string, ghg = 'kg CO2e', column = ''): UkLabels => ({ level1, levels, column, uom, ghg })
const keyOf = (l: UkLabels, year = 2025): string => {
  const k = ukKey(l, year)
  if (!k.ok) throw new Error(k.detail)
  return k.key
}

describe('ukKey', () => {
  it('reads label drift (case, spacing, dashes, bracketed sheet names) as the same factor', () => {
    const a = keyOf(labels('WTT- business travel- air', ['WTT- flights', 'Short-haul, to/from UK', 'Economy class'], 'passenger.km', 'kg CO2e', 'With RF'), 2021)
    const b = keyOf(labels('WTT- business travel (air)', ['WTT- flights', 'Short-haul,  to/from UK', 'Economy class'], 'passenger.km', 'kg CO2e', 'With RF'), 2022)
    const c = keyOf(labels('WTT- business travel- air', ['Flights', 'Short\u2013haul, to/from UK', 'economy class'], 'passenger.km', 'kg CO2e', 'With RF'), 2026)
    expect(a).toBe('transport.gb.flights_short_haul_to_from_uk_economy_class_with_rf.wtt_passenger_km')
    expect(b).toBe(a)
    expect(c).toBe(a)
  })

  it('names the accounting basis in the method and the gas at its end', () => {
    expect(keyOf(labels('Fuels', ['Liquid fuels', 'Diesel (average biofuel blend)'], 'litres'))).toBe('fuels.gb.liquid_fuels_diesel_average_biofuel_blend.litres')
    expect(keyOf(labels('WTT- fuels', ['WTT- liquid fuels', 'Diesel (average biofuel blend)'], 'litres'), 2016)).toBe('fuels.gb.liquid_fuels_diesel_average_biofuel_blend.wtt_litres')
    expect(keyOf(labels('Fuels', ['Gaseous fuels', 'Natural gas'], 'kWh (Gross CV)', 'kg CH4'), 2016)).toBe('fuels.gb.gaseous_fuels_natural_gas.kwh_gross_cv_ch4')
    expect(keyOf(labels('Transmission and distribution', ['T&D- UK electricity', 'Electricity: UK'], 'kWh'))).toBe('electricity.gb.uk_electricity.td_kwh')
    expect(keyOf(labels('Transmission and distribution', ['Distribution - district heat & steam', '5% loss'], 'kWh'))).toBe('heat_steam.gb.distribution_district_heat_and_steam_5_pct_loss.td_kwh')
    expect(keyOf(labels('Managed assets- vehicles', ['Managed vans', 'Average (up to 3.5 tonnes)'], 'km', 'kg CO2e', 'Diesel'))).toBe('freight.gb.vans_average_up_to_3_5_tonnes_diesel.managed_assets_km')
    expect(keyOf(labels('Business travel- land', ['Cars (by size)', 'Average car'], 'km', 'kg CO2e', 'Diesel'))).toBe('transport.gb.cars_by_size_average_car_diesel.business_travel_km')
  })

  it('builds materials keys as materials.<category>.<material>.<route>', () => {
    expect(keyOf(labels('Material use', ['Construction', 'Concrete'], 'tonnes', 'kg CO2e', 'Primary material production'))).toBe('materials.construction.concrete.primary_material_production')
    expect(keyOf(labels('Material use', ['Construction', 'Bricks'], 'tonnes', 'kg CO2e', 'Reused'), 2016)).toBe('materials.construction.bricks.re_used')
    const k = ukKey(labels('Material use', ['Construction', 'Bricks'], 'tonnes'), 2025)
    expect(k.ok && k.country).toBe('gb')
  })

  it('moves countries to the country segment and keeps regions that are not countries in the subject', () => {
    expect(keyOf(labels('WTT- UK & overseas elec', ['WTT- overseas electricity (generation)', 'Electricity: Austria'], 'kWh'), 2016)).toBe('electricity.at.overseas_electricity_generation.wtt_kwh')
    expect(keyOf(labels('WTT- UK & overseas elec', ['WTT- overseas electricity (generation)', 'Electricity: EU (average)'], 'kWh'), 2016)).toBe('electricity.eu.overseas_electricity_generation.wtt_kwh')
    expect(keyOf(labels('Transmission and distribution', ['T&D- overseas electricity', 'Electricity: Middle East (average)'], 'kWh'), 2016)).toBe('electricity.glo.overseas_electricity_middle_east_average.td_kwh')
    expect(keyOf(labels('Hotel stay', ['Hotel stay', 'China (Hong Kong)'], 'Room per night'), 2018)).toBe('accommodation.hk.hotel_stay.room_per_night')
    expect(keyOf(labels('Hotel stay', ['Hotel stay', 'Germany (Northern region)'], 'Room per night'), 2017)).toBe('accommodation.de.hotel_stay_northern_region.room_per_night')
  })

  it('applies an alias only in the editions it names', () => {
    const hgv = (year: number) => keyOf(labels('Delivery vehicles', ['HGV (non-refrigerated, all diesel)', 'Average non-refrigerated HGVs'], 'km', 'kg CO2e', 'Average laden'), year)
    expect(hgv(2026)).toBe(keyOf(labels('Delivery vehicles', ['HGV (all diesel)', 'All HGVs'], 'km', 'kg CO2e', 'Average laden'), 2016))
    expect(hgv(2025)).not.toBe(hgv(2026))
    for (const a of LABEL_ALIASES) expect(a.editions.length, a.from).toBeGreaterThan(0)
  })

  it('keys refrigerants by gas, the single pre-2022 value continuing as the total column', () => {
    const old = keyOf(labels('Refrigerant & other', ['Kyoto protocol - standard', 'HFC-134a'], 'kg'), 2021)
    const total = keyOf(labels('Refrigerant & other', ['Kyoto protocol products', 'HFC-134a'], 'kg', 'kg CO2e', 'Total emissions including non-Kyoto products'), 2022)
    const kyoto = keyOf(labels('Refrigerant & other', ['Kyoto protocol products', 'HFC-134a'], 'kg', 'kg CO2e', 'Emissions including only Kyoto products'), 2022)
    expect(total).toBe(old)
    expect(total).toBe('refrigerants.gb.hfc_134a.kg')
    expect(kyoto).toBe('refrigerants.gb.hfc_134a_kyoto_products_only.kg')
    // Regrouped gases keep their key: NF3 sat in `Other perfluorinated gases` until 2021.
    expect(keyOf(labels('Refrigerant & other', ['Other perfluorinated gases', 'Nitrogen trifluoride'], 'kg'), 2021))
      .toBe(keyOf(labels('Refrigerant & other', ['Kyoto protocol products', 'Nitrogen trifluoride'], 'kg', 'kg CO2e', 'Total emissions including non-Kyoto products'), 2025))
  })

  it('refuses what is not a GHG factor', () => {
    expect(ukKey(labels('SECR kWh pass & delivery vehs', ['Cars (by size)', 'Average car'], 'km', 'kWh (Net CV)'), 2025)).toMatchObject({ ok: false, reason: 'energy_conversion' })
    expect(ukKey(labels('Fuels', ['Liquid fuels', 'Diesel'], 'litres', 'kWh (Net CV)'), 2025)).toMatchObject({ ok: false, reason: 'not_a_factor' })
    expect(ukKey(labels('Conversions', ['Energy'], 'kWh'), 2025)).toMatchObject({ ok: false, reason: 'out_of_scope' })
  })

  it('only builds keys that match the engine pattern', () => {
    const long = labels('Refrigerant & other', ['Montreal protocol products', 'CFC-12/R12 = dichlorodifluoromethane and a very long tail of words to force the hash'], 'kg', 'kg CO2e', 'Emissions including only non-Kyoto products')
    const k = keyOf(long)
    expect(k).toMatch(FACTOR_KEY_PATTERN)
    for (const seg of k.split('.')) expect(seg.length).toBeLessThanOrEqual(80)
  })
})

describe('helpers', () => {
  it('classifies value column headers of every edition', () => {
    expect(classifyGhg('kg CO2e')).toEqual({ gas: null })
    expect(classifyGhg('kg CH4')).toEqual({ gas: 'ch4' })
    expect(classifyGhg('kg CO2e of N2O')).toEqual({ gas: 'n2o' })
    expect(classifyGhg('kg CO2e of CO2 per unit')).toEqual({ gas: 'co2' })
    expect(classifyGhg('kWh (Net CV)')).toBeNull()
  })
  it('spells unit tokens as the files do', () => {
    expect(unitToken('litres')).toBe('litres')
    expect(unitToken('cubic metres')).toBe('m3')
    expect(unitToken('kWh (Gross CV)')).toBe('kwh_gross_cv')
    expect(unitToken('tonne.km')).toBe('tonne_km')
    expect(unitToken('Room per night')).toBe('room_per_night')
  })
  it('normalises sheet and Level 1 names to one table entry', () => {
    expect(LEVEL1[normalizeLevel1('WTT- pass vehs & travel (land)')]?.title).toBe('WTT- pass vehs & travel- land')
    expect(LEVEL1[normalizeLevel1('UK electricity for Evs')]?.basis).toBe('electricity')
  })
})
