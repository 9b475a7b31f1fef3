/** Node-only test helper: serve a built page from a directory; `offline` makes the data paths fail like a dead network. */
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.json': 'application/json', '.gz': 'application/gzip' }

export interface PageServer {
  url: string
  /** While true, requests under `dataPrefix` get no answer but a 503. */
  offline: boolean
  /** `<status> <path>` of every request, in order. */
  readonly log: string[]
  close(): Promise<void>
}

export async function servePage(root: string, dataPrefix: string): Promise<PageServer> {
  const log: string[] = []
  const state = { offline: false }
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const file = join(root, normalize(path === '/' ? '/index.html' : path))
    const status = state.offline && path.startsWith(dataPrefix) ? 503 : existsSync(file) && statSync(file).isFile() && file.startsWith(root) ? 200 : 404
    log.push(`${status} ${path}`)
    if (status !== 200) {
      res.writeHead(status).end()
      return
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' })
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get offline() {
      return state.offline
    },
    set offline(value: boolean) {
      state.offline = value
    },
    log,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
