/**
 * TEST DATA: two tiny release artifacts for server tests. The values are invented for tests and
 * point at a fictional file; they are not emission factors of any dataset.
 */
import type { Edition, FactorRow, ReleaseArtifact, ReleaseManifest } from '@openfactors/engine/release'
import { RESOLVE_MODEL } from '@openfactors/engine/resolve-model'
import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const edition = (id: string, redistributable: boolean): Edition => ({
  id,
  dataset: 'test-fixture',
  edition: id.slice(-4),
  title: `Server test fixture (${id})`,
  publisher: 'openfactors tests',
  url: 'https://example.invalid/server-test-fixture',
  license: redistributable ? { name: 'CC0 1.0', spdx: 'CC0-1.0', url: null } : { name: 'All rights reserved', spdx: null, url: null },
  redistributable,
  attribution: `Test fixture ${id}`,
  files: [],
  retrieved_at: '2026-08-01',
  published_at: '2026-08-01',
})

const OPEN = edition('test-open-2026', true)
const CLOSED = edition('test-closed-2026', false)

function row(key: string, name: string, value: number, unit: string, source: Edition, extra: Partial<FactorRow> = {}): FactorRow {
  const [domain = '', country = ''] = key.split('.')
  return {
    key, name, value, unit, scope: domain === 'electricity' ? 'scope_2' : 'scope_1',
    section: `Test > ${domain}`, country, source_id: source.id, cell_ref: `'Test'!B${key.length}`,
    tags: [], ...extra,
  }
}

function factors(dieselValue: number): FactorRow[] {
  return [
    row('fuels.gb.diesel.litres', 'Diesel (average biofuel blend)', dieselValue, 'kg CO2e per litre', OPEN),
    row('fuels.gb.petrol.litres', 'Petrol (average biofuel blend)', 2.1, 'kg CO2e per litre', OPEN),
    row('electricity.gb.grid.location_kwh', 'Electricity generated, UK grid', 0.2, 'kg CO2e per kWh', OPEN),
    row('electricity.de.grid.location_kwh', 'Strom Deutschland Netz', 0.38, 'kg CO2e per kWh', CLOSED),
    row('spend.us.test_sector.usd_2022', 'Test sector spend', 0.3, 'kg CO2e per USD (2022, purchaser price)', CLOSED, { scope: 'scope_3' }),
    row('materials.concrete.ready_mix.c30_37', 'Concrete C30/37', 0.1, 'kg CO2e per kg', CLOSED, {
      scope: null,
      country: 'glo',
      modules: { 'A1-A3': { value: 0.1, cell_ref: "'Test'!C2" }, C3: { value: 0.002, cell_ref: "'Test'!D2" }, C4: { value: 0.003, cell_ref: "'Test'!E2" } },
      material: {
        declared_unit: 'kg',
        declared_quantity: { value: 1, cell_ref: "'Test'!F2" },
        density_kg_m3: { value: 2400, cell_ref: "'Test'!G2" },
        area_mass_kg_m2: null,
        kg_per_declared_unit: { value: 1, cell_ref: "'Test'!H2" },
        thickness_m: null,
        biogenic_separate: false,
      },
    }),
  ]
}

export function testRelease(mb_version: '2026.1' | '2026.2' = '2026.2'): ReleaseArtifact {
  return {
    format: 'openfactors.release/1',
    mb_version,
    released_at: mb_version === '2026.1' ? '2026-08-10' : '2026-10-01',
    editions: [OPEN, CLOSED],
    factors: factors(mb_version === '2026.1' ? 2.5 : 2.6).concat(
      mb_version === '2026.2' ? [row('fuels.gb.lpg.litres', 'LPG', 1.5, 'kg CO2e per litre', OPEN)] : [],
    ),
    // As the corpus writes them: the release carries the fitted resolve model (a browser has no other).
    resolve_model: RESOLVE_MODEL,
  }
}

/** Write both test releases and their manifest as the corpus would (gzip + sha256 names). */
export function writeTestReleases(dir: string, versions: ReadonlyArray<'2026.1' | '2026.2'> = ['2026.1', '2026.2']): ReleaseManifest {
  mkdirSync(dir, { recursive: true })
  const releases = versions.map((v) => {
    const artifact = testRelease(v)
    const bytes = gzipSync(Buffer.from(JSON.stringify(artifact)))
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const file = `release-${v}-${sha256.slice(0, 12)}.json.gz`
    writeFileSync(join(dir, file), bytes)
    return { mb_version: v, released_at: artifact.released_at, file, sha256, bytes: bytes.byteLength, factor_count: artifact.factors.length, editions: artifact.editions.map((e) => e.id) }
  })
  const manifest: ReleaseManifest = { format: 'openfactors.manifest/1', releases }
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2))
  return manifest
}
