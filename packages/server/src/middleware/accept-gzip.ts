/**
 * Whether hono's `compress()` would answer a request gzipped: its encoding choice among gzip and
 * deflate (the highest q, gzip first on ties, a `*` counting for both), on hono's own parse of the
 * header. The lookup serves a gzip body it keeps per key (routes/lookup-bodies.ts) to exactly the
 * clients compress() would gzip for, so a client sees the same answer either way, without the
 * body being compressed again on every call. Web-standard.
 */
import { parseAccept } from 'hono/utils/accept'

/** compress()'s default threshold: smaller bodies are sent as they are. */
export const GZIP_THRESHOLD = 1024

const CANDIDATES = ['gzip', 'deflate'] as const

const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i

/** A `Vary` value that names Accept-Encoding, as compress() writes it (kept as it is when it does already, or is `*`). */
export function varyOnEncoding(vary: string | null | undefined): string {
  if (vary === null || vary === undefined || vary === '') return 'Accept-Encoding'
  return vary === '*' || VARY_ACCEPT_ENCODING.test(vary) ? vary : `${vary}, Accept-Encoding`
}

export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false
  const accepts = parseAccept(header)
  const wildcard = accepts.find((a) => a.type === '*')?.q
  let best: { encoding: string; q: number } | undefined
  for (const encoding of CANDIDATES) {
    const explicit = accepts.find((a) => a.type.toLowerCase() === encoding)
    const q = explicit ? explicit.q : (wildcard ?? 0)
    if (q === 1) return encoding === 'gzip'
    if (q > 0 && (!best || q > best.q)) best = { encoding, q }
  }
  return best?.encoding === 'gzip'
}
