/**
 * Node-only harness: small, clearly fake release artifacts for the browser tests. Every name
 * says TEST and the edition is `openfactors-test-fixture`; nothing here is a real factor.
 */
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { ReleaseArtifactSchema, type Edition, type FactorRow, type ReleaseArtifact } from '@openfactors/engine/release'
import { RESOLVE_MODEL } from '@openfactors/engine/resolve-model'
import type { ServedRelease } from './static-server.ts'

const EDITION: Edition = {
  id: 'openfactors-test-fixture-1',
  dataset: 'openfactors-test-fixture',
  edition: '1',
  title: 'openfactors TEST fixture (generated test data, not real factors)',
  publisher: 'openfactors tests',
  url: 'https://example.invalid/openfactors-test-fixture',
  license: { name: 'CC0 1.0', spdx: 'CC0-1.0', url: null },
  redistributable: true,
  attribution: 'openfactors test fixture',
  files: [{ path: 'openfactors-test-fixture/fixture.csv', sha256: '0'.repeat(64) }],
  retrieved_at: '2026-08-01',
  published_at: '2026-08-01',
}

const FUELS = ['diesel', 'petrol', 'natural gas', 'coal', 'propane', 'kerosene', 'biodiesel', 'lpg']
const COUNTRIES = ['gb', 'de', 'fr', 'us']

/** A fixture release; `generation` shifts every value so two releases answer differently. */
export function testArtifact(mb_version: string, released_at: string, generation: number): ReleaseArtifact {
  const factors: FactorRow[] = []
  let line = 2
  for (const country of COUNTRIES) {
    for (const fuel of FUELS) {
      const slug = fuel.replace(/ /g, '_')
      factors.push({
        key: `fuels.${country}.${slug}.litres`,
        name: `TEST ${fuel} (${country.toUpperCase()}), per litre`,
        value: round(1 + fuel.length / 10 + generation / 100),
        unit: 'kg CO2e per litre',
        scope: 'scope_1',
        section: 'TEST fixture > Fuels',
        country,
        source_id: EDITION.id,
        cell_ref: `fixture.csv#L${line++}:value`,
        tags: ['test fixture'],
      })
    }
    factors.push({
      key: `electricity.${country}.grid.location_based`,
      name: `TEST electricity grid (${country.toUpperCase()}), per kWh`,
      value: round(0.2 + country.charCodeAt(0) / 1000 + generation / 100),
      unit: 'kg CO2e per kWh',
      scope: 'scope_2',
      section: 'TEST fixture > Electricity',
      country,
      source_id: EDITION.id,
      cell_ref: `fixture.csv#L${line++}:value`,
    })
  }
  for (const [category, type, density] of [['concrete', 'ready_mix', 2400], ['steel', 'rebar', 7850]] as const) {
    factors.push({
      key: `materials.${category}.${type}.test`,
      name: `TEST ${category} ${type.replace('_', ' ')}`,
      value: round(0.1 + density / 10_000 + generation / 100),
      unit: 'kg CO2e per kg',
      scope: null,
      section: 'TEST fixture > Materials',
      country: 'de',
      source_id: EDITION.id,
      cell_ref: `fixture.csv#L${line}:A1-A3`,
      modules: {
        'A1-A3': { value: round(0.1 + density / 10_000 + generation / 100), cell_ref: `fixture.csv#L${line}:A1-A3` },
        C3: { value: 0.01, cell_ref: `fixture.csv#L${line}:C3` },
        D: { value: -0.02, cell_ref: `fixture.csv#L${line++}:D` },
      },
      material: {
        declared_unit: 'kg',
        declared_quantity: null,
        density_kg_m3: { value: density, cell_ref: `fixture.csv#L${line - 1}:density` },
        area_mass_kg_m2: null,
        kg_per_declared_unit: null,
        thickness_m: null,
        biogenic_separate: false,
      },
    })
  }
  // The worker has no model of its own: like the corpus's releases, the fixture carries the fitted one.
  return ReleaseArtifactSchema.parse({ format: 'openfactors.release/1', mb_version, released_at, editions: [EDITION], factors, resolve_model: RESOLVE_MODEL })
}

/** Gzip an artifact and describe it the way `manifest.json` does. */
export function serveArtifact(artifact: ReleaseArtifact): ServedRelease {
  const bytes = new Uint8Array(gzipSync(JSON.stringify(artifact)))
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  return {
    bytes,
    entry: {
      mb_version: artifact.mb_version,
      released_at: artifact.released_at,
      file: `release-${artifact.mb_version}-${sha256.slice(0, 12)}.json.gz`,
      sha256,
      bytes: bytes.byteLength,
      factor_count: artifact.factors.length,
      editions: artifact.editions.map((e) => e.id),
    },
  }
}

/** Two fixture releases: 2026.1 (in force from 2026-08-10) and 2026.2 (from 2026-10-01). */
export function testReleases(): ServedRelease[] {
  return [serveArtifact(testArtifact('2026.1', '2026-08-10', 1)), serveArtifact(testArtifact('2026.2', '2026-10-01', 2))]
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6
}
