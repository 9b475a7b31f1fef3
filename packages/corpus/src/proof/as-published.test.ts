import { describe, expect, it } from 'vitest'
import { asPublished, derive, isFloatArtefact, significantDigits } from './as-published.ts'

describe('values as published', () => {
  it('reads a stored double as the spreadsheet shows it (15 significant digits)', () => {
    expect(asPublished(2709.7200000000003)).toBe(2709.72)
    expect(asPublished(0.0000033600000000000004)).toBe(0.00000336)
    expect(asPublished(0.9048151132720826)).toBe(0.904815113272083)
    expect(asPublished(0.00595048389828022)).toBe(0.00595048389828022)
    expect(asPublished(0)).toBe(0)
    expect(asPublished(-1.637)).toBe(-1.637)
  })
  it('derives in decimal with the precision of the published input', () => {
    expect(derive(2709.7200000000003, '0.001')).toBe(2.70972)
    expect(derive(595.8000000000001, '0.001')).toBe(0.5958)
    expect(595.8000000000001 * 0.001).not.toBe(0.5958) // what binary floats give
    expect(derive(771.17, '0.00045359237')).toBe(0.3498)
    expect(derive(0.0125, '1000000')).toBe(12500)
    expect(significantDigits(2709.72)).toBe(6)
    expect(significantDigits(12500)).toBe(3)
  })
  it('tells artefacts from published numbers', () => {
    expect(isFloatArtefact(2.7097200000000004)).toBe(true)
    expect(isFloatArtefact(0.34980091030423)).toBe(false) // 14 digits: not binary noise, but see derive
    expect(isFloatArtefact(2.70972)).toBe(false)
  })
})
