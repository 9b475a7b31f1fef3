import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openSqliteStore } from './sqlite.ts'
import { storeSuite } from '../../test/support/store-suite.ts'

const dir = mkdtempSync(join(tmpdir(), 'openfactors-sqlite-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let n = 0

storeSuite('sqlite', async () => openSqliteStore(join(dir, `store-${++n}.db`)))

describe('sqlite durability', () => {
  it('keeps counted calls across a reopen (restart)', async () => {
    const path = join(dir, 'restart.db')
    const first = openSqliteStore(path)
    await first.consume('acct:r', [{ window: 'M:2026-11', limit: 10 }])
    await first.consume('acct:r', [{ window: 'M:2026-11', limit: 10 }])
    await first.close()
    const second = openSqliteStore(path)
    expect(await second.peek('acct:r', ['M:2026-11'])).toEqual([2])
    await second.close()
  })
})

describe('sqlite: several processes opening one new file at once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'openfactors-sqlite-race-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('all open it (the schema and its later column are added once, in one write transaction)', async () => {
    const file = join(dir, 'shared.db')
    const store = new URL('./sqlite.ts', import.meta.url).pathname
    // Every child loads first, then all open the file in the same millisecond (the race to reproduce).
    const at = Date.now() + 4_000
    const script = `import { openSqliteStore } from ${JSON.stringify(store)}; while (Date.now() < ${at}); const s = openSqliteStore(${JSON.stringify(file)}, 5000); await s.migrate(); console.log('ok')`
    const runs = Array.from({ length: 4 }, () => new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] })
      let out = ''
      child.stdout.on('data', (d: Buffer) => { out += d.toString() })
      child.stderr.on('data', (d: Buffer) => { out += d.toString() })
      child.on('exit', (code) => resolve({ code, out }))
    }))
    for (const run of await Promise.all(runs)) {
      expect(run.out).toContain('ok')
      expect(run.code).toBe(0)
    }
  }, 60_000)
})
