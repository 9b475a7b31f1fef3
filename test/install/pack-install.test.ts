/**
 * Proof from outside: every published package is built, packed (`npm pack`) and installed from its
 * tarball into a fresh project outside the workspace, and used there the way the README says —
 * plain Node with the data package, the `openfactors` CLI, a vite-built page in Chromium (the engine in a Web Worker,
 * offline after the first load), and the packed server and MCP bin started with plain `node`. The README's
 * snippets run exactly as written. Parts that need real data skip, saying why, when no release is built.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshProfile, type Profile } from '../../packages/web-worker/test/harness/chromium.ts'
import { readmeSnippet } from './readme.ts'
import { servePage } from './static-server.ts'
import { buildAndPack, installProject, PUBLISHED, REPO_ROOT, run, userEnv } from './workspace.ts'

const RELEASES = process.env['OPENFACTORS_RELEASES_DIR'] || join(REPO_ROOT, 'data', 'releases')
const HAS_DATA = existsSync(join(RELEASES, 'manifest.json'))
if (!HAS_DATA) {
  console.warn(`pack-and-install: skipping the parts that need data — no release is built in ${RELEASES}, so @openfactors/data is packed empty (run \`npm run corpus -- build\`).`)
}
const DIESEL = 'fuels.gb.liquid_fuels_diesel_average_biofuel_blend.litres'

let tmp: string
let app: string
let tarballs: string[]

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'openfactors-install-'))
  app = join(tmp, 'app')
  tarballs = buildAndPack(join(tmp, 'tarballs'), PUBLISHED)
  installProject(app, tarballs)
}, 900_000)

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true })
})

describe('the packed packages, installed into a fresh project outside the workspace', () => {
  it('each tarball holds built ES modules with declarations and the licence, and no sources, tests or helpers', () => {
    expect(tarballs).toHaveLength(PUBLISHED.length)
    for (const tarball of tarballs) {
      const files = run('tar', ['-tzf', tarball], tmp, 30_000).split('\n').filter(Boolean).map((f) => f.replace(/^package\//, ''))
      expect(files, tarball).toContain('package.json')
      expect(files, tarball).toContain('LICENSE')
      expect(files.filter((f) => f.startsWith('dist/') && f.endsWith('.js')).length, tarball).toBeGreaterThan(0)
      expect(files.filter((f) => f.startsWith('dist/') && f.endsWith('.d.ts')).length, tarball).toBeGreaterThan(0)
      expect(files.filter((f) => f.startsWith('src/') || /\.test(-d)?\.|[/.]bench\b|harness|test-support|testing\//.test(f) || f.endsWith('.ts') && !f.endsWith('.d.ts')), tarball).toEqual([])
    }
  })

  it('installs without tsx and imports every package in plain Node', () => {
    expect(existsSync(join(app, 'node_modules', 'tsx'))).toBe(false)
    const script = [
      "const engine = await import('@openfactors/engine')",
      "await import('@openfactors/engine/release')",
      "await import('@openfactors/corpus')",
      "await import('@openfactors/server')",
      "await import('@openfactors/server/node')",
      "await import('@openfactors/web-worker/worker-api')",
      "await import('@openfactors/cli')",
      "const data = await import('@openfactors/data/node')",
      "console.log(JSON.stringify({ engine_version: engine.ENGINE_VERSION, load: typeof data.loadDataPackage }))",
    ].join('\n')
    writeFileSync(join(app, 'imports.mjs'), script)
    const out = JSON.parse(run(process.execPath, ['imports.mjs'], app, 60_000)) as { engine_version: string; load: string }
    expect(out).toEqual({ engine_version: expect.stringMatching(/^\d+\.\d+\.\d+$/), load: 'function' })
  })

  it('type-checks an app against the installed declarations (the types are real, not any)', () => {
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, noEmit: true, skipLibCheck: true, lib: ['ES2023', 'DOM'], types: ['node'] },
      files: ['typed.ts'],
    }))
    writeFileSync(join(app, 'typed.ts'), [
      "import { createEngine, type ResolveResponse } from '@openfactors/engine'",
      "import { loadDataPackage } from '@openfactors/data/node'",
      "import { createEngineClient, type EngineClient } from '@openfactors/web-worker'",
      "import { startServer } from '@openfactors/server/node'",
      'const engine = createEngine()',
      'engine.load(loadDataPackage())',
      "export const answer: ResolveResponse = engine.resolve({ description: 'diesel litres' })",
      '// @ts-expect-error a description is a string',
      'engine.resolve({ description: 42 })',
      "export const client: EngineClient = createEngineClient({ manifestUrl: './openfactors/manifest.json' })",
      '// @ts-expect-error a description is a string',
      'void client.resolve({ description: 42 })',
      'export const start: typeof startServer = startServer',
    ].join('\n'))
    run(join(app, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], app, 120_000)
  })

  it.skipIf(!HAS_DATA)('runs the README Node snippet as written: the data package loaded in one call, a lookup, a resolve and a PCAF call', () => {
    writeFileSync(join(app, 'node-app.mjs'), readmeSnippet('node'))
    const lines = run(process.execPath, ['node-app.mjs'], app, 120_000).trim().split('\n')
    expect(lines[0]).toBe(DIESEL)
    expect(Number(lines[1])).toBeGreaterThan(2)
    expect(lines.slice(2).join(' ')).toMatch(/value: 480,\s+unit: 'tCO2e'/)
  })

  it.skipIf(!HAS_DATA)('runs the packed CLI from the README line: resolve on the installed data package', () => {
    const out = run('sh', ['-c', readmeSnippet('cli')], app, 120_000)
    expect(out).toContain(`1. ${DIESEL}`)
  })

  describe.skipIf(!HAS_DATA)('the README browser snippet, bundled by vite, in Chromium', () => {
    let profile: Profile | undefined

    afterAll(async () => {
      await profile?.dispose()
    })

    it('answers from the worker, and again after a reload with the data offline (IndexedDB)', async () => {
      run('sh', ['-c', readmeSnippet('browser-data')], app, 30_000)
      writeFileSync(join(app, 'main.js'), readmeSnippet('browser'))
      writeFileSync(join(app, 'index.html'), '<!doctype html>\n<html><head><meta charset="utf-8"><title>openfactors app</title></head>\n<body><script type="module" src="./main.js"></script></body></html>\n')
      run(join(app, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], app, 180_000)
      const server = await servePage(join(app, 'dist'), '/openfactors/')
      try {
        profile = await freshProfile()
        const page = await (await profile.launch()).newPage()
        const errors: string[] = []
        page.on('pageerror', (e) => errors.push(e.message))
        const answered = () => page.waitForFunction((key) => document.body.textContent?.includes(key), DIESEL, { timeout: 150_000 })

        await page.goto(`${server.url}/`)
        await answered()
        expect(server.log).toContain('200 /openfactors/manifest.json')

        server.offline = true
        const from = server.log.length
        await page.reload()
        await answered()
        const dataAfter = server.log.slice(from).filter((line) => line.includes('/openfactors/'))
        expect(dataAfter.filter((line) => line.startsWith('200'))).toEqual([])
        expect(errors).toEqual([])
      } finally {
        await server.close()
      }
    })
  })

  it.skipIf(!HAS_DATA)('runs the packed openfactors-mcp bin over stdio on the data package', async () => {
    const client = new Client({ name: 'openfactors-install-test', version: '1.0.0' })
    await client.connect(new StdioClientTransport({
      command: join(app, 'node_modules', '.bin', 'openfactors-mcp'),
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', OPENFACTORS_RELEASES_DIR: join(app, 'node_modules', '@openfactors', 'data', 'releases') },
      stderr: 'pipe',
    }))
    try {
      const resolved = (await client.callTool({ name: 'resolve_activity', arguments: { description: 'diesel litres' } })) as CallToolResult
      expect(JSON.stringify(resolved.structuredContent)).toContain(DIESEL)
    } finally {
      await client.close()
    }
  })

  describe.skipIf(!HAS_DATA)('the packed server', () => {
    let child: ChildProcess | undefined

    afterAll(() => {
      if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM')
    })

    it('starts with plain node from the README line and answers /v1', async () => {
      child = spawn('sh', ['-c', readmeSnippet('server')], {
        cwd: app,
        detached: true,
        env: userEnv({ PORT: '0', HOST: '127.0.0.1', OPENFACTORS_DB: join(tmp, 'openfactors.db'), OPENFACTORS_LOG: 'off' }),
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stderr = ''
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "openfactors API on" line in 60 s:\n${stderr}`)), 60_000)
        child?.stderr?.on('data', (chunk: Buffer) => {
          stderr += chunk.toString()
          const found = /openfactors API on (http:\/\/\S+)/.exec(stderr)
          if (found?.[1]) {
            clearTimeout(timer)
            resolve(found[1])
          }
        })
        child?.on('exit', (code) => reject(new Error(`server exited ${code}:\n${stderr}`)))
      })
      // The calculation worker thread starts from the built files too (no TypeScript loader).
      let health: { status: string; calculations?: string } = { status: '' }
      for (let tries = 0; tries < 60 && health.calculations !== 'workers'; tries++) {
        if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 500))
        health = (await (await fetch(`${url}/health`)).json()) as typeof health
      }
      expect(health).toMatchObject({ status: 'ok', calculations: 'workers' })
      const search = (await (await fetch(`${url}/v1/factors?search=diesel`)).json()) as { count: number }
      expect(search.count).toBeGreaterThan(0)
      const issued = await fetch(`${url}/v1/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'install-test@example.com' }) })
      expect(issued.status).toBe(201)
      const { key } = (await issued.json()) as { key: string }
      const resolved = await fetch(`${url}/v1/calculate/resolve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ description: 'diesel litres' }),
      })
      expect(resolved.status).toBe(200)
      expect(((await resolved.json()) as { matches: Array<{ key: string }> }).matches[0]?.key).toBe(DIESEL)
    })
  })
})
