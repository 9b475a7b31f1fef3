/** Open the configured store: PostgreSQL when DATABASE_URL is set, else SQLite at OPENFACTORS_DB. */
import { join } from 'node:path'
import { repoRoot } from '../paths.ts'
import type { ServerConfig } from '../config.ts'
import { openPostgresStore } from './postgres.ts'
import { openSqliteStore } from './sqlite.ts'
import { guardStore } from './guard.ts'
import type { Store } from './types.ts'

export function defaultSqlitePath(): string {
  return join(repoRoot(), 'data', 'openfactors.db')
}

/**
 * The store, migrated, with every call bounded and outages answered as `store_unavailable`
 * (guard.ts). `onOutage` hears each outage error (for the log; never sent to a client).
 */
export async function openStore(config: Pick<ServerConfig, 'databaseUrl' | 'sqlitePath'> & Partial<Pick<ServerConfig, 'storeTimeoutMs'>>, onOutage: (err: unknown) => void = () => undefined): Promise<Store> {
  const timeoutMs = config.storeTimeoutMs ?? 3_000
  const store = config.databaseUrl
    ? openPostgresStore(config.databaseUrl, { timeoutMs, onError: onOutage })
    : openSqliteStore(config.sqlitePath ?? defaultSqlitePath(), Math.min(timeoutMs, 1_000))
  await store.migrate()
  return guardStore(store, timeoutMs, onOutage)
}
