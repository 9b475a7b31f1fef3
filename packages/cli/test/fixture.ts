/**
 * A small release on disk for CLI tests: fictional test-vector rows (round values, a fictional
 * file), gzipped and listed in a manifest as the corpus writes them.
 */
import type { Edition, FactorRow, ReleaseArtifact, ReleaseManifest } from '@openfactors/engine'
import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const EDITION: Edition = {
  id: 'cli-test-2026', dataset: 'cli-test', edition: '2026', title: 'CLI test vectors', publisher: 'openfactors tests',
  url: 'https://example.invalid/cli-test', license: { name: 'CC0 1.0', spdx: 'CC0-1.0', url: null }, redistributable: true,
  attribution: 'CLI test vectors', files: [], retrieved_at: '2026-01-01', published_at: '2026-01-01',
}

function row(key: string, name: string, value: number, unit: string, scope: FactorRow['scope']): FactorRow {
  return { key, name, value, unit, scope, section: 'Test', country: key.split('.')[1] ?? 'glo', source_id: EDITION.id, cell_ref: `'Test'!B${key.length}`, tags: [] }
}

export const ROWS: FactorRow[] = [
  row('fuels.gb.diesel.litres', 'Diesel', 2.5, 'kg CO2e per litre', 'scope_1'),
  row('fuels.gb.diesel.kwh_gross_cv', 'Diesel', 0.25, 'kg CO2e per kWh (Gross CV)', 'scope_1'),
  row('electricity.gb.grid.kwh', 'Electricity generated, UK grid', 0.2, 'kg CO2e per kWh', 'scope_2'),
  row('transport.gb.petrol_car.miles', 'Petrol car, average', 0.3, 'kg CO2e per mile', 'scope_1'),
]

export function writeRelease(dir: string): void {
  mkdirSync(dir, { recursive: true })
  const artifact: ReleaseArtifact = { format: 'openfactors.release/1', mb_version: '2026.1', released_at: '2026-08-10', editions: [EDITION], factors: ROWS }
  const gz = gzipSync(Buffer.from(JSON.stringify(artifact)))
  const sha256 = createHash('sha256').update(gz).digest('hex')
  const file = `release-2026.1-${sha256.slice(0, 12)}.json.gz`
  writeFileSync(join(dir, file), gz)
  const manifest: ReleaseManifest = {
    format: 'openfactors.manifest/1',
    releases: [{ mb_version: '2026.1', released_at: '2026-08-10', file, sha256, bytes: gz.byteLength, factor_count: ROWS.length, editions: [EDITION.id] }],
  }
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest))
}
