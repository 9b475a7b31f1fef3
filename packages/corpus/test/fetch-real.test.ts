/**
 * The real lock against a local server standing in for the publishers and repositories: every
 * download source of the lock is rewritten to `http://127.0.0.1:<port>/<host>/<path>`; the server
 * answers repository addresses with the file from the datasets directory and 404 for publisher
 * addresses (so the fallback to the next source is exercised). Then a release is built from what
 * was fetched and proven. Skipped without the datasets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { buildReleases, type BuildResult } from '../src/build.ts'
import { fetchDatasets, type FetchResult } from '../src/fetch/fetch-datasets.ts'
import { readLock } from '../src/lock/lock.ts'
import type { DatasetsLock, DownloadSource } from '../src/lock/schema.ts'
import { datasetsPresent, findDatasetsDir } from '../src/paths.ts'
import { tempDir } from './fixtures.ts'
import { serveDirectory, type StaticServer } from './http-server.ts'

const datasetsDir = findDatasetsDir()
const present = datasetsPresent(datasetsDir)

describe.skipIf(!present)(`fetch from stand-in publishers, then build${present ? '' : ` (skipped: no datasets in ${datasetsDir} to serve)`}`, () => {
  const t = tempDir('openfactors-fetch-real-')
  let server: StaticServer
  let fetched: FetchResult
  let built: BuildResult
  const lock = readLock()

  beforeAll(async () => {
    // request path `<host>/<path>` of a repository source -> the file of the lock it stands for
    const byPath = new Map<string, string>()
    const local = (s: DownloadSource) => new URL(s.url).host + decodeURIComponent(new URL(s.url).pathname)
    for (const f of [...lock.editions.flatMap((e) => e.files), ...lock.excluded]) {
      for (const s of f.sources ?? []) if (s.kind === 'repository') byPath.set(local(s), join(datasetsDir, f.path))
    }
    server = await serveDirectory(datasetsDir, { route: (p) => byPath.get(p) })
    const rewrite = (s: DownloadSource): DownloadSource => ({ ...s, url: `${server.url}/${new URL(s.url).host}${new URL(s.url).pathname}` })
    const standIn: DatasetsLock = {
      ...lock,
      excluded: lock.excluded.map((x) => ({ ...x, sources: (x.sources ?? []).map(rewrite) })),
      editions: lock.editions.map((e) => ({ ...e, files: e.files.map((f) => ({ ...f, sources: (f.sources ?? []).map(rewrite) })) })),
    }
    fetched = await fetchDatasets({ lock: standIn, datasetsDir: join(t.dir, 'datasets'), attempts: 2, backoffMs: 10 })
    built = await buildReleases({ outDir: join(t.dir, 'releases'), datasetsDir: join(t.dir, 'datasets'), only: ['2026.2'], allowIncomplete: true })
  }, 600_000)
  afterAll(async () => {
    await server?.close()
    t.cleanup()
  })

  it('fetches every file of the lock from its sources, falling back from publisher addresses to the repository copy', () => {
    expect(fetched.failed).toEqual([])
    const all = [...lock.editions.flatMap((e) => e.files), ...lock.excluded]
    expect(fetched.fetched).toHaveLength(new Set(all.map((f) => f.path)).size)
    const publisherTried = server.requests.filter((r) => r.status === 404)
    expect(publisherTried.length).toBe(all.filter((f) => f.sources?.[0]?.kind === 'publisher').length)
    for (const f of fetched.fetched) expect(f.from).toContain('raw.githubusercontent.com')
  })

  it('builds the latest release from what it fetched, every reference proven', () => {
    expect(built.written).toBe(true)
    expect(built.report.errors).toEqual([])
    expect(built.report.proof.failures).toEqual([])
    expect(built.report.proof.share).toBe(1)
    expect(built.artifacts.map((a) => a.mb_version)).toEqual(['2026.2'])
    expect(built.artifacts[0]!.factors.length).toBeGreaterThan(19_000)
  })
})
