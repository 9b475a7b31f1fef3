import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { describe, expect, it } from 'vitest'
import { acceptsGzip, GZIP_THRESHOLD } from './accept-gzip.ts'

/** What hono's compress() itself does with each header, on a body above its threshold. */
async function compressChooses(header: string): Promise<string | null> {
  const app = new Hono()
  app.use('*', compress())
  app.get('/', (c) => c.json({ text: 'x'.repeat(GZIP_THRESHOLD * 2) }))
  const res = await app.request('/', { headers: { 'Accept-Encoding': header } })
  return res.headers.get('Content-Encoding')
}

describe('acceptsGzip', () => {
  const headers = [
    'gzip', 'gzip, deflate, br', 'deflate, gzip', 'deflate', 'br', 'identity', '*', '*;q=0.5', 'gzip;q=0', 'gzip;q=0, *',
    'deflate;q=0.9, gzip;q=0.8', 'gzip;q=0.8, deflate;q=0.9', 'gzip;q=0.5, deflate;q=0.5', 'GZIP', 'br;q=1, gzip;q=0.1', '',
    'deflate;q=1, gzip', 'x-gzip', 'gzip;q=bad', ' gzip ; q=0.7 , deflate ; q=0.6 ',
  ]
  it.each(headers)('chooses gzip exactly when compress() does: %j', async (header) => {
    expect(acceptsGzip(header)).toBe((await compressChooses(header)) === 'gzip')
  })
  it('no header, no gzip', () => {
    expect(acceptsGzip(undefined)).toBe(false)
  })
})
