/**
 * Activity descriptions as users write them (the first 272 cases, written before issue 12), with
 * the acceptable answers as key patterns at writing time; eval/dev-set.ts resolves the patterns to
 * source cells against the release build, so the set stays valid when keys are renamed. Several
 * answers are acceptable where the sources publish the same thing twice (e.g. "Passenger vehicles"
 * and "Business travel- land"), or where the choice is the user's (flights with or without
 * radiative forcing). The `set` batches record when a case was written; train and held-out are
 * decided by eval/split.tsv, not by the batch.
 */

export interface EvalCaseSpec {
  description: string
  /** Regular expressions over factor keys; any match is an acceptable answer. */
  accept: string[]
  country?: string
  unit?: string
  note?: string
  /**
   * `holdout`: written after the first tuning, and not tuned on since. `holdout2`: written
   * before the second tuning round; its score before that round is recorded in docs/resolve.md.
   * `holdout3`: written after the second round (German compound splitting came later).
   * `holdout4`: German descriptions written after compound splitting, not tuned on.
   * `holdout5`: units named (hint or text), zone codes and "except" names (issue 3 follow-up).
   */
  set?: 'dev' | 'holdout' | 'holdout2' | 'holdout3' | 'holdout4' | 'holdout5'
}

const UK_DIESEL = String.raw`^fuels\.gb\.liquid_fuels_diesel_(average_biofuel_blend|100_pct_mineral_diesel)\.litres$`
const UK_PETROL = String.raw`^fuels\.gb\.liquid_fuels_petrol_(average_biofuel_blend|100_pct_mineral_petrol)\.litres$`
const UK_ELECTRICITY = String.raw`^electricity\.gb\.electricity_generated\.kwh$`
const grid = (cc: string) => String.raw`^electricity\.${cc}\.grid_average\.location_(ember|emaps)$`
const hotel = (cc: string) => String.raw`^accommodation\.${cc}\.hotel_stay\.room_per_night$`
const car = (fuel: string, unit: string) => String.raw`^transport\.gb\.cars_by_size_average_car_${fuel}\.(business_travel_)?${unit}$`

export const CASES: EvalCaseSpec[] = [
  // Fuels
  { description: 'diesel for our delivery vans, litres', accept: [UK_DIESEL] },
  { description: 'petrol litres', accept: [UK_PETROL] },
  { description: 'Dieselkraftstoff Liter', accept: [UK_DIESEL] },
  { description: 'DERV 2000 litres', accept: [UK_DIESEL] },
  { description: 'desiel litres', accept: [UK_DIESEL], note: 'typo' },
  { description: 'natural gas kWh', accept: [String.raw`^fuels\.gb\.gaseous_fuels_natural_gas\.kwh_gross_cv$`] },
  { description: 'gas used by our boilers, kWh', accept: [String.raw`^fuels\.gb\.gaseous_fuels_natural_gas\.kwh_gross_cv$`] },
  { description: 'natural gas m3', accept: [String.raw`^fuels\.gb\.gaseous_fuels_natural_gas\.m3$`] },
  { description: 'mains gas 12,000 kWh', accept: [String.raw`^fuels\.gb\.gaseous_fuels_natural_gas\.kwh_gross_cv$`] },
  { description: 'LPG litres', accept: [String.raw`^fuels\.gb\.gaseous_fuels_lpg\.litres$`] },
  { description: 'heating oil litres', accept: [String.raw`^fuels\.gb\.liquid_fuels_burning_oil\.litres$`] },
  { description: 'kerosene for heating, litres', accept: [String.raw`^fuels\.gb\.liquid_fuels_burning_oil\.litres$`] },
  { description: 'red diesel for generators, litres', accept: [String.raw`^fuels\.gb\.liquid_fuels_gas_oil\.litres$`] },
  { description: 'gas oil tonnes', accept: [String.raw`^fuels\.gb\.liquid_fuels_gas_oil\.tonnes$`] },
  { description: 'industrial coal tonnes', accept: [String.raw`^fuels\.gb\.solid_fuels_coal_industrial\.tonnes$`] },
  { description: 'coal for domestic heating, tonnes', accept: [String.raw`^fuels\.gb\.solid_fuels_coal_domestic\.tonnes$`] },
  { description: 'propane litres', accept: [String.raw`^fuels\.gb\.gaseous_fuels_propane\.litres$`] },
  { description: 'butane kg', accept: [String.raw`^fuels\.gb\.gaseous_fuels_butane\.(kg|tonnes)$`] },
  { description: 'CNG kg', accept: [String.raw`^fuels\.gb\.gaseous_fuels_cng\.(kg|tonnes)$`] },
  { description: 'jet fuel litres', accept: [String.raw`^fuels\.gb\.liquid_fuels_aviation_turbine_fuel\.litres$`] },
  { description: 'wood pellets tonnes', accept: [String.raw`^bioenergy\.gb\.biomass_wood_pellets\.tonnes$`] },
  { description: 'wood chips tonnes', accept: [String.raw`^bioenergy\.gb\.biomass_wood_chips\.tonnes$`] },
  { description: 'biodiesel litres', accept: [String.raw`^bioenergy\.gb\.biofuel_biodiesel_(me|hvo)\.litres$`] },
  { description: 'bioethanol litres', accept: [String.raw`^bioenergy\.gb\.biofuel_bioethanol\.litres$`] },
  { description: 'fuel oil tonnes', accept: [String.raw`^fuels\.gb\.liquid_fuels_fuel_oil\.tonnes$`] },
  { description: 'CO2 from motor gasoline in vehicles, gallons', accept: [String.raw`^fuels\.us\.motor_gasoline\.mobile_gallon_co2$`], note: 'EPA Hub publishes per gas only' },
  { description: 'diesel fuel CO2 per gallon, US fleet', accept: [String.raw`^fuels\.us\.diesel_fuel\.mobile_gallon_co2$`] },
  { description: 'natural gas CO2 per scf in the US', accept: [String.raw`^fuels\.us\.natural_gas\.stationary_scf_co2$`] },
  { description: 'diesel oil Australia GJ', accept: [String.raw`^fuels\.au\.diesel_oil\.[a-z_]*scope1_gj$`] },
  { description: 'methane from natural gas combustion, kWh', accept: [String.raw`^fuels\.gb\.gaseous_fuels_natural_gas\.kwh_gross_cv_ch4$`], note: 'per-gas key only when a gas is named' },
  { description: 'CO2 part of diesel, litres', accept: [String.raw`^fuels\.gb\.liquid_fuels_diesel_average_biofuel_blend\.litres_co2$`] },
  { description: 'well-to-tank diesel litres', accept: [String.raw`^fuels\.gb\.liquid_fuels_diesel_(average_biofuel_blend|100_pct_mineral_diesel)\.wtt_litres$`] },

  // Electricity
  { description: 'electricity in Texas', accept: [String.raw`^electricity\.us\.(state_tx|egrid_erct)\.location_total_output$`] },
  { description: 'grid electricity UK kWh', accept: [UK_ELECTRICITY] },
  { description: 'mains electricity', accept: [UK_ELECTRICITY] },
  { description: 'purchased electricity for our office', accept: [UK_ELECTRICITY] },
  { description: 'electrcity UK', accept: [UK_ELECTRICITY], note: 'typo' },
  { description: 'Strom Deutschland', accept: [grid('de')] },
  { description: 'electricity France', accept: [grid('fr')] },
  { description: 'power consumption in California', accept: [String.raw`^electricity\.us\.(state_ca|egrid_camx)\.location_total_output$`] },
  { description: 'electricity New York City', accept: [String.raw`^electricity\.us\.(state_ny|egrid_nycw)\.location_total_output$`] },
  { description: 'grid electricity RFCW subregion', accept: [String.raw`^electricity\.us\.egrid_rfcw\.location_total_output$`] },
  { description: 'ERCOT grid power kWh', accept: [String.raw`^electricity\.us\.egrid_erct\.location_total_output$`] },
  { description: 'electricity Florida', accept: [String.raw`^electricity\.us\.(state_fl|egrid_frcc)\.location_total_output$`] },
  { description: 'electricity Washington state', accept: [String.raw`^electricity\.us\.(state_wa|egrid_nwpp)\.location_total_output$`] },
  { description: 'US average grid electricity', accept: [String.raw`^electricity\.us\.national\.location_total_output$`] },
  { description: 'electricity TX', accept: [String.raw`^electricity\.us\.(state_tx|egrid_erct)\.location_total_output$`] },
  { description: 'electricity New South Wales', accept: [String.raw`^electricity\.au\.nsw_act\.location_scope2_kwh$`] },
  { description: 'electricity used in Sydney', accept: [String.raw`^electricity\.au\.nsw_act\.location_scope2_kwh$`] },
  { description: 'electricity Victoria Australia kWh', accept: [String.raw`^electricity\.au\.vic\.location_scope2_kwh$`] },
  { description: 'Queensland grid electricity', accept: [String.raw`^electricity\.au\.qld\.location_scope2_kwh$`] },
  { description: 'electricity in Japan', accept: [grid('jp')] },
  { description: 'India grid electricity', accept: [grid('in')] },
  { description: 'electricity consumption Brazil', accept: [grid('br')] },
  { description: 'electricity Spain kWh', accept: [grid('es')] },
  { description: 'Canadian grid electricity', accept: [grid('ca')] },
  { description: 'electricity China', accept: [grid('cn')] },
  { description: 'Italian electricity', accept: [grid('it')] },
  { description: 'electricity Poland', accept: [grid('pl')] },
  { description: 'grid power', accept: [UK_ELECTRICITY], country: 'GB' },
  { description: 'electricity', accept: [grid('se')], country: 'SE', note: 'country hint' },
  { description: 'T&D losses UK electricity', accept: [String.raw`^electricity\.gb\.uk_electricity\.td_kwh$`] },
  { description: 'district heating kWh', accept: [String.raw`^heat_steam\.gb\.district_heat_and_steam\.kwh$`] },
  { description: 'purchased steam US, CO2 per mmBtu', accept: [String.raw`^heat_steam\.us\.steam_and_heat\.mmbtu_co2$`] },

  // Business travel
  { description: 'flew London to NYC economy', accept: [String.raw`^transport\.gb\.flights_long_haul_to_from_uk_economy_class_with(out)?_rf\.passenger_km$`] },
  { description: 'domestic flight UK passenger km', accept: [String.raw`^transport\.gb\.flights_domestic_to_from_uk_average_passenger_with(out)?_rf\.passenger_km$`] },
  { description: 'short haul flight business class', accept: [String.raw`^transport\.gb\.flights_short_haul_to_from_uk_business_class_with(out)?_rf\.passenger_km$`] },
  { description: 'long-haul flights first class', accept: [String.raw`^transport\.gb\.flights_long_haul_to_from_uk_first_class_with(out)?_rf\.passenger_km$`] },
  { description: 'flight Paris to Berlin', accept: [String.raw`^transport\.gb\.flights_(short_haul_to_from_uk|international_to_from_non_uk)_average_passenger_with(out)?_rf\.passenger_km$`, String.raw`^transport\.(fr|de)\.passenger_flight_[a-z0-9_]*short_haul[a-z0-9_]*\.[a-z0-9_]+$`], note: 'a French or German short-haul factor is as good as the UK one' },
  { description: 'flying Manchester to Edinburgh', accept: [String.raw`^transport\.gb\.flights_domestic_to_from_uk_average_passenger_with(out)?_rf\.passenger_km$`] },
  { description: 'plane ticket London to Sydney, premium economy', accept: [String.raw`^transport\.gb\.flights_long_haul_to_from_uk_premium_economy_class_with(out)?_rf\.passenger_km$`] },
  { description: 'train travel UK passenger km', accept: [String.raw`^transport\.gb\.rail_national_rail\.(business_travel_)?passenger_km$`] },
  { description: 'rail journeys', accept: [String.raw`^transport\.gb\.rail_national_rail\.(business_travel_)?passenger_km$`] },
  { description: 'international rail Eurostar', accept: [String.raw`^transport\.gb\.rail_international_rail\.(business_travel_)?passenger_km$`] },
  { description: 'London Underground tube journeys', accept: [String.raw`^transport\.gb\.rail_london_underground\.(business_travel_)?passenger_km$`] },
  { description: 'taxi ride km', accept: [String.raw`^transport\.gb\.taxis_regular_taxi\.(business_travel_)?(km|passenger_km)$`] },
  { description: 'black cab passenger km', accept: [String.raw`^transport\.gb\.taxis_black_cab\.(business_travel_)?passenger_km$`] },
  { description: 'bus commute passenger km', accept: [String.raw`^transport\.gb\.bus_average_local_bus\.(business_travel_)?passenger_km$`] },
  { description: 'coach trip passenger km', accept: [String.raw`^transport\.gb\.bus_coach\.(business_travel_)?passenger_km$`] },
  { description: 'petrol car miles', accept: [car('petrol', 'miles')] },
  { description: 'diesel car 500 km', accept: [car('diesel', 'km')] },
  { description: 'electric car km', accept: [String.raw`^transport\.gb\.cars_by_size_average_car_battery_electric_vehicle\.[a-z_]*km$`] },
  { description: 'EV mileage, miles', accept: [String.raw`^transport\.gb\.cars_by_size_average_car_battery_electric_vehicle\.[a-z_]*miles$`] },
  { description: 'PHEV miles', accept: [String.raw`^transport\.gb\.cars_by_size_average_car_plug_in_hybrid_electric_vehicle\.[a-z_]*miles$`] },
  { description: 'hybrid car km', accept: [car('hybrid', 'km')] },
  { description: 'company car, fuel unknown, miles', accept: [car('unknown', 'miles')] },
  { description: 'motorbike km', accept: [String.raw`^transport\.gb\.motorbike_average\.(business_travel_)?km$`] },
  { description: 'ferry foot passenger', accept: [String.raw`^transport\.gb\.ferry_foot_passenger\.passenger_km$`] },
  { description: '2 nights in a hotel in Germany', accept: [hotel('de')] },
  { description: 'hotel stay London', accept: [String.raw`^accommodation\.gb\.hotel_stay_london\.room_per_night$`] },
  { description: 'hotel night UK', accept: [hotel('gb')] },
  { description: 'hotel room in New York', accept: [hotel('us')] },
  { description: 'accommodation Japan per night', accept: [hotel('jp')] },
  { description: 'Hotel Frankreich 3 Nächte', accept: [hotel('fr')] },
  { description: 'hotel stay Dubai', accept: [hotel('ae')] },
  { description: 'hotel nights in Spain', accept: [hotel('es')] },

  // Freight
  { description: 'HGV freight 1000 tonne-km', accept: [String.raw`^freight\.gb\.hgv_all_diesel_all_hgvs_average_laden\.freighting_tonne_km$`] },
  { description: 'lorry km', accept: [String.raw`^freight\.gb\.hgv_all_diesel_all_hgvs_average_laden\.(freighting_)?km$`] },
  { description: 'truck deliveries miles', accept: [String.raw`^freight\.gb\.hgv_all_diesel_all_hgvs_average_laden\.(freighting_)?miles$`] },
  { description: 'delivery van diesel miles', accept: [String.raw`^freight\.gb\.vans_average_up_to_3_5_tonnes_diesel\.(freighting_)?miles$`] },
  { description: 'container ship tonne km', accept: [String.raw`^freight\.gb\.cargo_ship_container_ship_average\.freighting_tonne_km$`] },
  { description: 'air freight long haul tonne-km', accept: [String.raw`^freight\.gb\.freight_flights_long_haul_to_from_uk_with(out)?_rf\.freighting_tonne_km$`] },
  { description: 'rail freight tonne km', accept: [String.raw`^freight\.gb\.rail_freight_train\.freighting_tonne_km$`] },
  { description: 'refrigerated HGV tonne-km', accept: [String.raw`^freight\.gb\.hgv_refrigerated_all_diesel_all_hgvs_average_laden\.freighting_tonne_km$`] },
  { description: 'electric van km', accept: [String.raw`^freight\.gb\.vans_average_up_to_3_5_tonnes_battery_electric_vehicle\.(freighting_|electricity_)?km$`] },

  // Waste, water, refrigerants, homeworking
  { description: 'construction concrete waste to landfill, tonnes', accept: [String.raw`^waste\.gb\.construction_concrete_landfill\.tonnes$`] },
  { description: 'food waste composting', accept: [String.raw`^waste\.gb\.[a-z_]*food[a-z_]*compost[a-z_]*\.tonnes$`] },
  { description: 'water supply m3', accept: [String.raw`^water\.gb\.water_supply\.[a-z_]*(m3|cubic_metres)[a-z_]*$`] },
  { description: 'wastewater treatment cubic metres', accept: [String.raw`^water\.gb\.water_treatment\.[a-z_]*(m3|cubic_metres)[a-z_]*$`] },
  { description: 'R410A refrigerant leakage kg', accept: [String.raw`^refrigerants\.gb\.r410a\.kg$`] },
  { description: 'homeworking hours', accept: [String.raw`^homeworking\.gb\.homeworking_office_equipment_plus_heating\.fte_working_hour$`] },

  // Construction materials (ÖKOBAUDAT / DESNZ)
  { description: '50 t of C30/37 concrete', accept: [String.raw`^materials\.concrete\.ready_mix\.c30_37_(average|generic)$`] },
  { description: 'Beton C25/30 m3', accept: [String.raw`^materials\.concrete\.ready_mix\.c25_30$`] },
  { description: 'ready mix concrete C20/25', accept: [String.raw`^materials\.concrete\.ready_mix\.c20_25_(average|generic)$`] },
  { description: 'Transportbeton C35/45', accept: [String.raw`^materials\.concrete\.ready_mix\.c35_45$`] },
  { description: 'structural steel sections', accept: [String.raw`^materials\.steel\.structural_section\.(generic|plates)$`] },
  { description: 'Mineralwolle Dämmung Fassade', accept: [String.raw`^materials\.insulation\.mineral_wool\.facade$`] },
  { description: 'mineral wool insulation for pitched roof', accept: [String.raw`^materials\.insulation\.mineral_wool\.pitched_roof$`] },
  { description: 'clay bricks', accept: [String.raw`^materials\.brick\.fired_clay\.generic$`, String.raw`^materials\.construction\.bricks\.primary_material_production$`] },
  { description: 'cement CEM II 42.5', accept: [String.raw`^materials\.cement\.cement\.cem_ii_42_5$`] },
  { description: 'copper pipes', accept: [String.raw`^materials\.copper\.pipes\.[a-z0-9_]+$`] },
  { description: 'aluminium sheets kg', accept: [String.raw`^materials\.aluminium\.sheets\.[a-z0-9_]+$`] },
  { description: 'flat glass panes m2', accept: [String.raw`^materials\.glazing_infill\.transparent\.(glass_bundesverband_flachglas_e_v_flat_glass|flat_glass_guardian_flat_glass_(un)?coated)$`] },
  { description: 'plasterboard tonnes', accept: [String.raw`^materials\.construction\.plasterboard\.primary_material_production$`, String.raw`^materials\.plasterboard\.gypsum\.plaster_board_[a-z0-9_]+$`] },
  { description: 'Holzfaserdämmplatte', accept: [String.raw`^materials\.insulation\.wood_fibre_boards\.[a-z0-9_]+$`] },

  // Spend (EEIO)
  { description: 'USD spent on cement', accept: [String.raw`^spend\.us\.naics_327310_cement_manufacturing\.with_margins$`] },
  { description: '$ spend on office furniture', accept: [String.raw`^spend\.us\.naics_3372[0-9]{2}_[a-z_]*office_furniture[a-z_0-9]*\.with_margins$`] },
  { description: 'scheduled air transportation spend USD', accept: [String.raw`^spend\.us\.naics_481111_[a-z_0-9]+\.with_margins$`] },
  { description: 'computers purchased, $', accept: [String.raw`^spend\.us\.naics_33411[0-9]_[a-z_0-9]+\.with_margins$`] },

  // Held-out: written after tuning (2026-11-22, 01:10 UTC), to measure how the ranking generalises.
  ...([
    { description: 'unleaded petrol 40 litres', accept: [UK_PETROL] },
    { description: 'company vans, diesel, km', accept: [String.raw`^freight\.gb\.vans_average_up_to_3_5_tonnes_diesel\.(freighting_)?km$`] },
    { description: 'electricity usage Germany kWh', accept: [grid('de')] },
    { description: 'UK grid kWh', accept: [UK_ELECTRICITY] },
    { description: 'Netherlands electricity', accept: [grid('nl')] },
    { description: 'Mexico grid power', accept: [grid('mx')] },
    { description: 'hotel in Paris', accept: [hotel('fr')] },
    { description: 'hotel stay Singapore 3 nights', accept: [hotel('sg')] },
    { description: 'economy flight to Tokyo from London', accept: [String.raw`^transport\.gb\.flights_long_haul_to_from_uk_economy_class_with(out)?_rf\.passenger_km$`] },
    { description: 'domestic flights', accept: [String.raw`^transport\.gb\.flights_domestic_to_from_uk_average_passenger_with(out)?_rf\.passenger_km$`] },
    { description: 'train Edinburgh to London', accept: [String.raw`^transport\.gb\.rail_national_rail\.(business_travel_)?passenger_km$`] },
    { description: 'taxi journeys passenger km', accept: [String.raw`^transport\.gb\.taxis_regular_taxi\.(business_travel_)?passenger_km$`] },
    { description: 'medium petrol car km', accept: [String.raw`^transport\.gb\.cars_by_size_medium_car_petrol\.(business_travel_)?km$`] },
    { description: 'large diesel car miles', accept: [String.raw`^transport\.gb\.cars_by_size_large_car_diesel\.(business_travel_)?miles$`] },
    { description: 'small electric car km', accept: [String.raw`^transport\.gb\.cars_by_size_small_car_battery_electric_vehicle\.[a-z_]*km$`] },
    { description: 'motorcycle miles', accept: [String.raw`^transport\.gb\.motorbike_average\.(business_travel_)?miles$`] },
    { description: 'articulated lorry tonne km', accept: [String.raw`^freight\.gb\.hgv_all_diesel_all_artics_average_laden\.freighting_tonne_km$`] },
    { description: 'bulk carrier shipping tonne-km', accept: [String.raw`^freight\.gb\.cargo_ship_bulk_carrier_average\.freighting_tonne_km$`] },
    { description: 'natural gas for heating, kWh gross', accept: [String.raw`^fuels\.gb\.gaseous_fuels_natural_gas\.kwh_gross_cv$`] },
    { description: 'LNG litres', accept: [String.raw`^fuels\.gb\.gaseous_fuels_lng\.litres$`] },
    { description: 'aviation spirit litres', accept: [String.raw`^fuels\.gb\.liquid_fuels_aviation_spirit\.litres$`] },
    { description: 'wood logs tonnes', accept: [String.raw`^bioenergy\.gb\.biomass_wood_logs\.tonnes$`] },
    { description: 'food waste sent to landfill', accept: [String.raw`^waste\.gb\.refuse_organic_food_and_drink_waste_landfill\.tonnes$`] },
    { description: 'paper recycling tonnes', accept: [String.raw`^waste\.gb\.paper_paper_and_board_(paper|mixed)_closed_loop\.tonnes$`] },
    { description: 'HFC-134a top-up kg', accept: [String.raw`^refrigerants\.gb\.hfc_134a\.kg$`] },
    { description: 'C25/30 concrete', accept: [String.raw`^materials\.concrete\.ready_mix\.c25_30$`] },
    { description: 'Zement CEM III 42,5', accept: [String.raw`^materials\.cement\.cement\.cem_iii_42_5$`] },
    { description: 'hot dip galvanized steel sheet', accept: [String.raw`^materials\.steel\.sheet\.(20_m_)?hot_dip_galvanized[a-z0-9_]*$`] },
    { description: 'electricity Arizona', accept: [String.raw`^electricity\.us\.(state_az|egrid_aznm)\.location_total_output$`] },
    { description: 'electricity in Tasmania', accept: [String.raw`^electricity\.au\.tas\.location_scope2_kwh$`] },
    { description: 'Western Australia electricity kWh', accept: [String.raw`^electricity\.au\.wa_(swis|nwis)\.(location|grid)_scope2_kwh$`] },
    { description: 'spend on restaurants USD', accept: [String.raw`^spend\.us\.naics_7225[0-9]{2}_[a-z_0-9]+\.with_margins$`] },
    { description: 'tap water cubic metres', accept: [String.raw`^water\.gb\.water_supply\.m3$`] },
    { description: 'ferry car passenger', accept: [String.raw`^transport\.gb\.ferry_car_passenger\.passenger_km$`] },
  ] satisfies EvalCaseSpec[]).map((c): EvalCaseSpec => ({ ...c, set: 'holdout' })),
  // Held-out 2: written 2026-11-22 01:50 UTC, before the second tuning round (issue 3 follow-up).
  // Answers found by reading the release build, not by running resolve.
  ...([
    // Fuels
    { description: 'gasoline for the fleet, litres', accept: [UK_PETROL] },
    { description: 'Heizöl 3000 Liter', accept: [String.raw`^fuels\.gb\.liquid_fuels_(burning_oil|gas_oil)\.litres$`], note: 'heating oil: burning oil (kerosene) or gas oil (Heizöl EL)' },
    { description: 'Erdgas 50000 kWh', accept: [String.raw`^fuels\.gb\.gaseous_fuels_natural_gas\.kwh_gross_cv$`] },
    { description: 'propane cylinders, kg', accept: [String.raw`^fuels\.gb\.gaseous_fuels_propane\.tonnes$`] },
    { description: 'HVO fuel litres', accept: [String.raw`^bioenergy\.gb\.biofuel_biodiesel_hvo\.litres$`] },
    { description: 'diesel in Australia, litres', accept: [String.raw`^fuels\.au\.diesel_oil\.liquid_scope1_litre$`] },
    { description: 'gasoline gallons, US fleet', accept: [UK_PETROL, String.raw`^fuels\.us\.motor_gasoline\.mobile_gallon_co2$`], note: 'EPA publishes US fuels per gas only: the UK CO2e total (mismatch) or the US CO2 row' },
    { description: 'LPG for forklifts kg', accept: [String.raw`^fuels\.gb\.gaseous_fuels_lpg\.tonnes$`] },
    { description: 'petrl 25 litres', accept: [UK_PETROL], note: 'typo' },
    // Electricity
    { description: 'electricity Ohio', accept: [String.raw`^electricity\.us\.(state_oh|egrid_rfcw)\.location_total_output$`] },
    { description: 'power usage Chicago office', accept: [String.raw`^electricity\.us\.(state_il|egrid_rfcw)\.location_total_output$`] },
    { description: 'Stromverbrauch Österreich', accept: [grid('at')] },
    { description: 'electricity Sweden kWh', accept: [grid('se')] },
    { description: 'South Africa grid electricity', accept: [grid('za')] },
    { description: 'electricity Ontario', accept: [String.raw`^electricity\.ca\.electricity_energy_source_grid_mix(_location_based)?_on\.(ghg_protocol|unfccc_ar4)$`] },
    { description: 'grid electricity Melbourne', accept: [String.raw`^electricity\.au\.vic\.location_scope2_kwh$`] },
    { description: 'Korean electricity kWh', accept: [grid('kr')] },
    { description: 'electricty Ireland', accept: [grid('ie')], note: 'typo' },
    { description: 'electricity bill Seattle office kWh', accept: [String.raw`^electricity\.us\.(state_wa|egrid_nwpp)\.location_total_output$`] },
    { description: 'elec kWh UK', accept: [UK_ELECTRICITY], note: 'abbreviation' },
    // Travel
    { description: 'flight New York to London business class', accept: [String.raw`^transport\.gb\.flights_long_haul_to_from_uk_business_class_with(out)?_rf\.passenger_km$`] },
    { description: 'short-haul economy flights', accept: [String.raw`^transport\.gb\.flights_short_haul_to_from_uk_economy_class_with(out)?_rf\.passenger_km$`] },
    { description: 'Uber rides km', accept: [String.raw`^transport\.gb\.taxis_regular_taxi\.(business_travel_)?(km|passenger_km)$`] },
    { description: 'hotel Berlin 2 nights', accept: [hotel('de')] },
    { description: 'hotel stay in Australia', accept: [hotel('au')] },
    { description: 'hotel nights USA', accept: [hotel('us')] },
    { description: 'average car km', accept: [car('unknown', 'km')] },
    { description: 'tram passenger km', accept: [String.raw`^transport\.gb\.rail_light_rail_and_tram\.(business_travel_)?passenger_km$`] },
    { description: 'business travel by bus', accept: [String.raw`^transport\.gb\.bus_average_local_bus\.(business_travel_)?passenger_km$`] },
    { description: 'Dienstwagen Diesel km', accept: [car('diesel', 'km')] },
    // Freight
    { description: 'petrol van deliveries km', accept: [String.raw`^freight\.gb\.vans_average_up_to_3_5_tonnes_petrol\.(freighting_)?km$`] },
    { description: 'road freight tonne km', accept: [String.raw`^freight\.gb\.hgv_all_diesel_all_hgvs_average_laden\.freighting_tonne_km$`] },
    { description: 'rigid truck tonne-km', accept: [String.raw`^freight\.gb\.hgv_all_diesel_all_rigids_average_laden\.freighting_tonne_km$`] },
    { description: 'air cargo short haul tkm', accept: [String.raw`^freight\.gb\.freight_flights_short_haul_to_from_uk_with(out)?_rf\.freighting_tonne_km$`] },
    { description: 'Lkw Transport tkm', accept: [String.raw`^freight\.gb\.hgv_all_diesel_all_hgvs_average_laden\.freighting_tonne_km$`] },
    // Waste and water
    { description: 'general waste to landfill tonnes', accept: [String.raw`^waste\.gb\.refuse_(commercial_and_industrial_waste|household_residual_waste)_landfill\.tonnes$`] },
    { description: 'cardboard recycling tonnes', accept: [String.raw`^waste\.gb\.paper_paper_and_board_board_closed_loop\.tonnes$`] },
    { description: 'glass waste recycled', accept: [String.raw`^waste\.gb\.other_glass_(closed|open)_loop\.tonnes$`] },
    { description: 'WEEE to landfill tonnes', accept: [String.raw`^waste\.gb\.electrical_items_weee_mixed_landfill\.tonnes$`] },
    { description: 'water consumption m3', accept: [String.raw`^water\.gb\.water_supply\.m3$`] },
    { description: 'sewage treatment m3', accept: [String.raw`^water\.gb\.water_treatment\.m3$`] },
    // Materials
    { description: 'Brettschichtholz m3', accept: [String.raw`^materials\.timber\.glulam\.(standard|special)_shapes_average_20(17|20)$`] },
    { description: 'EPS insulation boards', accept: [String.raw`^materials\.insulation\.eps_(white|grey)\.[a-z0-9_]+$`] },
    { description: 'Gipskartonplatte', accept: [String.raw`^materials\.plasterboard\.gypsum\.(plaster_board_[a-z0-9_]+|knauf_type_a_[a-z0-9_]+)$`, String.raw`^materials\.construction\.plasterboard\.primary_material_production$`] },
    { description: 'gravel tonnes', accept: [String.raw`^materials\.aggregate\.sand_gravel\.(grain_size_2_32|2_32_dried)$`, String.raw`^materials\.construction\.aggregates\.primary_material_production$`] },
    // Spend
    { description: 'software licences $', accept: [String.raw`^spend\.us\.naics_511210_software_publishers\.with_margins$`] },
    { description: 'legal fees USD', accept: [String.raw`^spend\.us\.naics_5411(10|99)_[a-z_0-9]+\.with_margins$`] },
    { description: 'hotel spend USD', accept: [String.raw`^spend\.us\.naics_721110_[a-z_0-9]+\.with_margins$`] },
    { description: 'courier services spend $', accept: [String.raw`^spend\.us\.naics_492110_[a-z_0-9]+\.with_margins$`] },
    { description: 'trucking services USD', accept: [String.raw`^spend\.us\.naics_4841(10|21|22)_[a-z_0-9]+\.with_margins$`] },
    // Refrigerants
    { description: 'R-32 leakage kg', accept: [String.raw`^refrigerants\.gb\.hfc_32(_kyoto_products_only)?\.kg$`] },
    { description: 'R404A refill', accept: [String.raw`^refrigerants\.gb\.r404a(_kyoto_products_only)?\.kg$`] },
    { description: 'SF6 switchgear leak kg', accept: [String.raw`^refrigerants\.gb\.sulphur_hexafluoride_sf6(_kyoto_products_only)?\.kg$`] },
  ] satisfies EvalCaseSpec[]).map((c): EvalCaseSpec => ({ ...c, set: 'holdout2' })),
  // Held-out 3: written 2026-11-22 01:42 UTC, after the second tuning round and not tuned on,
  // to measure that round on descriptions it has not seen. Answers found by reading the release.
  ...([
    { description: 'Benzin 60 Liter', accept: [UK_PETROL] },
    { description: 'diesel kWh', accept: [String.raw`^fuels\.gb\.liquid_fuels_diesel_(average_biofuel_blend|100_pct_mineral_diesel)\.kwh_gross_cv$`] },
    { description: 'kerosene tonnes', accept: [String.raw`^fuels\.gb\.liquid_fuels_burning_oil\.tonnes$`] },
    { description: 'biogas kWh', accept: [String.raw`^bioenergy\.gb\.biogas\.kwh$`] },
    { description: 'wood pellet boiler kWh', accept: [String.raw`^bioenergy\.gb\.biomass_wood_pellets\.kwh$`] },
    { description: 'electricity Denmark', accept: [grid('dk')] },
    { description: 'electricity in Pennsylvania', accept: [String.raw`^electricity\.us\.(state_pa|egrid_rfce|egrid_rfcw)\.location_total_output$`] },
    { description: 'power grid Brisbane', accept: [String.raw`^electricity\.au\.qld\.location_scope2_kwh$`, String.raw`^electricity\.au\.grid_au_qld\.location_emaps$`] },
    { description: 'electricity Alberta', accept: [String.raw`^electricity\.ca\.electricity_energy_source_grid_mix(_location_based)?_ab\.(ghg_protocol|unfccc_ar4)$`, String.raw`^electricity\.ca\.grid_ca_ab\.location_emaps$`] },
    { description: 'electricity Taiwan', accept: [grid('tw')] },
    { description: 'Strom Schweiz', accept: [grid('ch')] },
    { description: 'return flight London to Madrid', accept: [String.raw`^transport\.gb\.flights_short_haul_to_from_uk_[a-z_]+_with(out)?_rf\.passenger_km$`] },
    { description: 'premium economy long haul', accept: [String.raw`^transport\.gb\.flights_long_haul_to_from_uk_premium_economy_class_with(out)?_rf\.passenger_km$`] },
    { description: 'hotel Tokyo', accept: [hotel('jp')] },
    { description: 'hotel stay Canada 4 nights', accept: [hotel('ca')] },
    { description: 'large petrol car km', accept: [String.raw`^transport\.gb\.cars_by_size_large_car_petrol\.(business_travel_)?km$`] },
    { description: 'Reisebus Personenkilometer', accept: [String.raw`^transport\.gb\.bus_coach\.(business_travel_)?passenger_km$`] },
    { description: 'general cargo ship tkm', accept: [String.raw`^freight\.gb\.cargo_ship_general_cargo_average\.freighting_tonne_km$`] },
    { description: 'plastic waste incineration tonnes', accept: [String.raw`^waste\.gb\.plastic_plastics_average_plastics_combustion\.tonnes$`] },
    { description: 'garden waste compost', accept: [String.raw`^waste\.gb\.refuse_organic_garden_waste_composting\.tonnes$`] },
    { description: 'scrap metal recycling', accept: [String.raw`^waste\.gb\.metal_metal_scrap_metal_(closed|open)_loop\.tonnes$`] },
    { description: 'waste water m3', accept: [String.raw`^water\.gb\.water_treatment\.m3$`] },
    { description: 'Kalksandstein', accept: [String.raw`^materials\.masonry\.sand_lime_brick\.generic_(average|generic)$`] },
    { description: 'rock wool insulation', accept: [String.raw`^materials\.insulation\.mineral_wool\.[a-z0-9_]+$`] },
    { description: 'advertising spend $', accept: [String.raw`^spend\.us\.naics_541810_[a-z_0-9]+\.with_margins$`] },
    { description: 'telecom services USD', accept: [String.raw`^spend\.us\.naics_51731[12]_[a-z_0-9]+\.with_margins$`] },
    { description: 'accounting fees $', accept: [String.raw`^spend\.us\.naics_5412(11|19)_[a-z_0-9]+\.with_margins$`] },
    { description: 'R407C kg', accept: [String.raw`^refrigerants\.gb\.r407c(_kyoto_products_only)?\.kg$`] },
    { description: 'HFC-125 leakage', accept: [String.raw`^refrigerants\.gb\.hfc_125(_kyoto_products_only)?\.kg$`] },
  ] satisfies EvalCaseSpec[]).map((c): EvalCaseSpec => ({ ...c, set: 'holdout3' })),
  // Held-out 4: written 2026-11-22 ~01:55 UTC after German compound splitting was added, not tuned
  // on: German descriptions as people type them, most of them compound words.
  ...([
    { description: 'Firmenwagen Diesel km', accept: [car('diesel', 'km')] },
    { description: 'Stromverbrauch Büro Deutschland kWh', accept: [grid('de')] },
    { description: 'Erdgasverbrauch m3', accept: [String.raw`^fuels\.gb\.gaseous_fuels_natural_gas\.m3$`] },
    { description: 'Heizölverbrauch Liter', accept: [String.raw`^fuels\.gb\.liquid_fuels_(burning_oil|gas_oil)\.litres$`] },
    { description: 'Dieselverbrauch Lkw Liter', accept: [UK_DIESEL] },
    { description: 'Flugreise Langstrecke', accept: [String.raw`^transport\.gb\.flights_long_haul_to_from_uk_(average_passenger|economy_class)_with(out)?_rf\.passenger_km$`] },
    { description: 'Bahnfahrt Personenkilometer', accept: [String.raw`^transport\.gb\.rail_national_rail\.(business_travel_)?passenger_km$`] },
    { description: 'Hotelübernachtung Spanien', accept: [hotel('es')] },
    { description: 'Restmüll Tonnen', accept: [String.raw`^waste\.gb\.refuse_(commercial_and_industrial_waste|household_residual_waste)_(landfill|combustion)\.tonnes$`] },
    { description: 'Altpapier Recycling', accept: [String.raw`^waste\.gb\.paper_paper_and_board_(paper|mixed)_closed_loop\.tonnes$`] },
    { description: 'Wasserverbrauch m3', accept: [String.raw`^water\.gb\.water_supply\.m3$`] },
    { description: 'Kältemittel R134a kg', accept: [String.raw`^refrigerants\.gb\.hfc_134a(_kyoto_products_only)?\.kg$`] },
    { description: 'Stahlträger', accept: [String.raw`^materials\.steel\.structural_section\.(generic|plates)$`] },
    { description: 'Holzfaserdämmung', accept: [String.raw`^materials\.insulation\.wood_fibre_boards\.[a-z0-9_]+$`] },
    { description: 'Dachziegel', accept: [String.raw`^materials\.roof_tile\.clay\.generic_(average|generic)$`] },
    { description: 'Mineralwolle Dämmung Flachdach', accept: [String.raw`^materials\.insulation\.mineral_wool\.flat_roof$`] },
  ] satisfies EvalCaseSpec[]).map((c): EvalCaseSpec => ({ ...c, set: 'holdout4' })),
  // Held-out 5: written 2026-11-22 ~02:15 UTC from issue 3's follow-up, before the unit work:
  // a unit named (hint or text) must be honoured, zone codes are not words, "except X" is not X.
  ...([
    { description: 'gasoline', country: 'US', unit: 'gallon', accept: [String.raw`^fuels\.us\.motor_gasoline\.(mobile|stationary)_gallon_co2$`] },
    { description: 'diesel', country: 'US', unit: 'gallon', accept: [String.raw`^fuels\.us\.diesel_fuel\.mobile_gallon_co2$`, String.raw`^fuels\.us\.distillate_fuel_oil_no_2\.stationary_gallon_co2$`] },
    { description: 'propane', unit: 'gallon', accept: [String.raw`^fuels\.us\.propane\.stationary_gallon_co2$`] },
    { description: 'diesel gallons', accept: [String.raw`^fuels\.us\.diesel_fuel\.mobile_gallon_co2$`, String.raw`^fuels\.us\.distillate_fuel_oil_no_2\.stationary_gallon_co2$`] },
    { description: 'natural gas therms', accept: [String.raw`^fuels\.gb\.gaseous_fuels_natural_gas\.kwh_(gross|net)_cv$`] },
    { description: 'EV charging UK kWh', accept: [UK_ELECTRICITY, grid('gb')] },
    { description: 'electric car charging kWh', accept: [UK_ELECTRICITY, String.raw`^electricity\.glo\.(grid_average\.location_ember|electricity_energy_source_grid_mix\.ghg_protocol_ar4)$`] },
    { description: 'laptops $', accept: [String.raw`^spend\.us\.naics_334111_[a-z_]+\.with_margins$`] },
    { description: 'desktop PCs spend', accept: [String.raw`^spend\.us\.naics_334111_[a-z_]+\.with_margins$`] },
    { description: 'office paper purchases $', accept: [String.raw`^spend\.us\.naics_(322121|322230|424120)_[a-z_]+\.with_margins$`] },
    { description: 'electricity Germany MWh', accept: [grid('de')] },
  ] satisfies EvalCaseSpec[]).map((c): EvalCaseSpec => ({ ...c, set: 'holdout5' })),
]
