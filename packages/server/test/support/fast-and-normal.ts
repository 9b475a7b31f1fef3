/**
 * One app served twice over real sockets, to check a fast path answers as the app does: once behind
 * the fast path (`fastFirst`, as the Node entry wires it) and once by @hono/node-server's listener
 * alone. `both` sends the same request to each (fast first) and checks status, raw header lines
 * (masked as `shape` does) and body bytes equal; `answered` counts the answers the fast path gave.
 */
import { getRequestListener } from '@hono/node-server'
import type { Hono } from 'hono'
import { createServer, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect } from 'vitest'
import type { AppEnv } from '../../src/app-env.ts'
import { fastFirst } from '../../src/fast-listener.ts'
import type { FastPath } from '../../src/routes/fast-path.ts'
import { rawHeader } from '../../src/serve.ts'
import { rawRequest, shape, type Raw } from './raw-http.ts'

export interface FastAndNormal {
  fastPort: number
  normalPort: number
  /** Answers the fast path gave itself (not refused or passed on). */
  answered(): number
  both(path: string, headers: OutgoingHttpHeaders, opts?: { method?: string; setHost?: boolean; body?: string }): Promise<[Raw, Raw]>
  close(): Promise<void>
}

/** `build` makes the app and its fast path, given the `priorRefusal` the app must use (as serve.ts wires it). */
export async function fastAndNormal(build: (priorRefusal: (env: unknown) => unknown) => { app: Hono<AppEnv>; fast: FastPath }): Promise<FastAndNormal> {
  const refusals = new WeakMap<IncomingMessage, unknown>()
  const { app, fast } = build((env) => {
    const incoming = (env as { incoming?: IncomingMessage }).incoming
    return incoming ? refusals.get(incoming) : undefined
  })
  let answered = 0
  const counting: FastPath = (req) => fast(req)?.then((a) => {
    if (!('refusal' in a)) answered += 1
    return a
  })
  const listener = getRequestListener(app.fetch)
  const servers = [createServer(fastFirst(counting, (incoming, name) => rawHeader(incoming.rawHeaders, name), listener, refusals)), createServer(listener)]
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()))))
  const [fastPort, normalPort] = servers.map((s) => (s.address() as AddressInfo).port) as [number, number]
  return {
    fastPort,
    normalPort,
    answered: () => answered,
    async both(path, headers, opts = {}) {
      const fastAnswer = await rawRequest(fastPort, path, headers, opts)
      const normal = await rawRequest(normalPort, path, headers, opts)
      expect(fastAnswer.status).toBe(normal.status)
      expect(shape(fastAnswer)).toEqual(shape(normal))
      expect(fastAnswer.body.equals(normal.body)).toBe(true)
      return [fastAnswer, normal]
    },
    async close() {
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))))
    },
  }
}
