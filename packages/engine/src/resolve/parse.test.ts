import { describe, expect, it } from 'vitest'
import { MAX_CONCEPTS, parseDescription } from './parse.ts'

describe('parseDescription', () => {
  it('separates unit, place and concepts', () => {
    const p = parseDescription('diesel for our delivery vans, litres')
    expect(p.unit?.id).toBe('litre')
    expect(p.places).toEqual([])
    // Source words are not widened; people's words map to source words.
    expect(p.concepts.find((c) => c.phrase === 'diesel')?.alternatives).toEqual([])
    expect(parseDescription('DERV litres').concepts[0]?.alternatives).toContain('diesel')
    expect(p.concepts.map((c) => c.phrase).sort()).toEqual(['delivery vans', 'diesel'])
  })
  it('reads places and units around quantities', () => {
    const p = parseDescription('2 nights in a hotel in Germany')
    expect(p.unit?.id).toBe('room per night')
    expect(p.places.map((x) => x.country)).toEqual(['de'])
    expect(p.concepts.map((c) => c.phrase)).toEqual(['hotel'])
  })
  it('keeps concrete grades but drops quantities', () => {
    const p = parseDescription('50 t of C30/37 concrete')
    expect(p.unit?.id).toBe('tonne')
    expect(p.concepts.map((c) => c.phrase).sort()).toEqual(['37', 'c30', 'concrete'])
  })
  it('reads upper-case state codes and German words', () => {
    expect(parseDescription('electricity TX').places[0]?.regions).toContain('tx')
    const strom = parseDescription('Strom Deutschland')
    expect(strom.places[0]?.country).toBe('de')
    expect(strom.concepts[0]?.alternatives).toContain('electricity')
  })
  it('notices gases', () => {
    expect(parseDescription('methane from natural gas boilers').gases).toEqual(['ch4'])
  })
})

describe('product codes', () => {
  it('offers the other spelling of codes like R-410A and R410A', () => {
    expect(parseDescription('R-410A leak').concepts[0]).toMatchObject({ phrase: 'r 410a', alternatives: ['r410a'] })
    expect(parseDescription('R410A leak').concepts[0]).toMatchObject({ phrase: 'r410a', alternatives: ['r 410a'] })
  })
})

describe('long descriptions', () => {
  it('keeps at most MAX_CONCEPTS concepts', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`)
    expect(parseDescription(words.join(' ')).concepts).toHaveLength(MAX_CONCEPTS)
  })
})
