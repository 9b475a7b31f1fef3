import { describe, expect, it } from 'vitest'
import { industryWordsFor, industryWordsOf, readNaicsIndustryWords } from './industry-words.ts'

// 26 made-up industries: "widget" is in every one of them (common), each has its own words.
const letter = (i: number) => String.fromCharCode(97 + i)
const data = Object.fromEntries(
  Array.from({ length: 26 }, (_, i) => [
    String(332000 + i),
    { Title: `Makers of ${letter(i)}thingsT`, Description: `Makes widget and ${letter(i)}ware. Illustrative Examples: ${letter(i)}spanners Cross-References. Other makers of gizmos are in 999999.` },
  ]),
)

describe('industry words', () => {
  it('keeps the words of the title and description, without cross-references, common words or the US-only mark', () => {
    const words = industryWordsOf(data)
    const first = words.get('332000')?.split(' ') ?? []
    expect(first).toEqual(['athing', 'aware', 'aspanner'].sort())
    expect(first).not.toContain('widget')
    expect(first).not.toContain('gizmo')
  })

  it('a release carries the codes of its spend factors only', () => {
    const words = industryWordsOf(data)
    const picked = industryWordsFor([{ key: 'spend.us.naics_332001_x.with_margins' }, { key: 'fuels.gb.diesel.litres' }], words)
    expect(Object.keys(picked ?? {})).toEqual(['332001'])
    expect(industryWordsFor([{ key: 'fuels.gb.diesel.litres' }], words)).toBeUndefined()
  })

  it('reads the 2017 NAICS descriptions: saw blades and handtools, not the words of every industry', () => {
    const words = readNaicsIndustryWords()
    expect(words.size).toBeGreaterThan(900)
    const handTools = words.get('332216')?.split(' ') ?? []
    expect(handTools).toEqual(expect.arrayContaining(['saw', 'handtool', 'blade']))
    expect(handTools).not.toContain('manufacturing')
  })
})
