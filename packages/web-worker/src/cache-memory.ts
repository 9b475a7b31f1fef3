/** The cache when IndexedDB is unavailable (private mode, quota) or not wanted: lives as long as the worker. */
import type { CorpusCache, StoredArtifact, StoredManifest, StoredSnapshot } from './cache-types.ts'

export class MemoryCache implements CorpusCache {
  readonly storage = 'memory' as const
  private manifest: StoredManifest | undefined
  private readonly artifacts = new Map<string, StoredArtifact>()
  private readonly snapshots = new Map<string, StoredSnapshot>()

  constructor(readonly fallbackReason: string | undefined = undefined) {}

  async getManifest(): Promise<StoredManifest | undefined> {
    return this.manifest
  }
  async putManifest(value: StoredManifest): Promise<void> {
    this.manifest = value
  }
  async getArtifact(id: string): Promise<StoredArtifact | undefined> {
    return this.artifacts.get(id)
  }
  async putArtifact(value: StoredArtifact): Promise<void> {
    this.artifacts.set(value.id, value)
  }
  async getSnapshot(id: string): Promise<StoredSnapshot | undefined> {
    return this.snapshots.get(id)
  }
  async putSnapshot(value: StoredSnapshot): Promise<void> {
    this.snapshots.set(value.id, value)
  }
  async deleteArtifact(id: string): Promise<void> {
    this.artifacts.delete(id)
    for (const snapshot of [...this.snapshots.values()]) {
      if (snapshot.artifact_id === id) this.snapshots.delete(snapshot.id)
    }
  }
  async keys(): Promise<{ artifacts: string[]; snapshots: string[] }> {
    return { artifacts: [...this.artifacts.keys()], snapshots: [...this.snapshots.keys()] }
  }
  async deleteSnapshot(id: string): Promise<void> {
    this.snapshots.delete(id)
  }
  close(): void {
    this.artifacts.clear()
    this.snapshots.clear()
  }
}
