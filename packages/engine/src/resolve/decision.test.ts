import { describe, expect, it } from 'vitest'
import { foldText } from '../text/normalise.ts'
import { belowAccept, blendAsPure, decide, handedOnAsFuel, unaskedPackaging, unaskedPowertrain, unknownKind, woodAsFuel } from './decision.ts'

describe('decision', () => {
  it('accepts from the threshold on', () => {
    expect(decide(0.9, 0.9)).toBe('accept')
    expect(decide(0.899, 0.9)).toBe('review')
  })

  it('keeps the confidence of a match missing the place or unit named under the threshold', () => {
    expect(belowAccept(0.999, 0.893)).toBeCloseTo(0.892)
    expect(decide(belowAccept(0.999, 0.893), 0.893)).toBe('review')
    expect(belowAccept(0.4, 0.893)).toBe(0.4)
    expect(belowAccept(0.5, 0)).toBe(0.001)
  })
})

describe('wood named as itself', () => {
  const concepts = (...phrases: Array<[string, string[]]>) => phrases.map(([phrase, alternatives]) => ({ phrase, alternatives }))
  it('is the material, so a fuel burnt is for a person to check', () => {
    expect(woodAsFuel(concepts(['timber', ['wood']]), 'bioenergy.gb.biomass_wood_chips.tonnes')).toBe(true)
    expect(woodAsFuel(concepts(['holz', ['timber', 'wood']]), 'bioenergy.gb.biomass_wood_logs.tonnes')).toBe(true)
    expect(woodAsFuel(concepts(['timber', ['wood']]), 'materials.construction.wood.primary_material_production')).toBe(false)
  })
  it('is a fuel where the fuel is named ("wood pellets", "firewood")', () => {
    expect(woodAsFuel(concepts(['wood', ['timber']], ['pellets', []]), 'bioenergy.gb.biomass_wood_pellets.tonnes')).toBe(false)
    expect(woodAsFuel(concepts(['firewood', ['wood logs']]), 'bioenergy.gb.biomass_wood_logs.tonnes')).toBe(false)
    expect(woodAsFuel([], 'bioenergy.gb.biomass_wood_logs.tonnes')).toBe(false)
  })
})

describe('a powertrain nobody named', () => {
  const bev = ['freight.fr.freight_vehicle_vehicle_type_hgv_rigid_fuel_source_bev.ademe', foldText('Road freight battery EV rigid HGV (3.5t -7.5t), FR — ADEME 2021')] as const
  it('is for a person to check', () => {
    expect(unaskedPowertrain('hgv', ...bev)).toBe(true)
    expect(unaskedPowertrain('company car', 'transport.gb.cars_by_size_average_car_plug_in_hybrid_electric_vehicle.km', 'passenger vehicles: cars (by size), average car, plug-in hybrid electric vehicle, per km')).toBe(true)
  })
  it('is the answer where it is named, and rail is electric as a rule', () => {
    expect(unaskedPowertrain(foldText('electric HGV'), ...bev)).toBe(false)
    expect(unaskedPowertrain(foldText('Elektro-LKW'), ...bev)).toBe(false)
    expect(unaskedPowertrain('phev miles', 'transport.gb.cars_by_size_average_car_plug_in_hybrid_electric_vehicle.miles', 'plug-in hybrid electric vehicle')).toBe(false)
    expect(unaskedPowertrain('train', 'transport.ie.passenger_train_fuel_source_electricity.ademe', 'passenger train, electric')).toBe(false)
    expect(unaskedPowertrain('hgv', 'freight.gb.hgv_all_diesel_all_hgvs_average_laden.freighting_tonne_km', 'hgv (all diesel), average laden')).toBe(false)
    expect(unaskedPowertrain('electric', 'electricity.gb.electricity_generated.kwh', 'electricity generated')).toBe(false)
  })
})

describe('a blend answered by the biofuel alone', () => {
  it('is for a person to check', () => {
    expect(blendAsPure(foldText('B20 biodiesel - yard trucks'), foldText('Biodiesel (100%)'))).toBe(true)
    expect(blendAsPure(foldText('E85 fleet 12,400 gal'), foldText('Ethanol (100%)'))).toBe(true)
    expect(blendAsPure(foldText('B-20 for the buses'), foldText('Bioenergy: Biofuel, Biodiesel ME, per litre'))).toBe(true)
  })
  it('is the answer where no blend is named, or the factor is the blend', () => {
    expect(blendAsPure(foldText('biodiesel B100'), foldText('Biodiesel (100%)'))).toBe(false)
    expect(blendAsPure(foldText('HVO 38,000 litres'), foldText('Biodiesel HVO'))).toBe(false)
    expect(blendAsPure(foldText('diesel B7 pumps'), foldText('Diesel (average biofuel blend)'))).toBe(false)
    expect(blendAsPure(foldText('Gasoline E10 - sales reps'), foldText('Motor Gasoline'))).toBe(false)
  })
})

describe('a material handed on as waste answered by a fuel burnt', () => {
  it('is for a person to check', () => {
    expect(handedOnAsFuel(foldText('Used cooking oil collected 4,200 L'), 'bioenergy.gb.biofuel_biodiesel_me_from_used_cooking_oil.litres')).toBe(true)
    expect(handedOnAsFuel(foldText('Waste oil collected for re-refining 640 kL'), 'fuels.gb.liquid_fuels_waste_oils.litres')).toBe(true)
  })
  it('is the answer where the fuel is burnt, and a waste treatment is never flagged', () => {
    expect(handedOnAsFuel(foldText('biodiesel from used cooking oil litres'), 'bioenergy.gb.biofuel_biodiesel_me_from_used_cooking_oil.litres')).toBe(false)
    expect(handedOnAsFuel(foldText('waste oil burnt in the workshop heater'), 'fuels.gb.liquid_fuels_waste_oils.litres')).toBe(false)
    expect(handedOnAsFuel(foldText('Waste oil collected for re-refining'), 'waste.gb.construction_mineral_oil_closed_loop.tonnes')).toBe(false)
  })
})

describe('cans or foil for a metal nobody said was packaging', () => {
  it('is for a person to check', () => {
    expect(unaskedPackaging('steel', foldText('Material use: Metal, Metal: steel cans, Primary material production, per tonne'))).toBe(true)
    expect(unaskedPackaging('aluminium', foldText('Metal: aluminium cans and foil (excl. forming)'))).toBe(true)
  })
  it('is the answer where cans, tins, foil or packaging are named, and other metals are unaffected', () => {
    expect(unaskedPackaging('aluminium cans recycling', foldText('Metal: aluminium cans and foil (excl. forming)'))).toBe(false)
    expect(unaskedPackaging('steel tins', foldText('Metal: steel cans'))).toBe(false)
    expect(unaskedPackaging('steel rebar', foldText('reinforcing steel'))).toBe(false)
  })
})

describe('a thing found by the end of a compound whose first part is unknown', () => {
  const concept = (phrase: string, alternatives: string[] = []) => ({ phrase, alternatives })
  const hops = [{ word: 'hopfenpellets', tail: 'pellets' }]
  it('is for a person to check where the name has the end and no other word of the description', () => {
    expect(unknownKind(hops, 'Biomass: wood pellets', [concept('hopfenpellets'), concept('pellets'), concept('hallertauer')])).toBe('hopfenpellets')
  })
  it('is the answer where another word of the description is in the name, or the name lacks the end', () => {
    const fuels = [{ word: 'keyfuels', tail: 'fuels' }]
    expect(unknownKind(fuels, 'Liquid fuels: diesel (average biofuel blend)', [concept('keyfuels'), concept('fuels'), concept('derv', ['diesel'])])).toBeNull()
    expect(unknownKind(hops, 'Biomass: wood chips', [concept('hopfenpellets'), concept('pellets')])).toBeNull()
    expect(unknownKind(undefined, 'Biomass: wood pellets', [concept('pellets')])).toBeNull()
  })
})
