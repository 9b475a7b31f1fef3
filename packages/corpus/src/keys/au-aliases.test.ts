import { describe, expect, it } from 'vitest'
import { AU_LABEL_ALIASES, canonicalAuLabel } from './au-aliases.ts'
import { slugJoin } from './slug.ts'

const key = (l: { group: string; label: string }): string => slugJoin([l.group, l.label])

describe('NGA label aliases', () => {
  it('reads 2021 wording as 2022 wording, only in 2021 and only in the named table topic', () => {
    const lpg = { group: '', label: 'Liquefied petroleum gas' }
    expect(canonicalAuLabel(2021, 'liquid', lpg)).toEqual({ group: '', label: 'Liquefied petroleum gas (LPG)' })
    expect(canonicalAuLabel(2022, 'liquid', lpg)).toEqual(lpg)
    expect(canonicalAuLabel(null, 'liquid', lpg)).toEqual(lpg)
    // The same words in another table are another row (transport LPG is a vehicle class row).
    expect(canonicalAuLabel(2021, 'transport', { group: 'General transport', label: 'Liquefied petroleum gas' })).toEqual({ group: 'General transport', label: 'Liquefied petroleum gas' })
  })

  it('matches labels whatever their case, spacing or punctuation', () => {
    const euro = canonicalAuLabel(2021, 'transport', { group: 'Heavy vehicles conforming to Euro design standards ', label: 'Euro iv or higher  -  Diesel oil' })
    expect(key(euro)).toBe('heavy_duty_vehicles_diesel_oil_euro_iv_or_higher')
    expect(key(canonicalAuLabel(2021, 'solid', { group: '', label: 'BROWN COAL' }))).toBe('brown_coal_lignite')
  })

  it('lists each source label once per edition and topic, and no target is itself a source', () => {
    const seen = new Set<string>()
    for (const a of AU_LABEL_ALIASES) {
      for (const e of a.editions) {
        const from = `${e}|${a.prefix}|${key(a.from)}`
        expect(seen.has(from)).toBe(false)
        seen.add(from)
        // A target is never itself an alias source (one hop, no cycles).
        expect(canonicalAuLabel(e, a.prefix, a.to)).toEqual(a.to)
      }
    }
  })
})
