import { describe, expect, it } from 'vitest'
import { assessmentReport, gwpFactor, refrigerantSubject } from './refrigerant-gwp.ts'

describe('refrigerantSubject', () => {
  it('names a blend by its ASHRAE number, as the UK keys do', () => {
    expect(['R-410A', 'R410A (HFC blend)', 'R410A (HFC-410A)', 'R-507', 'R-508B'].map((l) => refrigerantSubject(l))).toEqual(['r410a', 'r410a', 'r410a', 'r507', 'r508b'])
  })
  it('names a single HFC or HCFC by its own name, whichever way the row writes it', () => {
    expect(['HFC-134a', 'R134A (HFC-134A)', 'R32 (HFC-32)', 'R22 (HCFC-22)', 'HFC-43-10mee'].map((l) => refrigerantSubject(l))).toEqual(['hfc_134a', 'hfc_134a', 'hfc_32', 'hcfc_22', 'hfc_43_10mee'])
  })
  it('names other fluorinated gases by formula, so PFC-14 of one edition is CF4 of the other', () => {
    expect([refrigerantSubject('PFC-14', 'CF4'), refrigerantSubject('CF4'), refrigerantSubject('Sulfur hexafluoride', 'SF6'), refrigerantSubject('SF6'), refrigerantSubject('c-C4F8')]).toEqual(['cf4', 'cf4', 'sf6', 'sf6', 'c_c4f8'])
  })
  it('leaves out the combustion gases, whose GWPs weight the per-gas factors', () => {
    expect([refrigerantSubject('CO2'), refrigerantSubject('Methane', 'CH4'), refrigerantSubject('Nitrous oxide', 'N2O')]).toEqual([null, null, null])
  })
})

describe('gwpFactor', () => {
  it('serves the GWP as published, in kg CO2e per kg, saying only what the table says', () => {
    const f = gwpFactor({ country: 'us', subject: 'r410a', label: 'R-410A', composition: '50% HFC-32 , 50% HFC-125', value: 1924, cellRef: "'Hub'!D565", section: 'GWPs', report: assessmentReport('Fifth Assessment Report (AR5), 2013'), hundredYear: true })
    expect([f.key, f.value, f.unit, f.scope, f.name]).toEqual(['refrigerants.us.r410a.kg', 1924, 'kg CO2e per kg', 'scope_1', 'Refrigerant R-410A (blend): 100-year GWP (AR5), per kg released'])
    expect(f.basis?.note).toBe('100-year GWP (AR5): kg CO2e per kg of the gas released; blend of 50% HFC-32, 50% HFC-125')
    expect(gwpFactor({ country: 'au', subject: 'hfc_32', label: 'R32 (HFC-32)', value: 677, cellRef: "'Table 11'!B4", section: 'x', report: null, hundredYear: false }).name).toBe('Refrigerant R32 (HFC-32): GWP, per kg released')
  })
})
