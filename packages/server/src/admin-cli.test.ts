import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'
import { runAdmin } from './admin-cli.ts'
import { openSqliteStore } from './stores/sqlite.ts'
import { REPO_ROOT } from '../test/support/spawn-server.ts'

const dir = mkdtempSync(join(tmpdir(), 'openfactors-admin-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function seed(path: string, email: string): Promise<void> {
  const store = openSqliteStore(path)
  await store.createAccount({ account_id: `acct_${email}`, email, plan: 'free', key: { id: `key_${email}`, hash: email.padEnd(64, '0'), prefix: 'of_live_x' }, now: new Date() })
  await store.close()
}

describe('admin CLI', () => {
  it('changes a plan (with enterprise overrides) in the store the server uses', async () => {
    const db = join(dir, 'a.db')
    await seed(db, 'buyer@example.org')
    const out: string[] = []
    expect(await runAdmin(['plan', 'Buyer@example.org', 'enterprise', '--monthly', '9000000', '--burst', '20000'], { OPENFACTORS_DB: db }, (l) => out.push(l))).toBe(0)
    expect(out[0]).toBe('buyer@example.org: plan enterprise, monthly 9000000, burst 20000/min')
    const store = openSqliteStore(db)
    expect(await store.findAccountByEmail('buyer@example.org')).toMatchObject({ plan: 'enterprise', monthly_quota: 9_000_000, burst_per_minute: 20_000 })
    await store.close()
  })

  it('refuses unknown plans and emails, and prints usage', async () => {
    const db = join(dir, 'b.db')
    await seed(db, 'x@example.org')
    const out: string[] = []
    expect(await runAdmin(['plan', 'x@example.org', 'platinum'], { OPENFACTORS_DB: db }, (l) => out.push(l))).toBe(2)
    expect(await runAdmin(['plan', 'nobody@example.org', 'business'], { OPENFACTORS_DB: db }, (l) => out.push(l))).toBe(1)
    expect(await runAdmin([], { OPENFACTORS_DB: db }, (l) => out.push(l))).toBe(2)
    expect(out).toEqual([expect.stringContaining('unknown plan'), 'no account for nobody@example.org', expect.stringContaining('usage:')])
  })

  it('runs as `npm run admin -- plan <email> business`', async () => {
    const db = join(dir, 'c.db')
    await seed(db, 'cli@example.org')
    const printed = execFileSync('npm', ['run', '--silent', 'admin', '--', 'plan', 'cli@example.org', 'business'], { cwd: REPO_ROOT, env: { ...process.env, OPENFACTORS_DB: db }, encoding: 'utf8' })
    expect(printed.trim()).toBe('cli@example.org: plan business')
    const store = openSqliteStore(db)
    expect((await store.findAccountByEmail('cli@example.org'))?.plan).toBe('business')
    await store.close()
  })
})
