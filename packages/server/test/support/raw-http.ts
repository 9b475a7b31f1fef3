/**
 * Raw HTTP/1 exchanges for tests that compare two servers' answers byte for byte (the fast paths):
 * one request on its own connection, the raw header lines as received, and the lines with the
 * values that may differ between two calls (date, generated request id, remaining count) masked.
 */
import { request, type OutgoingHttpHeaders } from 'node:http'

export interface Raw { status: number; headers: string[]; body: Buffer }

export function rawRequest(port: number, path: string, headers: OutgoingHttpHeaders, opts: { method?: string; setHost?: boolean; body?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false, method: opts.method ?? 'GET', setHost: opts.setHost ?? true }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (d: Buffer) => chunks.push(d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.rawHeaders, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end(opts.body)
  })
}

/** Header lines with the values that may differ between two calls replaced by their shape. */
export function shape(raw: Raw): string[] {
  const lines: string[] = []
  for (let i = 0; i < raw.headers.length; i += 2) {
    const name = raw.headers[i] ?? ''
    const value = raw.headers[i + 1] ?? ''
    const lower = name.toLowerCase()
    if (lower === 'date') lines.push(`${name}: <date>`)
    else if (lower === 'ratelimit-remaining') lines.push(`${name}: <n>`)
    else if (lower === 'x-request-id' && /^req_[0-9a-f]{24}$/.test(value)) lines.push(`${name}: <generated>`)
    else lines.push(`${name}: ${value}`)
  }
  return lines
}
