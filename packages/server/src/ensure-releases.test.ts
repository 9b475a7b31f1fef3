import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { ensureReleases } from './ensure-releases.ts'

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
})
