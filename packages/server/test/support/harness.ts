/**
 * A real app for HTTP tests: the real engine loaded with the two test releases, a real SQLite
 * store in a temp dir, the release files on disk, a settable clock and a captured access log.
 */
import { createEngine, verifyReceipt } from '@openfactors/engine'
import type { Engine } from '@openfactors/engine'
import { RESOLVE_MODEL } from '@openfactors/engine/resolve-model'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../src/app.ts'
import type { AppDeps, LogLine } from '../../src/app-env.ts'
import { defaultConfig, type Plan, type ServerConfig } from '../../src/config.ts'
import { diskReleaseFiles } from '../../src/release-files.ts'
import { openSqliteStore } from '../../src/stores/sqlite.ts'
import type { Store } from '../../src/stores/types.ts'
import { testRelease, writeTestReleases } from './test-release.ts'

export interface Harness {
  app: ReturnType<typeof createApp>
  /** The engine the app serves (to compare answers with the engine's own). */
  engine: Engine
  store: Store
  config: ServerConfig
  logs: LogLine[]
  /** Set the time the app sees. */
  setNow(iso: string): void
  /** Issue a key through the API and optionally change its plan in the store. */
  key(email: string, plan?: Plan, overrides?: { monthly_quota?: number; burst_per_minute?: number }): Promise<string>
  json(path: string, body: unknown, key?: string, init?: RequestInit): Promise<Response>
  get(path: string, key?: string, headers?: Record<string, string>): Promise<Response>
  close(): Promise<void>
}

export async function harness(configOverrides: Partial<ServerConfig> = {}, deps: Pick<AppDeps, 'gzip'> = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'openfactors-app-'))
  writeTestReleases(join(dir, 'releases'))
  const releases = diskReleaseFiles(join(dir, 'releases'))
  const manifest = releases.manifest()
  const engine = createEngine({ catalog: manifest?.releases ?? [], loadRelease: (v) => releases.artifactJson(v), resolveModel: RESOLVE_MODEL })
  engine.load(testRelease('2026.2'))
  const store = openSqliteStore(join(dir, 'test.db'))
  await store.migrate()
  const config = defaultConfig({ log: 'json', ...configOverrides })
  let now = new Date('2026-11-22T10:00:30.000Z')
  const logs: LogLine[] = []
  const app = createApp({
    engine, store, config, releases, verifyReceipt,
    clock: () => now,
    logger: (line) => { logs.push(line) },
    clientAddress: (req) => req.headers.get('x-test-address') ?? '192.0.2.1',
    ...deps,
  })
  const h: Harness = {
    app, engine, store, config, logs,
    setNow(iso) { now = new Date(iso) },
    async key(email, plan, overrides) {
      const res = await app.request('/v1/keys', { method: 'POST', headers: { 'content-type': 'application/json', 'x-test-address': `key-${email}` }, body: JSON.stringify({ email }) })
      if (res.status !== 201) throw new Error(`key issue failed: ${res.status} ${await res.text()}`)
      const { key } = (await res.json()) as { key: string }
      if (plan) await store.setPlan({ email, plan, ...overrides })
      return key
    },
    json(path, body, key, init = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (key) headers['authorization'] = `Bearer ${key}`
      return Promise.resolve(app.request(path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body), ...init }))
    },
    get(path, key, headers = {}) {
      return Promise.resolve(app.request(path, { headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } }))
    },
    async close() {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
  return h
}

export interface ErrorEnvelope {
  error: { code: string; message: string; docs: string; [k: string]: unknown }
}

export async function errorOf(res: Response): Promise<ErrorEnvelope['error']> {
  const body = (await res.json()) as ErrorEnvelope
  return body.error
}
