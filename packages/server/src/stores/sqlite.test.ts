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
