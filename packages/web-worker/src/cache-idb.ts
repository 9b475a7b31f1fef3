/**
 * The IndexedDB cache (through idb). The schema is a list of versioned upgrades; entries are
 * keyed by release + sha256 (+ snapshot format), so a new engine never reads a stale index and
 * two tabs writing the same release write the same record (puts are idempotent).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { CorpusCache, StoredArtifact, StoredManifest, StoredSnapshot } from './cache-types.ts'

export const DB_NAME = 'openfactors'
/** Bump with a new step in `upgrade` whenever the stores change. */
export const DB_VERSION = 1

const MANIFEST_KEY = 'latest'

export interface CorpusDB extends DBSchema {
  manifest: { key: string; value: StoredManifest }
  artifacts: { key: string; value: StoredArtifact }
  snapshots: { key: string; value: StoredSnapshot; indexes: { by_artifact: string } }
}

export async function openCorpusDB(name: string = DB_NAME): Promise<IDBPDatabase<CorpusDB>> {
  return openDB<CorpusDB>(name, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('manifest')
        db.createObjectStore('artifacts', { keyPath: 'id' })
        db.createObjectStore('snapshots', { keyPath: 'id' }).createIndex('by_artifact', 'artifact_id')
      }
    },
  })
}

/**
 * One connection, reopened on demand. Another tab that upgrades the schema sends `versionchange`:
 * we close at once so it is not blocked, and reopen on the next call.
 */
export class IdbCache implements CorpusCache {
  readonly storage = 'indexeddb' as const
  readonly fallbackReason = undefined
  private db: Promise<IDBPDatabase<CorpusDB>> | undefined

  constructor(private readonly name: string = DB_NAME) {}

  /** Open now so a failure (private mode, broken profile) shows before anything is cached. */
  async open(): Promise<void> {
    await this.connection()
  }

  async getManifest(): Promise<StoredManifest | undefined> {
    return (await this.connection()).get('manifest', MANIFEST_KEY)
  }
  async putManifest(value: StoredManifest): Promise<void> {
    await (await this.connection()).put('manifest', value, MANIFEST_KEY)
  }
  async getArtifact(id: string): Promise<StoredArtifact | undefined> {
    return (await this.connection()).get('artifacts', id)
  }
  async putArtifact(value: StoredArtifact): Promise<void> {
    await (await this.connection()).put('artifacts', value)
  }
  async getSnapshot(id: string): Promise<StoredSnapshot | undefined> {
    return (await this.connection()).get('snapshots', id)
  }
  async putSnapshot(value: StoredSnapshot): Promise<void> {
    await (await this.connection()).put('snapshots', value)
  }

  async deleteArtifact(id: string): Promise<void> {
    const db = await this.connection()
    const tx = db.transaction(['artifacts', 'snapshots'], 'readwrite')
    const snapshots = tx.objectStore('snapshots')
    const done = [tx.objectStore('artifacts').delete(id)]
    for (const key of await snapshots.index('by_artifact').getAllKeys(id)) done.push(snapshots.delete(key))
    await Promise.all([...done, tx.done])
  }

  async keys(): Promise<{ artifacts: string[]; snapshots: string[] }> {
    const db = await this.connection()
    const [artifacts, snapshots] = await Promise.all([db.getAllKeys('artifacts'), db.getAllKeys('snapshots')])
    return { artifacts, snapshots }
  }
  async deleteSnapshot(id: string): Promise<void> {
    await (await this.connection()).delete('snapshots', id)
  }

  close(): void {
    const db = this.db
    this.db = undefined
    void db?.then((open) => open.close(), () => undefined)
  }

  private connection(): Promise<IDBPDatabase<CorpusDB>> {
    if (!this.db) {
      const opening = openCorpusDB(this.name).then((db) => {
        // Another tab wants a newer schema: step aside, reopen lazily next time.
        db.addEventListener('versionchange', () => this.forget(opening, db))
        db.addEventListener('close', () => this.forget(opening, db))
        return db
      })
      opening.catch(() => this.forget(opening))
      this.db = opening
    }
    return this.db
  }

  private forget(which: Promise<IDBPDatabase<CorpusDB>>, db?: IDBPDatabase<CorpusDB>): void {
    if (this.db === which) this.db = undefined
    db?.close()
  }
}
