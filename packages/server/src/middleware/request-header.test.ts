import { Hono } from 'hono'
import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../app-env.ts'
import { nodeRequestHeader } from '../serve.ts'
import { headerReader } from './request-header.ts'

/** Raw request with repeated header fields (fetch would merge them first); the array form sends no Host by itself. */
function rawGet(port: number, rawHeaders: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', path: '/', headers: rawHeaders }, (res) => {
      let text = ''
      res.setEncoding('utf8').on('data', (d: string) => { text += d }).on('end', () => resolve(res.statusCode === 200 ? text : `${res.statusCode} ${text}`))
    })
    req.on('error', reject).end()
  })
}

describe('request headers read off the IncomingMessage', () => {
  it('give what Headers.get gives, repeated fields included, and fall back without a Node request', async () => {
    const read = headerReader(nodeRequestHeader)
    const app = new Hono<AppEnv>()
    app.get('/', (c) => c.json(['authorization', 'x-request-id', 'origin', 'accept-encoding'].map((n) => [read(c, n) ?? null, c.req.header(n) ?? null])))
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((r) => server.once('listening', r))
    try {
      const port = (server.address() as AddressInfo).port
      const raw = await rawGet(port, ['Host', `127.0.0.1:${port}`, 'Authorization', 'Bearer a', 'Authorization', 'Bearer b', 'X-Request-Id', 'r1', 'Accept-Encoding', 'gzip'])
      const pairs = JSON.parse(raw) as Array<[string | null, string | null]>
      for (const [fast, hono] of pairs) expect(fast).toBe(hono)
      expect(pairs.map(([fast]) => fast)).toEqual(['Bearer a, Bearer b', 'r1', null, 'gzip'])
    } finally {
      await new Promise((r) => server.close(r))
    }
    const inProcess = await app.request('/', { headers: { authorization: 'Bearer z' } })
    expect(((await inProcess.json()) as Array<[string | null, string | null]>)[0]).toEqual(['Bearer z', 'Bearer z'])
  })
})
