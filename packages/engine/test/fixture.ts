/**
 * A small, clearly fake release for unit tests (values are made up; nothing here is served).
 * Shaped like the real corpus: UK-style fuels with per-gas keys, grids by country and eGRID
 * subregion, hotel nights, flights, a secondary-source duplicate and one material with modules.
 */
import type { Edition, FactorRow, ReleaseArtifact } from '../src/release/schema.ts'
import { RESOLVE_MODEL } from '../src/resolve/model-data.ts'

function edition(id: string, dataset: string): Edition {
  return {
    id,
    dataset,
    edition: '2099',
    title: `Test edition ${id}`,
    publisher: 'Test publisher',
    url: 'https://example.invalid/',
    license: { name: 'Test licence', spdx: null, url: null },
    redistributable: true,
    attribution: 'Test data',
    files: [{ path: `${dataset}/test.xlsx`, sha256: '0'.repeat(64) }],
    retrieved_at: '2099-01-01',
    published_at: '2099-01-01',
  }
}

let line = 1
function row(key: string, name: string, unit: string, extra: Partial<FactorRow> = {}): FactorRow {
  line++
  const [, country = 'gb'] = key.split('.')
  return {
    key,
    name,
    value: line / 10,
    unit,
    scope: 'scope_1',
    section: 'Test > Section',
    country,
    region: null,
    source_id: 'test-primary-2099',
    cell_ref: `'Test'!D${line}`,
    ...extra,
  }
}

export function fixtureRows(): FactorRow[] {
  line = 1
  return [
    row('fuels.gb.diesel_average_biofuel_blend.litres', 'Diesel (average biofuel blend)', 'kg CO2e per litre', {
      section: 'Fuels > Liquid fuels',
      gases: { co2: { value: 2.1, cell_ref: "'Test'!E2" }, ch4: { value: 0.01, cell_ref: "'Test'!F2" } },
    }),
    row('fuels.gb.diesel_average_biofuel_blend.kwh_gross_cv', 'Diesel (average biofuel blend)', 'kg CO2e per kWh (Gross CV)', { section: 'Fuels > Liquid fuels' }),
    row('fuels.gb.diesel_average_biofuel_blend.tonnes', 'Diesel (average biofuel blend)', 'kg CO2e per tonne', { section: 'Fuels > Liquid fuels' }),
    row('fuels.gb.diesel_average_biofuel_blend_co2.litres', 'Diesel (average biofuel blend) CO2', 'kg CO2e of CO2 per litre', { section: 'Fuels > Liquid fuels' }),
    row('fuels.gb.petrol_average_biofuel_blend.litres', 'Petrol (average biofuel blend)', 'kg CO2e per litre', { section: 'Fuels > Liquid fuels' }),
    row('fuels.gb.lpg.litres', 'LPG', 'kg CO2e per litre', { section: 'Fuels > Gaseous fuels' }),
    row('fuels.gb.natural_gas.kwh_gross_cv', 'Natural gas', 'kg CO2e per kWh (Gross CV)', { section: 'Fuels > Gaseous fuels' }),
    row('fuels.gb.natural_gas.cubic_metres', 'Natural gas', 'kg CO2e per m3', { section: 'Fuels > Gaseous fuels' }),
    row('fuels.us.diesel_fuel.gallon', 'Diesel Fuel', 'kg CO2e per gallon (US)', { section: 'Stationary combustion > Petroleum products', source_id: 'test-us-2099' }),
    row('fuels.glo.diesel.litre', 'Fuel combustion diesel', 'kg CO2e per litre', { source_id: 'test-secondary-2099' }),
    row('electricity.gb.grid.location', 'Electricity: UK', 'kg CO2e per kWh', { scope: 'scope_2', section: 'UK electricity' }),
    row('electricity.us.grid_us_total.location', 'Electricity, United States, total output emission rate (eGRID)', 'kg CO2e per kWh', { scope: 'scope_2', source_id: 'test-us-2099' }),
    row('electricity.us.grid_erct.location', 'Electricity, eGRID subregion ERCT (ERCOT All), total output emission rate', 'kg CO2e per kWh', { scope: 'scope_2', region: 'erct', source_id: 'test-us-2099' }),
    row('electricity.us.grid_camx.location', 'Electricity, eGRID subregion CAMX (WECC California), total output emission rate', 'kg CO2e per kWh', { scope: 'scope_2', region: 'camx', source_id: 'test-us-2099' }),
    row('electricity.de.grid.average', 'Germany grid electricity annual average intensity', 'kg CO2e per kWh', { scope: 'scope_2', source_id: 'test-grid-2099' }),
    row('electricity.fr.grid.average', 'France grid electricity annual average intensity', 'kg CO2e per kWh', { scope: 'scope_2', source_id: 'test-grid-2099' }),
    row('hotel.gb.hotel_stay_uk.room_night', 'Hotel stay: UK', 'kg CO2e per room per night', { scope: 'scope_3', section: 'Hotel stay' }),
    row('hotel.de.hotel_stay_germany.room_night', 'Hotel stay: Germany', 'kg CO2e per room per night', { scope: 'scope_3', section: 'Hotel stay' }),
    row('travel.gb.flights_long_haul_economy.passenger_km', 'Flights: Long-haul, to/from UK, Economy class', 'kg CO2e per passenger.km', { scope: 'scope_3', section: 'Business travel- air' }),
    row('travel.gb.flights_short_haul_economy.passenger_km', 'Flights: Short-haul, to/from UK, Economy class', 'kg CO2e per passenger.km', { scope: 'scope_3', section: 'Business travel- air' }),
    row('travel.gb.hgv_all_diesel_average_laden.km', 'HGV (all diesel): All HGVs, average laden', 'kg CO2e per km', { scope: 'scope_3', section: 'Delivery vehicles' }),
    row('travel.gb.hgv_all_diesel_average_laden.tonne_km', 'HGV (all diesel): All HGVs, average laden', 'kg CO2e per tonne.km', { scope: 'scope_3', section: 'Freighting goods' }),
    row('travel.gb.taxis_regular_taxi.passenger_km', 'Taxis: Regular taxi', 'kg CO2e per passenger.km', { scope: 'scope_3', section: 'Business travel- land' }),
    row('materials.concrete.ready_mix.c30_37', 'Concrete C30/37', 'kg CO2e per m3', {
      name_original: 'Transportbeton C30/37',
      scope: null,
      section: 'Mineral building products > Concrete',
      country: 'de',
      source_id: 'test-obd-2099',
      modules: { 'A1-A3': { value: 220, cell_ref: 'OBD.csv#L10:GWP' }, C3: { value: 1.5, cell_ref: 'OBD.csv#L11:GWP' } },
      material: {
        declared_unit: 'm3',
        declared_quantity: { value: 1, cell_ref: 'OBD.csv#L10:Bezugsgroesse' },
        density_kg_m3: { value: 2365, cell_ref: 'OBD.csv#L10:Rohdichte' },
        area_mass_kg_m2: null,
        kg_per_declared_unit: { value: 2365, cell_ref: 'OBD.csv#L10:Umrechungsfaktor auf 1kg' },
        thickness_m: null,
        biogenic_separate: false,
      },
    }),
    row('materials.steel.reinforcing.bar', 'Reinforcing steel', 'kg CO2e per kg', { name_original: 'Bewehrungsstahl', scope: null, country: 'de', source_id: 'test-obd-2099', section: 'Metals > Steel' }),
  ]
}

export function fixtureArtifact(mb_version = '2099.1', released_at = '2099-06-01'): ReleaseArtifact {
  return {
    format: 'openfactors.release/1',
    mb_version,
    released_at,
    editions: [
      edition('test-primary-2099', 'test-primary'),
      edition('test-us-2099', 'test-us'),
      edition('test-grid-2099', 'tgwf-co2js-grid-intensity'),
      edition('test-obd-2099', 'test-obd'),
      edition('test-secondary-2099', 'climatiq-open-emission-factors-db'),
    ],
    factors: fixtureRows(),
    // Releases the corpus builds carry the fitted model; so does the fixture.
    resolve_model: RESOLVE_MODEL,
  }
}
