/**
 * Node-only test/bench harness (never part of the browser bundle): a tiny HTTP server on
 * 127.0.0.1 that plays the openfactors server's part for the worker — the built bundle, a test
 * page, `GET /v1/releases` (manifest) and `GET /v1/releases/{file}` (gzipped artifact, ETag =
 * sha256) — and records every request so tests can prove what was (not) downloaded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import type { AddressInfo } from 'node:net'
import type { ReleaseManifest } from '@openfactors/engine/release'

export interface ServedRelease {
  entry: ReleaseManifest['releases'][number]
  bytes: Uint8Array
}

export interface StaticServerOptions {
  /** Directory with the vite build, served under `/dist/`. */
  distDir: string
  /** HTML served at `/`. */
  page: string
  releases: ServedRelease[]
}

export interface StaticServer {
  url: string
  /** Paths requested so far, in order (query strings included). */
  readonly requests: string[]
  /** When true every `/v1/` request is dropped without an answer, as when the network is down. */
  offline: boolean
  /** Replace the releases on offer (a new release published). */
  setReleases(releases: ServedRelease[]): void
  /** Serve these bytes instead of the real ones for a file (a broken proxy or disk). */
  corrupt(file: string, bytes: Uint8Array | undefined): void
  close(): Promise<void>
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.map': 'application/json',
  '.html': 'text/html; charset=utf-8',
}

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  let releases = options.releases
  const corrupted = new Map<string, Uint8Array>()
  const requests: string[] = []
  const state = { offline: false }

  const server = createServer((req, res) => {
    const path = req.url ?? '/'
    requests.push(path)
    handle(path, req, res).catch((error: unknown) => {
      res.statusCode = 500
      res.end(String(error))
    })
  })

  async function handle(path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = new URL(path, 'http://x').pathname
    if (pathname.startsWith('/v1/') && state.offline) {
      req.socket.destroy()
      return
    }
    if (pathname === '/' || pathname === '/index.html') return send(res, 200, TYPES['.html'], options.page)
    if (pathname === '/v1/releases') {
      const manifest: ReleaseManifest = { format: 'openfactors.manifest/1', releases: releases.map((r) => r.entry) }
      return send(res, 200, 'application/json', JSON.stringify(manifest))
    }
    if (pathname.startsWith('/v1/releases/')) {
      const file = decodeURIComponent(pathname.slice('/v1/releases/'.length))
      const release = releases.find((r) => r.entry.file === file)
      if (!release) return send(res, 404, 'application/json', JSON.stringify({ error: { code: 'not_found' } }))
      res.setHeader('ETag', `"${release.entry.sha256}"`)
      return send(res, 200, 'application/gzip', corrupted.get(file) ?? release.bytes)
    }
    if (pathname.startsWith('/dist/')) {
      const relative = normalize(pathname.slice('/dist/'.length))
      if (relative.startsWith('..')) return send(res, 403, 'text/plain', 'no')
      const body = await readFile(join(options.distDir, relative)).catch(() => undefined)
      if (!body) return send(res, 404, 'text/plain', 'not found')
      return send(res, 200, TYPES[extname(relative)] ?? 'application/octet-stream', body)
    }
    return send(res, 404, 'text/plain', 'not found')
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get offline() {
      return state.offline
    },
    set offline(value: boolean) {
      state.offline = value
    },
    setReleases(next) {
      releases = next
    },
    corrupt(file, bytes) {
      if (bytes) corrupted.set(file, bytes)
      else corrupted.delete(file)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function send(res: ServerResponse, status: number, type: string | undefined, body: string | Uint8Array): void {
  res.statusCode = status
  res.setHeader('Content-Type', type ?? 'application/octet-stream')
  res.setHeader('Content-Length', typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength)
  res.setHeader('Cache-Control', 'no-store')
  res.end(body)
}
