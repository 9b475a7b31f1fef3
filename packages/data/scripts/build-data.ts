/**
 * `npm run build -w @openfactors/data`: fills the package from the built releases
 * (`OPENFACTORS_RELEASES_DIR`, else `data/releases`): the latest release filtered to what may be
 * republished (`releases/manifest.json` + its artifact), the manifest of all releases with their
 * hashes (`all-releases.json`), every kept source's licence and attribution (`sources.json`,
 * `LICENSES.md`). Nothing here is committed; with no release built it says so and packs no data.
 */
import { defaultOutDir, encodeArtifact, readManifest, readReleaseArtifact } from '@openfactors/corpus'
import { selectRelease } from '@openfactors/engine'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { filterRedistributable, licensesMarkdown } from './filter.ts'

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const from = resolve(process.env['OPENFACTORS_RELEASES_DIR'] || defaultOutDir())
const out = join(packageDir, 'releases')
const generated = [out, join(packageDir, 'LICENSES.md'), join(packageDir, 'sources.json'), join(packageDir, 'all-releases.json')]
for (const path of generated) rmSync(path, { recursive: true, force: true })

const manifest = readManifest(from)
if (!manifest || manifest.releases.length === 0) {
  console.warn(`@openfactors/data: no release built in ${from}; the package is built without data (run \`npm run corpus -- build\` first).`)
  process.exit(0)
}

const latest = selectRelease(manifest.releases)
const { artifact, sources, excluded } = filterRedistributable(readReleaseArtifact(from, latest))
const { bytes, entry } = encodeArtifact(artifact)
mkdirSync(out, { recursive: true })
writeFileSync(join(out, entry.file), bytes)
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`
writeFileSync(join(out, 'manifest.json'), json({ format: manifest.format, releases: [entry] }))
writeFileSync(
  join(packageDir, 'all-releases.json'),
  json({
    about: 'Every openfactors release built from the published datasets, with the sha256 of its gzipped artifact. This package holds the latest one, filtered to redistributable sources (packaged).',
    packaged: { mb_version: entry.mb_version, file: entry.file, sha256: entry.sha256, from_sha256: latest.sha256, editions_left_out: excluded.map((e) => e.id) },
    ...manifest,
  }),
)
writeFileSync(join(packageDir, 'sources.json'), json({ mb_version: entry.mb_version, sources, excluded }))
writeFileSync(join(packageDir, 'LICENSES.md'), licensesMarkdown(entry.mb_version, sources, excluded, { industryWords: artifact.industry_words !== undefined, resolveModel: artifact.resolve_model !== undefined }))
console.log(`@openfactors/data: release ${entry.mb_version}, ${entry.factor_count} of ${latest.factor_count} factors from ${sources.length} redistributable sources (left out: ${excluded.map((e) => e.id).join(', ') || 'none'}), ${entry.bytes} bytes gzipped.`)
