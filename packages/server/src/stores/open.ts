/** Open the configured store: PostgreSQL when DATABASE_URL is set, else SQLite at OPENFACTORS_DB. */
import { join } from 'node:path'
import { repoRoot } from '../paths.ts'
import type { ServerConfig } from '../config.ts'
import { openPostgresStore } from './postgres.ts'
import { openSqliteStore } from './sqlite.ts'
import type { Store } from './types.ts'

export function defaultSqlitePath(): string {
  return join(repoRoot(), 'data', 'openfactors.db')
}

export async function openStore(config: Pick<ServerConfig, 'databaseUrl' | 'sqlitePath'>): Promise<Store> {
  const store = config.databaseUrl ? openPostgresStore(config.databaseUrl) : openSqliteStore(config.sqlitePath ?? defaultSqlitePath())
  await store.migrate()
  return store
}
