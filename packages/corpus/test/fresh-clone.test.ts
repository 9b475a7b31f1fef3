/**
 * The first hour, as a new user has it: the repository cloned to a temporary directory with no
 * datasets beside it and no built releases; `npm run corpus -- fetch` from a mirror (a local
 * HTTP server serving the datasets directory), a build of the latest release, and one lookup.
 * Also: offline, `npm start`'s first step names the missing files and the command to run.
 * node_modules is linked in (hard links where possible) rather than installed. Skipped without
 * the datasets or without git.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { datasetsPresent, findDatasetsDir, repoRoot } from '../src/paths.ts'
import { tempDir } from './fixtures.ts'
import { serveDirectory, type StaticServer } from './http-server.ts'

const datasetsDir = findDatasetsDir()
const hasGit = spawnSync('git', ['--version']).status === 0
const ready = datasetsPresent(datasetsDir) && hasGit && existsSync(join(repoRoot(), '.git'))

/** Async (the mirror answers from this process, so the event loop must keep running). */
function run(cwd: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('OPENFACTORS_')))
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=@openfactors/source', '--import', 'tsx', ...args], { cwd, env: { ...clean, ...env }, timeout: 600_000 })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (out += d.toString()))
    child.on('close', (code) => resolve({ code, out }))
  })
}

describe.skipIf(!ready)(`a fresh clone gets its data by itself${ready ? '' : ' (skipped: needs git, a git checkout and the datasets to serve as the mirror)'}`, () => {
  const t = tempDir('openfactors-clone-')
  const clone = join(t.dir, 'openfactors')
  let mirror: StaticServer

  beforeAll(async () => {
    const git = spawnSync('git', ['clone', '-q', '--no-local', repoRoot(), clone], { encoding: 'utf8' })
    if (git.status !== 0) throw new Error(`git clone failed: ${git.stderr}`)
    const linked = spawnSync('cp', ['-al', join(repoRoot(), 'node_modules'), join(clone, 'node_modules')]).status === 0
    if (!linked) cpSync(join(repoRoot(), 'node_modules'), join(clone, 'node_modules'), { recursive: true, verbatimSymlinks: true })
    mirror = await serveDirectory(datasetsDir)
  }, 300_000)
  afterAll(async () => {
    await mirror?.close()
    t.cleanup()
  })

  it('has no datasets and no releases', () => {
    expect(existsSync(join(clone, 'datasets'))).toBe(false)
    expect(existsSync(join(clone, 'data', 'releases'))).toBe(false)
  })

  it('offline, the first step of npm start names the missing files and the command to run (exit 3)', async () => {
    const r = await run(clone, ['scripts/ensure-releases.mjs'], { OPENFACTORS_DATASETS_MIRROR: 'http://127.0.0.1:9' })
    expect(r.code).toBe(3)
    expect(r.out).toContain('npm run corpus -- fetch')
    expect(r.out).toContain('uk-desnz-ghg-conversion-factors/ghg-conversion-factors-2026-full-set.xlsx')
    expect(r.out).toContain(`missing from ${join(clone, 'datasets')}`)
    expect(existsSync(join(clone, 'data', 'releases', 'manifest.json'))).toBe(false)
  })

  it('fetches every file from the mirror into ./datasets, builds the latest release and looks a factor up', async () => {
    const fetched = await run(clone, ['packages/corpus/src/cli.ts', 'fetch', '--mirror', mirror.url])
    expect(fetched.code, fetched.out).toBe(0)
    expect(fetched.out).toMatch(/0 already present, 34 downloaded, 0 failed/)
    expect(readdirSync(join(clone, 'datasets')).sort()).toEqual(readdirSync(datasetsDir).filter((n) => n !== 'MANIFEST.md' && n !== 'SHA256SUMS').sort())

    const built = await run(clone, ['packages/corpus/src/cli.ts', 'build', '--only', '2026.2', '--allow-incomplete'])
    expect(built.code, built.out).toBe(0)
    expect(built.out).toContain('proof')

    const lookup = await run(clone, ['--input-type=module', '-e', `
      import { readFileSync } from 'node:fs'
      import { gunzipSync } from 'node:zlib'
      import { createEngine } from '@openfactors/engine'
      const manifest = JSON.parse(readFileSync('data/releases/manifest.json', 'utf8'))
      const engine = createEngine()
      engine.load(gunzipSync(readFileSync('data/releases/' + manifest.releases[0].file)))
      const { factor } = engine.lookup('fuels.gb.liquid_fuels_diesel_average_biofuel_blend.litres')
      console.log(JSON.stringify({ version: factor.data_version, value: factor.factor.value, unit: factor.factor.unit }))
    `])
    expect(lookup.code, lookup.out).toBe(0)
    const answer = JSON.parse(lookup.out.trim().split('\n').at(-1)!) as { version: string; value: number; unit: string }
    expect(answer.version).toBe('2026.2')
    expect(answer.value).toBeGreaterThan(2)
    expect(answer.value).toBeLessThan(3)
    expect(answer.unit).toMatch(/litre/)
  })
})
