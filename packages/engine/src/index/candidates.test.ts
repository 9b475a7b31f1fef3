import { describe, expect, it } from 'vitest'
import type { FactorRow } from '../release/schema.ts'
import { rankCandidates } from './candidates.ts'
import { buildSearchIndex } from './search-index.ts'

const row = (key: string): FactorRow => ({ key, name: key.split('.').at(-1)!.replace(/_/g, ' '), value: 1, unit: 'kg CO2e per m3', scope: null, section: 's', country: 'glo', source_id: 'e', cell_ref: 'c' })

describe('rankCandidates', () => {
  const rows = [
    'materials.concrete.ready_mix.c25_30',
    'materials.concrete.ready_mix.c30_37_average',
    'materials.concrete.ready_mix.c30_37_generic',
    'materials.concrete.ready_mix.c35_45',
    'materials.concrete.ready_mix.c50_60',
    'materials.glass.float.single_glazing_4mm',
    'materials.glass.float.double_glazing',
  ].map(row)
  const index = buildSearchIndex(rows)

  it('ranks the keys that extend the wanted key first, shorter first', () => {
    const got = rankCandidates('materials.concrete.ready_mix.c30_37', rows, index, 5).map((c) => c.key)
    expect(got.slice(0, 2)).toEqual(['materials.concrete.ready_mix.c30_37_average', 'materials.concrete.ready_mix.c30_37_generic'])
    expect(rankCandidates('materials.glass.float', rows, index, 2).map((c) => c.key)).toEqual(['materials.glass.float.double_glazing', 'materials.glass.float.single_glazing_4mm'])
  })
  it('counts a key one edit from extending the wanted key as nearly an extension', () => {
    const got = rankCandidates('materials.concrete.ready_mix.c30_38', rows, index, 3).map((c) => c.key)
    expect(got.slice(0, 2).sort()).toEqual(['materials.concrete.ready_mix.c30_37_average', 'materials.concrete.ready_mix.c30_37_generic'])
    expect(rankCandidates('materials.glass.float.single', rows, index, 1)[0]?.key).toBe('materials.glass.float.single_glazing_4mm')
  })
})
