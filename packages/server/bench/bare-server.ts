/**
 * The reference of the throughput ratio: a bare Hono route on @hono/node-server that serves fixed
 * JSON bytes (the body a real lookup returned), nothing else. Prints its URL on stdout.
 *
 *   node --import tsx bare-server.ts <file with the bytes>
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'

const bytes = readFileSync(process.argv[2] ?? '')
const app = new Hono()
app.get('/v1/factors/:key', (c) => c.body(bytes, 200, { 'Content-Type': 'application/json' }))
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
  process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
