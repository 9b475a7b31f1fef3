/**
 * Docs that run: every request example in docs/*.md and README.md (curl commands, `POST /v1/…`
 * blocks, blocks marked `<!-- request: … -->`) and every example of the OpenAPI document is sent
 * to the real app over the real latest release through `app.request()`. An example that stops
 * working fails here. Skipped only where no release has been built yet.
 */
import { createEngine, latestRelease, verifyReceipt } from '@openfactors/engine'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/app.ts'
import { defaultConfig } from '../src/config.ts'
import { defaultReleasesDir, repoRoot } from '../src/paths.ts'
import { diskReleaseFiles } from '../src/release-files.ts'
import { openSqliteStore } from '../src/stores/sqlite.ts'
import type { Store } from '../src/stores/types.ts'
import { docRequests, type DocRequest } from './support/doc-examples.ts'

const releasesDir = defaultReleasesDir()
const built = existsSync(join(releasesDir, 'manifest.json'))
const docsDir = join(repoRoot(), 'docs')

describe.skipIf(!built)(`request examples of the docs and the OpenAPI document run${built ? '' : ' (skipped: no built release in data/releases; npm run corpus -- build)'}`, () => {
  let dir: string
  let store: Store
  let app: ReturnType<typeof createApp>
  let key = ''

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'openfactors-doc-examples-'))
    const files = diskReleaseFiles(releasesDir)
    const manifest = files.manifest()!
    const engine = createEngine({ catalog: manifest.releases, loadRelease: (v) => files.artifactJson(v) })
    engine.load(files.artifactJson(latestRelease(manifest.releases)!.mb_version))
    store = openSqliteStore(join(dir, 'docs.db'))
    app = createApp({ engine, store, config: defaultConfig({ log: 'off' }), releases: files, verifyReceipt })
    const res = await app.request('/v1/keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'doc-examples@example.org' }) })
    key = ((await res.json()) as { key: string }).key
    // webhooks and the bulk feed are business features
    await store.setPlan({ email: 'doc-examples@example.org', plan: 'business' })
  })
  afterAll(async () => {
    await store?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  async function send(req: DocRequest): Promise<{ status: number; text: string }> {
    const headers = { ...req.headers }
    if (!headers.authorization) headers.authorization = `Bearer ${key}`
    const res = await app.request(req.path, { method: req.method, headers, ...(req.body !== undefined ? { body: req.body } : {}) })
    return { status: res.status, text: res.headers.get('content-type')?.includes('json') ? await res.text() : '' }
  }

  const expectRuns = (req: DocRequest, got: { status: number; text: string }) => {
    const where = `${req.where}: ${req.method} ${req.path} -> ${got.status} ${got.text.slice(0, 400)}`
    if (req.status !== undefined) expect(got.status, where).toBe(req.status)
    else expect(got.status >= 200 && got.status < 300, where).toBe(true)
  }

  it('finds the examples: curl, endpoint blocks and marked request blocks', () => {
    const all = readdirSync(docsDir).filter((f) => f.endsWith('.md')).flatMap((f) => docRequests(`docs/${f}`, readFileSync(join(docsDir, f), 'utf8'), 'K'))
    const where = new Set(all.map((r) => r.where.split(':')[0]))
    for (const f of ['docs/api.md', 'docs/embodied.md', 'docs/pcaf.md', 'docs/emissions.md', 'docs/resolve.md', 'docs/mcp.md']) expect(where, f).toContain(f)
    expect(all.length).toBeGreaterThanOrEqual(14)
  })

  it('every request example in docs/*.md and README.md answers as documented', async () => {
    const docs = [...readdirSync(docsDir).filter((f) => f.endsWith('.md')).map((f) => [`docs/${f}`, join(docsDir, f)] as const), ['README.md', join(repoRoot(), 'README.md')] as const]
    // POST /v1/keys examples create their account once (a second run would be 409 key_exists)
    for (const [name, path] of docs) {
      for (const req of docRequests(name, readFileSync(path, 'utf8'), key)) {
        if (req.path === '/v1/keys' && req.method === 'POST' && req.body) {
          const email = (JSON.parse(req.body) as { email: string }).email
          req.body = JSON.stringify({ email: email.replace('@', `+${req.where.replace(/\W/g, '')}@`) })
        }
        expectRuns(req, await send(req))
      }
    }
  })

  it('every example of the OpenAPI document (request bodies and GET paths) answers 2xx', async () => {
    const doc = (await (await app.request('/v1/openapi.json')).json()) as { paths: Record<string, Record<string, { requestBody?: { content: { 'application/json': { example?: unknown } } }; 'x-example-request'?: { method: string; path: string } }>> }
    let ran = 0
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const body = op.requestBody?.content['application/json'].example
        const get = op['x-example-request']
        if (body === undefined && !get) continue
        const req: DocRequest = { where: `openapi ${method} ${path}`, method: method.toUpperCase(), path: get?.path ?? path, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(path === '/v1/keys' ? { email: 'openapi-example@example.org' } : body) } : {}) }
        expectRuns(req, await send(req))
        ran++
      }
    }
    expect(ran).toBeGreaterThanOrEqual(14)
  })

  it('/docs shows a request and a response example for every endpoint; GET /v1 is an index', async () => {
    const html = await (await app.request('/docs')).text()
    const doc = (await (await app.request('/v1/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
    const ops = Object.values(doc.paths).reduce((n, m) => n + Object.keys(m).length, 0)
    expect(html.match(/class="request-example"/g)?.length).toBe(ops)
    expect(html.match(/class="response-example"|<p>Response: /g)?.length).toBe(ops)
    const index = (await (await app.request('/v1')).json()) as { data_version: string; links: Record<string, string> }
    expect(index.links).toMatchObject({ docs: '/docs', openapi: '/v1/openapi.json' })
    expect(index.data_version).toMatch(/^\d{4}\.\d+$/)
  })
})
