/** The CLI as a user runs it: exit codes and error messages (no real datasets needed). */
import { describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { readLock } from '../src/lock/lock.ts'
import { tempDir, writeText } from './fixtures.ts'

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url))

function run(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--conditions=@openfactors/source', '--import', 'tsx', cli, ...args], { encoding: 'utf8', env: { ...process.env, OPENFACTORS_DATASETS: '' } })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

describe('corpus CLI', () => {
  it('exits 2 with a usage message for an unknown command or missing arguments', () => {
    const t = tempDir()
    try {
      expect(run(['frobnicate'])).toMatchObject({ code: 2, stderr: expect.stringContaining('use fetch | ensure | build | verify | diff <a> <b> | stats') })
      expect(run(['diff', '2025.1', '--out', t.dir])).toMatchObject({ code: 2, stderr: expect.stringContaining('diff needs two versions') })
      expect(run(['stats', '--out', t.dir])).toMatchObject({ code: 2, stderr: expect.stringContaining('no build-report.json') })
    } finally {
      t.cleanup()
    }
  })

  it('refuses a dataset file whose sha256 differs from the lock (exit 3, naming file, expected and got)', () => {
    const t = tempDir()
    try {
      const uk2016 = readLock().editions.find((e) => e.id === 'uk-desnz-ghg-cf-2016')!.files[0]!
      const bogus = 'not the published workbook'
      writeText(join(t.dir, 'datasets', uk2016.path), bogus)
      const r = run(['build', '--only', '2016.1', '--datasets', join(t.dir, 'datasets'), '--out', join(t.dir, 'out')])
      expect(r.code).toBe(3)
      expect(r.stderr).toContain(uk2016.path)
      expect(r.stderr).toContain(`expected sha256 ${uk2016.sha256}`)
      expect(r.stderr).toContain(`got ${createHash('sha256').update(bogus).digest('hex')}`)
    } finally {
      t.cleanup()
    }
  })

  it('fetch says which files failed and why, and exits 3, when the mirror cannot be reached', () => {
    const t = tempDir()
    try {
      const r = run(['fetch', '--mirror', 'http://127.0.0.1:9', '--datasets', t.dir])
      expect(r.code).toBe(3)
      expect(r.stderr).toContain('FAILED uk-desnz-ghg-conversion-factors/2016_Flat_format_file_v01-01.xlsx')
      expect(r.stderr).toMatch(/http:\/\/127\.0\.0\.1:9\/uk-desnz-ghg-conversion-factors\/2016_Flat_format_file_v01-01\.xlsx: fetch failed/)
      expect(r.stderr).toMatch(/0 already present, 0 downloaded, 34 failed/)
    } finally {
      t.cleanup()
    }
  })

  it('reports a missing dataset file with the directory it looked in (exit 3)', () => {
    const t = tempDir()
    try {
      const r = run(['build', '--only', '2016.1', '--datasets', t.dir, '--out', join(t.dir, 'out')])
      expect(r.code).toBe(3)
      expect(r.stderr).toMatch(/is missing from .*set OPENFACTORS_DATASETS/)
    } finally {
      t.cleanup()
    }
  })
})
