/**
 * Recorded reasons for values the magnitude check marks (`magnitude.ts`), keyed by factor key.
 * Each was read against its file: the value is as published and the gap is real. A key listed
 * here is still listed in the build report, with its reason.
 */
export const MAGNITUDE_REASONS: Readonly<Record<string, string>> = {
  'fuels.au.hydrogen.gaseous_scope1_gj': 'hydrogen burns without CO2: NGA Table 5 gives CH4 and N2O only (0 kg CO2/GJ), far below fossil gases',
  'fuels.au.hydrogen.gaseous_scope1_m3': 'hydrogen burns without CO2: the summary sheet product of its CH4 + N2O factor and energy content',
  'bioenergy.nz.fuel_type_biodiesel_fuel_use_transport.mfe_ar4': 'biofuel: the NZ MfE factor counts CH4 and N2O only (biogenic CO2 is not in scope 1), far below fossil fuels',
  'bioenergy.nz.fuel_type_bioethanol_fuel_use_transport.mfe_ar4': 'biofuel: the NZ MfE factor counts CH4 and N2O only (biogenic CO2 is not in scope 1), far below fossil fuels',
  'refrigerants.glo.fugitive_gas_type_acetaldehyde.ghg_protocol_ar4': 'a gas with a GWP of 1 listed beside refrigerants whose GWPs are in the thousands',
  'refrigerants.glo.fugitive_gas_type_acetone.ghg_protocol_ar4': 'a gas with a GWP of 1 listed beside refrigerants whose GWPs are in the thousands',
  'refrigerants.glo.fugitive_gas_type_carbon_dioxide.ghg_protocol': 'CO2 itself: GWP 1, beside refrigerants whose GWPs are in the thousands',
  'refrigerants.glo.fugitive_gas_type_dimethylether.ghg_protocol_ar4': 'a gas with a GWP of 1 listed beside refrigerants whose GWPs are in the thousands',
  'spend.no.transport_services_type_route_type_inland_water_transportation_services.exiobase':
    'as published (EXIOBASE, Norway inland water transport, 589.6609 kg CO2e per EUR); the CSV cell holds exactly this; an outlier of the model, not a unit slip we can correct',
  'materials.building_services.heat_distribution_dissipation.mineral_wool_insulation_panel': 'C3 is waste processing of an inert mineral product, near zero beside its production (A1-A3)',
  'materials.building_services.heat_distribution_dissipation.mineral_wool_pipe_jacket': 'C3 is waste processing of an inert mineral product, near zero beside its production (A1-A3)',
  'materials.aggregate.dry_filling_material.fill_cemwood_gmbh_levelling_fill': 'A1-A3 includes the biogenic uptake of the wood-based fill (negative); C4 is landfill only',
}
