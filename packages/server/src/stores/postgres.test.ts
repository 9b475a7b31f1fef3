import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresAvailability, startPostgres, type TestPostgres } from '../../test/support/postgres-server.ts'
import { openPostgresStore } from './postgres.ts'
import { storeSuite } from '../../test/support/store-suite.ts'
import pg from 'pg'

const mode = postgresAvailability(process.env)

describe.skipIf(mode === 'skip')('postgres', () => {
  let server: TestPostgres
  beforeAll(async () => { server = await startPostgres() })
  afterAll(() => server?.stop())

  // Each test gets an empty schema: drop the tables, then the suite migrates.
  storeSuite('postgres', async () => {
    const client = new pg.Client({ connectionString: server.url })
    await client.connect()
    await client.query('DROP TABLE IF EXISTS webhook_deliveries, webhooks, usage_counters, api_keys, accounts, meta')
    await client.end()
    return openPostgresStore(server.url)
  })

  it('keeps counted calls across a new pool (restart)', async () => {
    const first = openPostgresStore(server.url)
    await first.migrate()
    await first.consume('acct:restart', [{ window: 'M:2026-11', limit: 10 }])
    await first.close()
    const second = openPostgresStore(server.url)
    expect(await second.peek('acct:restart', ['M:2026-11'])).toEqual([1])
    await second.close()
  })
})
