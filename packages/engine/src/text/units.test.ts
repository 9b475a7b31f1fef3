import { describe, expect, it } from 'vitest'
import { activityUnitOf, findUnitInText, unitAgreement, unitInfo } from './units.ts'

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
})

describe('findUnitInText', () => {
  const unit = (text: string) => findUnitInText(text)?.unit.id
  it('understands how people write units', () => {
    expect(unit('diesel for our delivery vans, litres')).toBe('litre')
    expect(unit('500 l of petrol')).toBe('litre')
    expect(unit('2 nights in a hotel')).toBe('room per night')
    expect(unit('freight 2000 tonne-km by road')).toBe('tonne.km')
    expect(unit('office supplies $')).toBe('usd')
    expect(unit('natural gas m3')).toBe('m3')
    expect(unit('drove 300 miles')).toBe('mile')
    expect(unit('50 t of concrete')).toBe('tonne')
    expect(unit('grid electricity kwh')).toBe('kwh')
    expect(unit('electricity in texas')).toBeUndefined()
  })
  it('does not read a lone letter as a unit', () => {
    expect(unit('lpg cylinder')).toBeUndefined()
  })
  it('blanks the unit words out of the rest', () => {
    expect(findUnitInText('diesel litres')?.rest.trim()).toBe('diesel')
  })
})

describe('unitAgreement', () => {
  it('ranks same unit over same dimension over other', () => {
    const litre = unitInfo('litre')
    if (!litre) throw new Error('litre missing')
    expect(unitAgreement(litre, unitInfo('litre'))).toBe(1)
    expect(unitAgreement(litre, unitInfo('m3'))).toBe(0.85)
    expect(unitAgreement(litre, unitInfo('kwh'))).toBe(0)
  })
  it('reads a vehicle distance as the distance itself, and no other', () => {
    const mile = unitInfo('mile')
    if (!mile) throw new Error('mile missing')
    expect(unitAgreement(mile, unitInfo('vehicle.mile'))).toBe(1)
    expect(unitAgreement(mile, unitInfo('vehicle.km'))).toBe(0.85)
    expect(unitAgreement(mile, unitInfo('passenger.mile'))).toBe(0.5)
  })
})
