/**
 * Every value the latest release serves, as a lookup answers it (value, published value, gases,
 * modules, material cells, and every other number of the response), carries no binary-float
 * artefact: no more than the 15 significant digits a published file shows; every derived value is
 * its published input × multiplier in decimal at the input's precision. Skipped without a release.
 */
import { createEngine, latestRelease, ReleaseManifestSchema } from '@openfactors/engine'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { defaultOutDir } from '../src/paths.ts'
import { derive, isFloatArtefact } from '../src/proof/as-published.ts'

const dir = process.env.OPENFACTORS_RELEASES ?? defaultOutDir()
const built = existsSync(join(dir, 'manifest.json'))

function numbers(value: unknown, path: string, out: [string, number][]): void {
  if (typeof value === 'number') out.push([path, value])
  else if (Array.isArray(value)) value.forEach((v, i) => numbers(v, `${path}[${i}]`, out))
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) numbers(v, `${path}.${k}`, out)
}

describe.skipIf(!built)(`served values of the latest release${built ? '' : ` (skipped: no built release in ${dir}; npm run corpus -- build)`}`, () => {
  it('have no float artefacts, and derived values are decimal products at the published precision', () => {
    const manifest = ReleaseManifestSchema.parse(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')))
    const latest = latestRelease(manifest.releases)!
    const text = gunzipSync(readFileSync(join(dir, latest.file))).toString('utf8')
    const engine = createEngine()
    engine.load(text)
    const artifact = JSON.parse(text) as { factors: { key: string; value: number; published?: { value: number; multiplier: string } }[] }
    const artefacts: string[] = []
    const underived: string[] = []
    let checked = 0
    for (const row of artifact.factors) {
      const found: [string, number][] = []
      numbers(engine.lookup(row.key), row.key, found)
      for (const [path, n] of found) {
        checked++
        if (isFloatArtefact(n)) artefacts.push(`${path} = ${n}`)
      }
      if (row.published && row.value !== derive(row.published.value, row.published.multiplier)) underived.push(`${row.key}: ${row.value} ≠ ${row.published.value} × ${row.published.multiplier}`)
    }
    expect(checked).toBeGreaterThan(artifact.factors.length)
    expect(artefacts.slice(0, 20)).toEqual([])
    expect(underived.slice(0, 20)).toEqual([])
  })
})
