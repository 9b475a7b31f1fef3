import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { RESOLVE_MODEL } from '@openfactors/engine/resolve-model'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { ensureReleases } from './ensure-releases.ts'
import { repoRoot } from './paths.ts'

describe('ensureReleases (the corpus build as its own start-up step)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'openfactors-ensure-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('does nothing when the releases directory has a manifest', async () => {
    const releases = join(dir, 'ready')
    mkdirSync(releases)
    writeFileSync(join(releases, 'manifest.json'), '{}')
    await expect(ensureReleases(releases)).resolves.toBeUndefined()
  })

  it('runs the first-run step (fetch what is missing, then build) in a child process and reports its failure', async () => {
    const datasets = join(dir, 'no-datasets')
    mkdirSync(datasets)
    vi.stubEnv('OPENFACTORS_DATASETS', datasets)
    vi.stubEnv('OPENFACTORS_DATASETS_MIRROR', 'http://127.0.0.1:9') // offline: nothing answers there
    try {
      await expect(ensureReleases(join(dir, 'missing'))).rejects.toThrow(/dataset files are missing and could not be fetched/)
    } finally {
      vi.unstubAllEnvs()
    }
  })

  describe('releases our build wrote with another resolve model (a new fit was checked out)', () => {
    const script = join(repoRoot(), 'scripts', 'ensure-releases.mjs')
    const built = (model: string) => {
      const releases = mkdtempSync(join(dir, 'built-'))
      writeFileSync(join(releases, 'manifest.json'), '{"format":"openfactors.manifest/1","releases":[]}')
      writeFileSync(join(releases, 'build-report.json'), JSON.stringify({ format: 'openfactors.build-report/1', resolve_model: model }))
      return releases
    }
    const run = (releases: string) => {
      const datasets = mkdtempSync(join(dir, 'no-datasets-'))
      return spawnSync(process.execPath, [script, releases], { encoding: 'utf8', env: { ...process.env, OPENFACTORS_DATASETS: datasets, OPENFACTORS_DATASETS_MIRROR: 'http://127.0.0.1:9' }, timeout: 120_000 })
    }
    it("leaves releases built with this checkout's model alone, at once", () => {
      const releases = built(RESOLVE_MODEL.version)
      const out = run(releases)
      expect(out.status).toBe(0)
      expect(out.stderr).toBe('')
    })
    it('would rebuild them; without the dataset files it keeps them and says why (the server still starts)', () => {
      const releases = built('2000-01-01.old')
      const out = run(releases)
      expect(out.status).toBe(0)
      expect(out.stderr).toContain(`carry resolve model 2000-01-01.old, this checkout has ${RESOLVE_MODEL.version}`)
      expect(out.stderr).toContain('so they stay as they are')
      expect(readFileSync(join(releases, 'manifest.json'), 'utf8')).toBe('{"format":"openfactors.manifest/1","releases":[]}')
    })
  })
})
