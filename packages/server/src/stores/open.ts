/** Open the configured store: PostgreSQL when DATABASE_URL is set, else SQLite at OPENFACTORS_DB. */
import { join } from 'node:path'
import { repoRoot } from '../paths.ts'
import type { ServerConfig } from '../config.ts'
import { openPostgresStore } from './postgres.ts'
import { openSqliteStore } from './sqlite.ts'
import { guardStore } from './guard.ts'
import { DEFAULT_LEASE, leaseQuotas } from './quota-lease.ts'
import type { Store } from './types.ts'

export function defaultSqlitePath(): string {
  return join(repoRoot(), 'data', 'openfactors.db')
}

/**
 * The store, migrated, with every call bounded and outages answered as `store_unavailable`
 * (guard.ts), and a busy key's counted calls taken in leases (quota-lease.ts; `quotaLeaseMs` 0 turns
 * them off). `onOutage` hears each outage error (for the log; never sent to a client).
 */
export async function openStore(config: Pick<ServerConfig, 'databaseUrl' | 'sqlitePath'> & Partial<Pick<ServerConfig, 'storeTimeoutMs' | 'quotaLeaseMs'>>, onOutage: (err: unknown) => void = () => undefined): Promise<Store> {
  const timeoutMs = config.storeTimeoutMs ?? 3_000
  const store = config.databaseUrl
    ? openPostgresStore(config.databaseUrl, { timeoutMs, onError: onOutage })
    : openSqliteStore(config.sqlitePath ?? defaultSqlitePath(), Math.min(timeoutMs, 1_000))
  await store.migrate()
  const leaseMs = config.quotaLeaseMs ?? DEFAULT_LEASE.leaseMs
  return leaseQuotas(guardStore(store, timeoutMs, onOutage), { ...DEFAULT_LEASE, leaseMs })
}
