/**
 * Byte-level steps of loading a release, on web standards only: a streamed download with
 * progress, a SubtleCrypto sha256 and a DecompressionStream gunzip.
 */
import { ClientError } from './client-error.ts'

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

/** Download `url` chunk by chunk, reporting bytes so far; network or HTTP failure -> corpus_unavailable. */
export async function downloadBytes(
  fetchFn: FetchLike,
  url: string,
  onBytes: (bytes: number, total: number | undefined) => void,
  expectedTotal?: number,
): Promise<Uint8Array> {
  const response = await fetchOrUnavailable(fetchFn, url)
  const header = Number(response.headers.get('content-length'))
  const total = Number.isFinite(header) && header > 0 ? header : expectedTotal
  if (!response.body) {
    const whole = new Uint8Array(await response.arrayBuffer())
    onBytes(whole.byteLength, total)
    return whole
  }
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let received = 0
  onBytes(0, total)
  for (;;) {
    const { done, value } = await reader.read().catch((cause: unknown) => {
      throw unavailable(`download of ${url} broke off: ${describe(cause)}`, { url })
    })
    if (done) break
    chunks.push(value)
    received += value.byteLength
    onBytes(received, total)
  }
  return concat(chunks, received)
}

/** GET `url` or throw corpus_unavailable naming why (offline, status). */
export async function fetchOrUnavailable(fetchFn: FetchLike, url: string): Promise<Response> {
  let response: Response
  try {
    response = await fetchFn(url, { cache: 'no-store' })
  } catch (cause) {
    throw unavailable(`could not reach ${url}: ${describe(cause)}`, { url })
  }
  if (!response.ok) {
    throw unavailable(`${url} answered HTTP ${response.status}`, { url, status: response.status })
  }
  return response
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)
  let hex = ''
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0')
  return hex
}

/** gunzip with the platform's DecompressionStream (no WASM, no JS inflate). */
export async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0]
  const out = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}

function unavailable(reason: string, data: { url?: string; status?: number }): ClientError<'corpus_unavailable'> {
  return new ClientError('corpus_unavailable', reason, { reason, ...data })
}

export function describe(cause: unknown): string {
  return cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)
}
