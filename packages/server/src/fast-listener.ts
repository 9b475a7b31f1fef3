/**
 * The Node side of the fast paths (routes/fast-path.ts: the lookup's, the search's): a request
 * listener that offers each request to the fast path first and hands everything else to @hono/node-server's
 * listener (the app); so too every call the fast path refused, with its refusal kept in `refusals`
 * for the app to throw (`AppDeps.priorRefusal`). The fast path's answer is written as
 * @hono/node-server writes a `sendJson` answer: `writeHead(200, record)` then `end(bytes)`.
 *
 * @hono/node-server refuses a request whose `Host` is missing or does not survive URL parsing
 * (400); such requests go to it, so they get its answer. Hosts found valid are remembered (a few).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import type { FastPath } from './routes/fast-path.ts'

const HOSTS_KEPT = 64

/** The host check of @hono/node-server's `newRequest` (plain HTTP/1 requests), memoised for valid hosts. */
function hostCheck(): (host: string | undefined) => boolean {
  const valid = new Set<string>()
  return (host) => {
    if (!host) return false
    if (valid.has(host)) return true
    let ok: boolean
    try {
      const url = new URL(`http://${host}/`)
      ok = url.hostname.length === host.length || url.hostname === host.replace(/:\d+$/, '')
    } catch {
      ok = false
    }
    if (ok && valid.size < HOSTS_KEPT) valid.add(host)
    return ok
  }
}

export function fastFirst(
  fast: FastPath,
  header: (incoming: IncomingMessage, name: string) => string | undefined,
  listener: RequestListener,
  refusals: WeakMap<IncomingMessage, unknown>,
): RequestListener<typeof IncomingMessage, typeof ServerResponse> {
  const hostOk = hostCheck()
  return (incoming, outgoing) => {
    // A body the fast path read is handed to the app as @hono/node-server takes one read before
    // (`rawBody`, as on Google Cloud Functions): the app reads the same bytes.
    let read: Promise<Buffer> | undefined
    const body = (): Promise<Buffer> => (read ??= new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('end', () => resolve(Buffer.concat(chunks)))
      incoming.on('error', reject)
    }).then((bytes) => {
      (incoming as IncomingMessage & { rawBody?: Buffer }).rawBody = bytes
      return bytes
    }))
    const answer = hostOk(incoming.headers.host)
      ? fast({ method: incoming.method, url: incoming.url, header: (name) => header(incoming, name), address: incoming.socket.remoteAddress, body })
      : undefined
    if (answer === undefined) return listener(incoming, outgoing)
    answer.then((a) => {
      if ('refusal' in a) {
        if (a.refusal !== undefined) refusals.set(incoming, a.refusal)
        return listener(incoming, outgoing)
      }
      // Nothing thrown here may become an unhandled rejection (it would stop the process): a write that
      // fails (the client went away) ends this one response.
      try {
        outgoing.writeHead(200, a.headers)
        outgoing.end(a.body)
      } catch (error) {
        outgoing.destroy(error instanceof Error ? error : undefined)
      }
    }, () => listener(incoming, outgoing))
  }
}
