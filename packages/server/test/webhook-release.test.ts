/**
 * Change webhooks end to end through the real entry: a business account subscribes over HTTP, the
 * server restarts with a new data version, and a receiver on 127.0.0.1 gets the signed
 * `data_version.released` event listing the changed keys.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdmin } from '../src/admin-cli.ts'
import { spawnServer } from './support/spawn-server.ts'
import { writeTestReleases } from './support/test-release.ts'
import { verifySignature } from '../src/webhooks/signature.ts'

interface Hit { body: string; signature: string }

describe('data_version.released webhook through start.ts', () => {
  let dir: string
  let receiver: Server
  let hookUrl: string
  const hits: Hit[] = []

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'openfactors-hook-'))
    receiver = createServer((req, res) => {
      let body = ''
      req.on('data', (d: Buffer) => { body += d.toString('utf8') })
      req.on('end', () => {
        hits.push({ body, signature: String(req.headers['openfactors-signature']) })
        res.statusCode = 204
        res.end()
      })
    })
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
    const addr = receiver.address()
    hookUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/hook`
  })

  afterAll(async () => {
    await new Promise<void>((r) => receiver.close(() => r()))
    rmSync(dir, { recursive: true, force: true })
  })

  it('delivers the signed event after a restart on a newer release', async () => {
    const env = { OPENFACTORS_RELEASES_DIR: join(dir, 'releases'), OPENFACTORS_DB: join(dir, 'hook.db'), OPENFACTORS_WEBHOOK_INTERVAL_MS: '100', OPENFACTORS_ALLOW_PRIVATE_WEBHOOKS: 'true' }
    writeTestReleases(join(dir, 'releases'), ['2026.1'])
    const first = await spawnServer(env)
    const issued = (await (await fetch(`${first.url}/v1/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'hook@example.org' }) })).json()) as { key: string }
    expect(await runAdmin(['plan', 'hook@example.org', 'business'], env, () => undefined)).toBe(0)
    const sub = await fetch(`${first.url}/v1/webhooks`, { method: 'POST', headers: { authorization: `Bearer ${issued.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ url: hookUrl, secret: 'receiver-secret-0123456789' }) })
    expect(sub.status).toBe(201)
    expect(await first.stop()).toBe(0)

    writeTestReleases(join(dir, 'releases'), ['2026.1', '2026.2'])
    const second = await spawnServer(env)
    try {
      for (let i = 0; i < 100 && hits.length === 0; i += 1) await new Promise((r) => setTimeout(r, 100))
      expect(hits).toHaveLength(1)
      const [hit] = hits
      expect(await verifySignature('receiver-secret-0123456789', hit!.body, hit!.signature, new Date())).toBe(true)
      const event = JSON.parse(hit!.body) as { type: string; data: { mb_version: string; previous_mb_version: string; changed_keys: { added: string[]; changed: string[] } } }
      expect(event).toMatchObject({ type: 'data_version.released', data: { mb_version: '2026.2', previous_mb_version: '2026.1' } })
      expect(event.data.changed_keys).toMatchObject({ added: ['fuels.gb.lpg.litres'], changed: ['fuels.gb.diesel.litres'] })
      const log = (await (await fetch(`${second.url}/v1/webhooks`, { headers: { authorization: `Bearer ${issued.key}` } })).json()) as { webhooks: Array<{ deliveries: Array<{ status: string; attempts: number }> }> }
      expect(log.webhooks[0]?.deliveries).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1 })])
    } finally {
      expect(await second.stop()).toBe(0)
    }
  })
})
