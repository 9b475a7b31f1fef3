/**
 * OPENFACTORS_COMPRESS=false (a proxy in front compresses): a real server answers a client that asks
 * for gzip exactly as one that asks for no encoding, on the search fast path and through the app;
 * with the default, the same requests are gzipped.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { defaultConfig } from '../src/config.ts'
import { startServer } from '../src/serve.ts'
import { rawRequest, type Raw } from './support/raw-http.ts'
import { writeTestReleases } from './support/test-release.ts'

const dir = mkdtempSync(join(tmpdir(), 'openfactors-compress-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
writeTestReleases(join(dir, 'releases'))

const encodingOf = (raw: Raw): string | undefined => {
  const i = raw.headers.findIndex((h, n) => n % 2 === 0 && h.toLowerCase() === 'content-encoding')
  return i < 0 ? undefined : raw.headers[i + 1]
}
const PATHS = ['/v1/factors?search=diesel&limit=10', '/v1/openapi.json']

async function answers(compress: boolean): Promise<Array<{ gzip: Raw; plain: Raw }>> {
  const config = defaultConfig({ port: 0, host: '127.0.0.1', log: 'off', calcWorkers: 0, releasesDir: join(dir, 'releases'), sqlitePath: join(dir, `compress-${compress}.db`), staticDir: join(dir, 'no-static'), compress })
  const server = await startServer(config)
  try {
    const out: Array<{ gzip: Raw; plain: Raw }> = []
    for (const path of PATHS) {
      out.push({ gzip: await rawRequest(server.port, path, { 'accept-encoding': 'gzip, deflate, br' }), plain: await rawRequest(server.port, path, {}) })
    }
    return out
  } finally {
    await server.close()
  }
}

describe('OPENFACTORS_COMPRESS', () => {
  it('off: a client asking for gzip gets the uncompressed bytes a client asking for nothing gets', async () => {
    for (const { gzip, plain } of await answers(false)) {
      expect(gzip.status).toBe(200)
      expect(encodingOf(gzip)).toBeUndefined()
      expect(gzip.body.equals(plain.body)).toBe(true)
      expect(JSON.parse(gzip.body.toString('utf8'))).toBeTruthy()
    }
  })
  it('on (the default): the same requests are gzipped, and unzip to those bytes', async () => {
    for (const { gzip, plain } of await answers(true)) {
      expect(encodingOf(gzip)).toBe('gzip')
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true)
    }
  })
})
