/**
 * A local HTTP server standing in for the publishers or a mirror: serves a directory with
 * `Range` support (206), and can misbehave on purpose — answer 503 the first N times, cut the
 * body after some bytes, or 404 — so the fetch's retries and resumption are tested for real.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { existsSync, readFileSync, statSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join, normalize } from 'node:path'

export interface Fault {
  /** Answer this status for the first `times` requests. */
  status?: number
  /** Send only this many bytes of the body, then destroy the socket (first `times` requests). */
  cutAfter?: number
  times: number
}

export interface StaticServer {
  url: string
  requests: { path: string; headers: IncomingHttpHeaders; status: number }[]
  faults: Map<string, Fault>
  close(): Promise<void>
}

export interface ServeOptions {
  ignoreRange?: boolean
  /** Map a request path to a file instead of `<root>/<path>` (undefined: 404). */
  route?: (path: string) => string | undefined
}

export async function serveDirectory(root: string, opts: ServeOptions = {}): Promise<StaticServer> {
  const requests: StaticServer['requests'] = []
  const faults = new Map<string, Fault>()
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '')
    const record = (status: number) => requests.push({ path, headers: req.headers, status })
    const fault = faults.get(path)
    if (fault && fault.times > 0 && fault.status !== undefined) {
      fault.times--
      record(fault.status)
      res.writeHead(fault.status).end()
      return
    }
    const abs = opts.route ? (opts.route(path) ?? '') : join(root, normalize(path))
    if ((!opts.route && !abs.startsWith(root)) || abs === '' || !existsSync(abs) || !statSync(abs).isFile()) {
      record(404)
      res.writeHead(404).end('not found')
      return
    }
    const body = readFileSync(abs)
    let start = 0
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '')
    if (range && !opts.ignoreRange) {
      start = Number(range[1])
      if (start >= body.length) {
        record(416)
        res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end()
        return
      }
    }
    const slice = body.subarray(start)
    const status = start > 0 ? 206 : 200
    record(status)
    res.writeHead(status, {
      'content-length': String(slice.length),
      'accept-ranges': 'bytes',
      ...(status === 206 ? { 'content-range': `bytes ${start}-${body.length - 1}/${body.length}` } : {}),
    })
    if (fault && fault.times > 0 && fault.cutAfter !== undefined) {
      fault.times--
      res.write(slice.subarray(0, fault.cutAfter), () => setTimeout(() => res.destroy(), 50))
      return
    }
    res.end(slice)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    faults,
    close: () => new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}
