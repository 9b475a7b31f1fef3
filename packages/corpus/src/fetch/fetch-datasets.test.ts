import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { lockEdition, tempDir, testLock, writeText } from '../../test/fixtures.ts'
import { serveDirectory, type StaticServer } from '../../test/http-server.ts'
import type { DatasetsLock, DownloadSource } from '../lock/schema.ts'
import { fetchDatasets, formatFetchResult, mirrorUrl, missingFiles } from './fetch-datasets.ts'

/** Two generated "published" files (one in a folder with a space), served by a local server. */
let t: ReturnType<typeof tempDir>
let server: StaticServer
let lock: DatasetsLock
const A = 'pub-a/data file.csv'
const B = 'pub-b/nested/book.bin'

function withSources(l: DatasetsLock, sources: (path: string) => DownloadSource[]): DatasetsLock {
  return { ...l, editions: l.editions.map((e) => ({ ...e, files: e.files.map((f) => ({ ...f, sources: sources(f.path) })) })) }
}

beforeEach(async () => {
  t = tempDir()
  writeText(join(t.dir, 'published', A), 'a,b\n1,2\n')
  writeText(join(t.dir, 'published', B), randomBytes(300_000))
  const edition = lockEdition(join(t.dir, 'published'), { id: 'test-1', adapter: 'x', published_at: '2020-01-01', files: [A, B] })
  server = await serveDirectory(join(t.dir, 'published'))
  lock = withSources(testLock([edition]), (p) => [
    { kind: 'publisher', url: `${server.url}/moved-away/${encodeURIComponent(p)}` },
    { kind: 'repository', url: mirrorUrl(server.url, p), repository: 'someone/copy', commit: 'a'.repeat(40), path: p },
  ])
})
afterEach(async () => {
  await server.close()
  t.cleanup()
})

const fast = { attempts: 3, backoffMs: 5 }
const same = (p: string) => expect(readFileSync(join(t.dir, 'out', p))).toEqual(readFileSync(join(t.dir, 'published', p)))

describe('fetchDatasets', () => {
  it('downloads every file from its sources in order (a 404 moves on to the next source), then keeps what is there', async () => {
    const dir = join(t.dir, 'out')
    expect(missingFiles(lock, dir)).toEqual([A, B])
    const first = await fetchDatasets({ lock, datasetsDir: dir, ...fast })
    expect(first.failed).toEqual([])
    expect(first.fetched.map((f) => f.path)).toEqual([A, B])
    expect(first.fetched[0]?.from).toBe(mirrorUrl(server.url, A))
    same(A)
    same(B)
    expect(missingFiles(lock, dir)).toEqual([])
    const before = server.requests.length
    const second = await fetchDatasets({ lock, datasetsDir: dir, ...fast })
    expect(second.kept).toEqual([A, B])
    expect(server.requests.length).toBe(before)
  })

  it('takes every file from <mirror>/<path in the lock> with a mirror', async () => {
    const r = await fetchDatasets({ lock: withSources(lock, () => []), datasetsDir: join(t.dir, 'out'), mirror: `${server.url}/`, ...fast })
    expect(r.failed).toEqual([])
    expect(server.requests.map((q) => q.path)).toEqual([A, B])
    same(B)
  })

  it('resumes a partial file with a Range request', async () => {
    const whole = readFileSync(join(t.dir, 'published', B))
    writeText(join(t.dir, 'out', `${B}.part`), whole.subarray(0, 120_000))
    const r = await fetchDatasets({ lock, datasetsDir: join(t.dir, 'out'), mirror: server.url, ...fast })
    expect(r.failed).toEqual([])
    const req = server.requests.find((q) => q.path === B)
    expect(req?.headers.range).toBe('bytes=120000-')
    expect(req?.status).toBe(206)
    same(B)
    expect(existsSync(join(t.dir, 'out', `${B}.part`))).toBe(false)
  })

  it('retries a 503 and a connection cut mid-body with backoff, resuming where the cut left off', async () => {
    server.faults.set(A, { status: 503, times: 2 })
    server.faults.set(B, { cutAfter: 50_000, times: 1 })
    const notes: string[] = []
    const r = await fetchDatasets({ lock, datasetsDir: join(t.dir, 'out'), mirror: server.url, ...fast, onNote: (l) => notes.push(l) })
    expect(r.failed).toEqual([])
    same(A)
    same(B)
    expect(server.requests.filter((q) => q.path === A).map((q) => q.status)).toEqual([503, 503, 200])
    const bReqs = server.requests.filter((q) => q.path === B)
    expect(bReqs).toHaveLength(2)
    expect(bReqs[1]?.headers.range).toMatch(/^bytes=\d+-$/)
    expect(notes.some((n) => n.includes('HTTP 503') && n.includes('retrying'))).toBe(true)
  })

  it('says which file failed and why: wrong sha256 from one source, 404 from another, no retry for either', async () => {
    writeFileSync(join(t.dir, 'published', A), 'tampered\n')
    const lostB = withSources(lock, (p) => (p === B ? [{ kind: 'publisher', url: `${server.url}/gone` }] : [{ kind: 'publisher', url: mirrorUrl(server.url, p) }]))
    const r = await fetchDatasets({ lock: lostB, datasetsDir: join(t.dir, 'out'), ...fast })
    expect(r.failed.map((f) => f.path)).toEqual([A, B])
    expect(r.failed[0]?.reasons.join()).toMatch(/sha256 [0-9a-f]{64} differs from the lock/)
    expect(r.failed[1]?.reasons).toEqual([`${server.url}/gone: HTTP 404 Not Found`])
    expect(server.requests).toHaveLength(2)
    const text = formatFetchResult(r)
    expect(text).toContain(`FAILED ${A}`)
    expect(text).toContain(`FAILED ${B}`)
    expect(existsSync(join(t.dir, 'out', A))).toBe(false)
    // Nothing left behind: no empty file, no empty directory taken for datasets by the next run.
    expect(existsSync(join(t.dir, 'out'))).toBe(false)
  })

  it('names an unreachable host after its retries', async () => {
    const r = await fetchDatasets({ lock, datasetsDir: join(t.dir, 'out'), mirror: 'http://127.0.0.1:9', ...fast })
    expect(r.failed).toHaveLength(2)
    expect(r.failed[0]?.reasons[0]).toMatch(/^http:\/\/127\.0\.0\.1:9\/pub-a\/data%20file\.csv: fetch failed/)
    // the second file does not wait through the same retries again
    expect(r.failed[1]?.reasons[0]).toMatch(/not tried, http:\/\/127\.0\.0\.1:9 was unreachable/)
  })
})
