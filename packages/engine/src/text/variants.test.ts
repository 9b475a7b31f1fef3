import { describe, expect, it } from 'vitest'
import type { FactorRow } from '../release/schema.ts'
import { askedVariants, rowVariants, variantWeight } from './variants.ts'

function row(key: string, name: string, section = 'Fuels', unit = 'kg CO2e per litre'): FactorRow {
  return { key, name, value: 1, unit, scope: 'scope_1', section, country: 'gb', source_id: 'x', cell_ref: 'c' }
}

describe('variants', () => {
  it('ranks well-to-tank below the plain factor unless asked', () => {
    const wtt = rowVariants(row('fuels.gb.diesel.wtt_litres', 'WTT- fuels: Diesel', 'WTT- fuels > Diesel'))
    const plain = rowVariants(row('fuels.gb.diesel.litres', 'Fuels: Diesel'))
    expect(plain).toBe(0)
    expect(variantWeight(wtt, askedVariants('diesel litres'))).toBe(0.5)
    expect(variantWeight(wtt, askedVariants('well-to-tank diesel'))).toBe(1)
  })
  it('spots net CV, refrigerated (not non-refrigerated) and laden shares', () => {
    expect(rowVariants(row('fuels.gb.gas.kwh_net_cv', 'Gas', 'Fuels', 'kg CO2e per kWh (Net CV)'))).not.toBe(0)
    expect(rowVariants(row('freight.gb.hgv.km', 'HGV (non-refrigerated, all diesel), Average laden'))).toBe(0)
    expect(rowVariants(row('freight.gb.hgv_r.km', 'HGV (refrigerated, all diesel), 100% Laden'))).not.toBe(0)
  })
  it('ranks off-grid electricity below the grid unless asked ("grid electricity" is not off-grid)', () => {
    const offGrid = rowVariants(row('electricity.au.off_grid.grid_scope2_kwh', 'Off-grid: scope 2 emission factor per kWh', 'Electricity'))
    expect(rowVariants(row('electricity.au.vic.location_scope2_kwh', 'Victoria: scope 2 emission factor per kWh', 'Electricity'))).toBe(0)
    expect(variantWeight(offGrid, askedVariants('grid electricity Melbourne'))).toBe(0.5)
    expect(variantWeight(offGrid, askedVariants('off-grid site electricity'))).toBe(1)
  })
  it('marks the spend factors without margins (producer price), whose method is the key\'s last segment', () => {
    const key = (m: string) => `spend.us.naics_326122_plastics_pipe_and_pipe_fitting_manufacturing.${m}`
    const without = rowVariants(row(key('without_margins'), 'Plastics pipe, without margins', 'Supply chain'))
    expect(without).not.toBe(0)
    expect(rowVariants(row(key('with_margins'), 'Plastics pipe, with margins', 'Supply chain'))).toBe(0)
    expect(variantWeight(without, askedVariants('PVC pipe fittings'))).toBe(0.5)
    expect(variantWeight(without, askedVariants('PVC pipe fittings at producer price'))).toBe(1)
  })
  it('marks the IFI operating and build margins of a grid, whose method is the key\'s last segment', () => {
    const ifi = rowVariants(row('electricity.ad.grid.ifi_cm_consumption', 'Andorra combined margin', 'IFI grid factors', 'kg CO2e per kWh'))
    expect(variantWeight(ifi, askedVariants('electricity Andorra'))).toBe(0.5)
    expect(variantWeight(ifi, askedVariants('combined margin electricity Andorra'))).toBe(1)
  })
  it('marks market-based electricity only: cars by market segment and fish markets are not it', () => {
    const residual = rowVariants(row('electricity.at.electricity_energy_source_grid_mix_residual_mix_market_based.ghg_protocol', 'Purchased electricity - Grid mix - Residual mix - Market based, AT', 'Electricity'))
    expect(variantWeight(residual, askedVariants('electricity Austria'))).toBe(0.5)
    expect(variantWeight(residual, askedVariants('market-based electricity Austria'))).toBe(1)
    expect(rowVariants(row('electricity.au.national.market_scope2_kwh', 'National: market-based scope 2', 'Electricity'))).not.toBe(0)
    expect(rowVariants(row('transport.gb.cars_by_market_segment_dual_purpose_4x4_diesel.km', 'Cars (by market segment): Dual purpose 4X4, Diesel', 'Business travel- land'))).toBe(0)
    expect(rowVariants(row('spend.us.naics_445220_fish_and_seafood_markets.with_margins', 'Fish and Seafood Markets', 'Supply chain'))).toBe(0)
    expect(askedVariants('marketing consulting USD')).toBe(0)
  })
  it('marks coking coal, the steelworks\' coal, below coal burnt for heat or power unless asked', () => {
    const coking = rowVariants(row('fuels.gb.solid_fuels_coking_coal.tonnes', 'Fuels: Solid fuels, Coking coal, per tonne', 'Fuels', 'kg CO2e per tonne'))
    expect(rowVariants(row('fuels.gb.solid_fuels_coal_industrial.tonnes', 'Fuels: Solid fuels, Coal (industrial), per tonne', 'Fuels', 'kg CO2e per tonne'))).toBe(0)
    expect(variantWeight(coking, askedVariants('coal tonnes'))).toBe(0.5)
    expect(variantWeight(coking, askedVariants('coking coal for the blast furnace'))).toBe(1)
  })
  it('marks electricity from one named source below the grid unless the source is asked for', () => {
    const hydro = rowVariants(row('electricity.de.electricity_from_hydropower.oekobaudat', 'Electricity from hydropower', 'Strom', 'kg CO2e per kWh'))
    const nuclear = rowVariants(row('electricity.fr.electricity_energy_source_nuclear_plant.ademe', 'Nuclear plant, FR', 'Energy > Electricity', 'kg CO2e per kWh'))
    // (ÖKOBAUDAT's rows are also LCA processes, which halves them once more.)
    expect(variantWeight(hydro, askedVariants('Strom Deutschland'))).toBe(variantWeight(hydro, askedVariants('Strom aus Wasserkraft')) / 2)
    expect(variantWeight(nuclear, askedVariants('electricity France kWh'))).toBe(0.5)
    expect(variantWeight(nuclear, askedVariants('nuclear power France'))).toBe(1)
    // A grid mix is the grid, whatever the source calls its column.
    expect(rowVariants(row('electricity.fr.electricity_energy_source_grid_mix.ademe_2020', 'Grid mix, FR', 'Energy > Electricity', 'kg CO2e per kWh'))).toBe(0)
    expect(rowVariants(row('electricity.de.grid_average.location_emaps', 'Germany grid average', 'Electricity', 'kg CO2e per kWh'))).toBe(0)
  })
})
