import { describe, expect, it } from 'vitest'
import { activityUnitOf, findUnitInText, unitAgreement, unitInfo } from './units.ts'
import { foldText } from './normalise.ts'

describe('activityUnitOf', () => {
  it('reads the unit after "per"', () => {
    expect(activityUnitOf('kg CO2e per litre')?.id).toBe('litre')
    expect(activityUnitOf('kg CO2e per kWh (Gross CV)')?.id).toBe('kwh')
    expect(activityUnitOf('kg CO2e per tonne.km')?.id).toBe('tonne.km')
    expect(activityUnitOf('kg CO2e per passenger.km')?.dimension).toBe('passenger_distance')
    expect(activityUnitOf('kg CO2e per USD (2022, purchaser price)')?.id).toBe('usd')
    expect(activityUnitOf('kg CO2e per room per night')?.id).toBe('room per night')
    expect(activityUnitOf('kg CO2e per furlong')).toBeNull()
  })
  it('reads no unit from a name every object inherits (a "constructor" hint was taken as a unit)', () => {
    for (const name of ['constructor', 'toString', '__proto__']) {
      expect(activityUnitOf(`x per ${name}`)).toBeNull()
      expect(unitInfo(name)).toBeNull()
    }
  })
})

describe('findUnitInText', () => {
  const unit = (text: string) => findUnitInText(text)?.unit.id
  it('understands how people write units', () => {
    expect(unit('diesel for our delivery vans, litres')).toBe('litre')
    expect(unit('500 l of petrol')).toBe('litre')
    expect(unit('2 nights in a hotel')).toBe('room per night')
    expect(unit(foldText('Hotel, 3 Nächte'))).toBe('room per night')
    expect(unit(foldText('Übernachtungen'))).toBe('room per night')
    expect(unit('freight 2000 tonne-km by road')).toBe('tonne.km')
    expect(unit('office supplies $')).toBe('usd')
    expect(unit('natural gas m3')).toBe('m3')
    expect(unit('drove 300 miles')).toBe('mile')
    expect(unit('charter coach - 1,860 mi')).toBe('mile')
    // "MI" alone is Michigan, not miles.
    expect(unit('store 12 detroit mi')).toBeUndefined()
    expect(unit('50 t of concrete')).toBe('tonne')
    expect(unit('grid electricity kwh')).toBe('kwh')
    expect(unit('electricity in texas')).toBeUndefined()
  })
  it('prefers a unit written after a number to a unit word in a name', () => {
    // "Day/Night" is the tariff; the quantity is in kWh.
    expect(unit('electric ireland day/night 01/03/24 38,412 kwh')).toBe('kwh')
    expect(unit('employee cab transport - night shift, 184,000 km')).toBe('km')
    // Money after a number does not count: the nights are the quantity, the euros its price.
    expect(unit('hotel per night 95 eur')).toBe('room per night')
    // With no number, the most specific unit written, as before.
    expect(unit('night shift electricity kwh')).toBe('room per night')
  })
  it('does not read a lone letter as a unit', () => {
    expect(unit('lpg cylinder')).toBeUndefined()
  })
  it('blanks the unit words out of the rest', () => {
    expect(findUnitInText('diesel litres')?.rest.trim()).toBe('diesel')
  })
})

describe('unitAgreement', () => {
  // [unit named, factor unit, agreement]: same unit over same dimension over other; a vehicle
  // distance is the distance itself; passenger and vehicle distances agree in part.
  it.each([
    ['litre', 'litre', 1],
    ['litre', 'm3', 0.85],
    ['litre', 'kwh', 0],
    ['mile', 'vehicle.mile', 1],
    ['mile', 'vehicle.km', 0.85],
    ['mile', 'passenger.mile', 0.5],
  ] as const)('%s named, a factor per %s: %s', (named, factor, agreement) => {
    const unit = unitInfo(named)
    if (!unit) throw new Error(`${named} missing`)
    expect(unitAgreement(unit, unitInfo(factor))).toBe(agreement)
  })
})
