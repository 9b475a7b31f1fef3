/**
 * Two real server processes (start.ts) share one store — a real PostgreSQL, or one SQLite file on
 * this machine: concurrent keyed requests fired at both never get past the burst limit together,
 * and counted calls survive a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { get } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdmin } from '../src/admin-cli.ts'
import { postgresAvailability, startPostgres, type TestPostgres } from './support/postgres-server.ts'
import { spawnServer, type ChildServer } from './support/spawn-server.ts'
import { writeTestReleases } from './support/test-release.ts'

const mode = postgresAvailability(process.env)
const BURST = 40

const cases = [
  { store: 'postgres' as const, skip: mode === 'skip' },
  { store: 'sqlite' as const, skip: false },
]

describe.each(cases)('two server instances on one $store store', ({ store, skip }) => {
  let pg: TestPostgres | undefined
  let dir: string
  let servers: ChildServer[] = []
  let env: Record<string, string>

  beforeAll(async () => {
    if (skip) return
    dir = mkdtempSync(join(tmpdir(), 'openfactors-multi-'))
    writeTestReleases(join(dir, 'releases'))
    env = { OPENFACTORS_RELEASES_DIR: join(dir, 'releases'), OPENFACTORS_FREE_BURST: String(BURST), OPENFACTORS_OPEN_RATE: '100000' }
    if (store === 'postgres') {
      pg = await startPostgres()
      env['DATABASE_URL'] = pg.url
    } else {
      env['OPENFACTORS_DB'] = join(dir, 'shared.db')
    }
    servers = await Promise.all([spawnServer(env), spawnServer(env)])
  })

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
    pg?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it.skipIf(skip)('holds the burst limit through the lookup fast path too (plain requests, no Accept-Encoding)', async () => {
    const [a, b] = servers as [ChildServer, ChildServer]
    const issued = await fetch(`${a.url}/v1/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'multi-fast@example.org' }) })
    const { key } = (await issued.json()) as { key: string }
    const second = new Date().getUTCSeconds()
    if (second > 45) await new Promise((r) => setTimeout(r, (61 - second) * 1000))
    // fetch sends Accept-Encoding (the normal path); node:http without it takes the fast path once a body is kept.
    const plain = (url: string) => new Promise<number>((resolve, reject) => {
      get(`${url}/v1/factors/fuels.gb.diesel.litres`, { headers: { authorization: `Bearer ${key}` }, agent: false }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      }).on('error', reject)
    })
    // One call to each instance first: the normal path keeps the body, so the rest go the fast way.
    expect([await plain(a.url), await plain(b.url)]).toEqual([200, 200])
    const statuses = await Promise.all(Array.from({ length: 118 }, (_, i) => plain((i % 2 ? a : b).url)))
    expect(statuses.filter((s) => s === 200)).toHaveLength(BURST - 2)
    expect(statuses.filter((s) => s === 429)).toHaveLength(120 - BURST)
  })

  it.skipIf(skip)('holds the burst limit across both instances: exactly `limit` successes, the rest 429', async () => {
    const [a, b] = servers as [ChildServer, ChildServer]
    const issued = await fetch(`${a.url}/v1/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'multi@example.org' }) })
    expect(issued.status).toBe(201)
    const { key } = (await issued.json()) as { key: string }
    // Fixed minute windows: start well inside a minute so all calls land in the same one.
    const second = new Date().getUTCSeconds()
    if (second > 45) await new Promise((r) => setTimeout(r, (61 - second) * 1000))
    const lookup = (url: string) => fetch(`${url}/v1/factors/fuels.gb.diesel.litres`, { headers: { authorization: `Bearer ${key}` } })
    // One call on each instance first, so both serve successes whichever answers the concurrent ones faster.
    const first = [await lookup(a.url), await lookup(b.url)]
    expect(first.map((r) => r.status)).toEqual([200, 200])
    const responses = await Promise.all(Array.from({ length: 118 }, (_, i) => lookup((i % 2 ? a : b).url)))
    const statuses = [...first, ...responses].map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(BURST)
    expect(statuses.filter((s) => s === 429)).toHaveLength(120 - BURST)
    const limited = responses.find((r) => r.status === 429)
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await limited?.json()) as unknown).toMatchObject({ error: { code: 'rate_limited' } })

    // The counted calls are in PostgreSQL and survive a restart of both instances.
    await Promise.all(servers.map((s) => s.stop()))
    servers = [await spawnServer(env)]
    const account = (await (await fetch(`${servers[0]!.url}/v1/account`, { headers: { authorization: `Bearer ${key}` } })).json()) as { usage: { month: number } }
    expect(account.usage.month).toBe(BURST)
  })

  it.skipIf(skip)('a key rotated on one instance is 401 on the other once the rotation answers, though that one holds a quota lease of it', async () => {
    // Long leases, so that the lease is surely still held when the rotation is asked for.
    const leased = { ...env, OPENFACTORS_QUOTA_LEASE_MS: '500' }
    const [a, b] = await Promise.all([spawnServer(leased), spawnServer(leased)])
    try {
      const issued = await fetch(`${a.url}/v1/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'multi-rotate@example.org' }) })
      const { key } = (await issued.json()) as { key: string }
      await runAdmin(['plan', 'multi-rotate@example.org', 'enterprise', '--burst', '100000'], leased, () => undefined)
      const lookup = (k: string) => fetch(`${b.url}/v1/factors/fuels.gb.diesel.litres`, { headers: { authorization: `Bearer ${k}` } })
      const usage = async () => ((await (await fetch(`${a.url}/v1/account`, { headers: { authorization: `Bearer ${key}` } })).json()) as { usage: { month: number } }).usage.month
      // Busy on b until b holds a lease with units left: the store has more counted than b served.
      let served = 0
      for (let wave = 0; wave < 20 && (await usage()) <= served; wave++) {
        const statuses = await Promise.all(Array.from({ length: 30 }, async () => (await lookup(key)).status))
        served += statuses.filter((st) => st === 200).length
        // Busy means calls in the last lease time: let one pass now and then.
        await new Promise((r) => setTimeout(r, 150))
      }
      expect(await usage()).toBeGreaterThan(served)
      const rotated = await fetch(`${a.url}/v1/keys/rotate`, { method: 'POST', headers: { authorization: `Bearer ${key}` } })
      expect(rotated.status).toBe(201)
      const { key: next } = (await rotated.json()) as { key: string }
      expect((await lookup(key)).status).toBe(401)
      expect((await lookup(next)).status).toBe(200)
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
  })

  it.skipIf(skip)('shuts down gracefully on SIGTERM with exit code 0', async () => {
    const s = await spawnServer(env)
    expect(await s.stop()).toBe(0)
    expect(s.output()).toContain('SIGTERM: shutting down')
  })
})
