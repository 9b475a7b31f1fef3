import { ENGINE_VERSION } from '@openfactors/engine'
/** The real Node entry on SQLite: config errors stop it clearly; it serves the API and the static demo dir. */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { REPO_ROOT, START_SCRIPT, spawnServer } from './support/spawn-server.ts'
import { writeTestReleases } from './support/test-release.ts'

const dir = mkdtempSync(join(tmpdir(), 'openfactors-start-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('start.ts', () => {
  it('refuses a bad configuration with a message naming the variable (exit 2)', () => {
    const run = spawnSync(process.execPath, ['--conditions=@openfactors/source', '--import', 'tsx', START_SCRIPT], {
      cwd: REPO_ROOT, env: { PATH: process.env['PATH'] ?? '', PORT: 'eighty', DATABASE_URL: 'mysql://nope' }, encoding: 'utf8', timeout: 60_000,
    })
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('Invalid server configuration')
    expect(run.stderr).toContain('PORT')
    expect(run.stderr).toContain('DATABASE_URL')
  })

  it('serves the API on SQLite and the static demo directory at /', async () => {
    writeTestReleases(join(dir, 'releases'))
    mkdirSync(join(dir, 'static'))
    writeFileSync(join(dir, 'static', 'index.html'), '<!doctype html><title>demo</title>')
    const server = await spawnServer({ OPENFACTORS_RELEASES_DIR: join(dir, 'releases'), OPENFACTORS_DB: join(dir, 'start.db'), OPENFACTORS_STATIC_DIR: join(dir, 'static') })
    try {
      expect(await (await fetch(`${server.url}/health`)).json()).toEqual({ status: 'ok', engine_version: ENGINE_VERSION, data_version: '2026.2', store: 'sqlite', store_ok: true, calculations: expect.stringMatching(/^(workers|in-process)$/) })
      const page = await fetch(`${server.url}/`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<title>demo</title>')
      const missing = await fetch(`${server.url}/nothing-here.js`)
      expect(missing.status).toBe(404)
      expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } })
      const post = await fetch(`${server.url}/index.html`, { method: 'POST' })
      expect(post.status).toBe(404)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })
})
