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

  it('runs the corpus build in a child process and reports its failure', async () => {
    const datasets = join(dir, 'no-datasets')
    mkdirSync(datasets)
    vi.stubEnv('OPENFACTORS_DATASETS', datasets)
    try {
      await expect(ensureReleases(join(dir, 'missing'))).rejects.toThrow(/corpus build failed/)
    } finally {
      vi.unstubAllEnvs()
    }
  })
})
