import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../errors.ts'
import { guardStore, isStoreOutage } from './guard.ts'
import { openSqliteStore } from './sqlite.ts'

describe('store outages', () => {
  it('recognises connection, timeout and busy errors, not bugs', () => {
    for (const err of [{ code: 'ECONNREFUSED' }, { code: '57P01' }, { code: '08006' }, { code: 'SQLITE_BUSY' }, { code: 'SQLITE_LOCKED_SHAREDCACHE' }, new Error('Connection terminated unexpectedly'), new Error('timeout exceeded when trying to connect')]) {
      expect(isStoreOutage(err), JSON.stringify(err) + String(err)).toBe(true)
    }
    for (const err of [{ code: '23505' }, new TypeError('x is undefined'), null, 'text']) expect(isStoreOutage(err)).toBe(false)
  })

  it('passes errors that are not outages through unchanged (a closed database); outages: test/store-outage.test.ts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openfactors-guard-'))
    try {
      const raw = openSqliteStore(join(dir, 'g.db'))
      await raw.migrate()
      const seen: unknown[] = []
      const store = guardStore(raw, 1_000, (err) => seen.push(err))
      await store.close()
      const err = await store.ping().catch((e: unknown) => e)
      // A closed database is a bug-shaped error (TypeError), not an outage: it passes through.
      expect(err).not.toBeInstanceOf(ApiError)
      expect(seen).toHaveLength(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
