/**
 * A small in-memory ReleaseView for calculation tests and benchmarks. Test rows carry the
 * methodology's own printed figures (test vectors), never dataset values typed in by hand.
 */
import type { Candidate } from '../src/errors.ts'
import type { Edition, FactorRow, MaterialData } from '../src/release/schema.ts'
import type { ReleaseView } from '../src/release/view.ts'

export const TEST_EDITION: Edition = {
  id: 'test-vectors-2026',
  dataset: 'test-vectors',
  edition: '2026',
  title: 'Methodology test vectors',
  publisher: 'openfactors tests',
  url: 'https://example.invalid/test-vectors',
  license: { name: 'CC0 1.0', spdx: 'CC0-1.0', url: null },
  redistributable: true,
  attribution: 'Test vectors of docs/pcaf.md A9 and docs/embodied.md B9',
  files: [],
  retrieved_at: '2026-01-01',
  published_at: '2026-01-01',
}

export function testView(rows: FactorRow[], mb_version = '2026.1', editions: Edition[] = [TEST_EDITION]): ReleaseView {
  const byKey = new Map(rows.map((r) => [r.key, r]))
  const byEdition = new Map(editions.map((e) => [e.id, e]))
  return {
    mb_version,
    released_at: '2026-08-10',
    factor: (key) => byKey.get(key),
    edition: (id) => byEdition.get(id),
    candidates(key: string, limit = 5): Candidate[] {
      const segments = key.split('.')
      return rows
        .map((r) => ({ key: r.key, name: r.name, score: r.key.split('.').filter((s, i) => segments[i] === s).length / 4 }))
        .filter((c) => c.score > 0)
        .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key))
        .slice(0, limit)
    },
  }
}

/** A material row: A1-A3 `value` per declared unit plus optional module values and material data. */
export function materialRow(
  key: string,
  value: number,
  declared: MaterialData['declared_unit'],
  extra: { modules?: FactorRow['modules']; density?: number; areaMass?: number; kgPerUnit?: number; thickness?: number } = {},
): FactorRow {
  const cell = (v: number | undefined, col: string) => (v === undefined ? null : { value: v, cell_ref: `test.csv#L2:${col}` })
  return {
    key,
    name: key,
    value,
    unit: `kg CO2e per ${declared}`,
    scope: null,
    section: 'Materials',
    country: 'glo',
    source_id: TEST_EDITION.id,
    cell_ref: 'test.csv#L2:A1-A3',
    ...(extra.modules ? { modules: extra.modules } : {}),
    material: {
      declared_unit: declared,
      declared_quantity: { value: 1, cell_ref: 'test.csv#L2:declared_quantity' },
      density_kg_m3: cell(extra.density, 'density'),
      area_mass_kg_m2: cell(extra.areaMass, 'area_mass'),
      kg_per_declared_unit: cell(extra.kgPerUnit ?? (declared === 'kg' ? 1 : undefined), 'kg_per_unit'),
      thickness_m: cell(extra.thickness, 'thickness'),
      biogenic_separate: false,
    },
  }
}
