/** Test helper: serve a built directory over HTTP on 127.0.0.1, as the add-in's web host would. */
import { createServer } from 'node:http'
import { readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.png': 'image/png',
  '.xml': 'application/xml',
}

export interface StaticFiles {
  url: string
  close(): Promise<void>
}

export async function serveDirectory(dir: string): Promise<StaticFiles> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^\/+/, '')
    if (path.startsWith('..')) {
      res.writeHead(403).end()
      return
    }
    readFile(join(dir, path)).then(
      (body) => res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' }).end(body),
      () => res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found'),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}
