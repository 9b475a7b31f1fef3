/**
 * Lookup bodies by key and `as_of`, as UTF-8 bytes, and gzipped for clients that take gzip: a
 * release never changes while loaded, so a popular key is serialised, encoded and compressed once
 * (the throughput profile, docs/benchmarks.md). The oldest of `size` is dropped first, with its gzip;
 * the engine's errors (unknown key) are thrown, never kept.
 */
import type { EnginePort } from '../engine-port.ts'

export interface LookupBodies {
  /** The body of a lookup, serialised on first use. */
  body(key: string, as_of: string | undefined): Uint8Array<ArrayBuffer>
  /** The body if it is kept already (nothing is computed). */
  kept(key: string, as_of: string | undefined): Uint8Array<ArrayBuffer> | undefined
  /** The body gzipped, compressed on first use (web-standard CompressionStream). */
  gzip(key: string, as_of: string | undefined): Promise<Uint8Array<ArrayBuffer>>
  /** The gzipped body if it is kept already. */
  keptGzip(key: string, as_of: string | undefined): Uint8Array<ArrayBuffer> | undefined
}

async function gzipped(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

export function lookupBodies(engine: Pick<EnginePort, 'lookup'>, size = 5_000): LookupBodies {
  const bodies = new Map<string, Uint8Array<ArrayBuffer>>()
  const gzips = new Map<string, Uint8Array<ArrayBuffer>>()
  const utf8 = new TextEncoder()
  const idOf = (key: string, as_of: string | undefined) => (as_of === undefined ? key : `${key}\u0000${as_of}`)
  const body = (key: string, as_of: string | undefined): Uint8Array<ArrayBuffer> => {
    const id = idOf(key, as_of)
    let bytes = bodies.get(id)
    if (bytes === undefined) {
      bytes = utf8.encode(JSON.stringify(engine.lookup(key, as_of === undefined ? {} : { as_of })))
      if (bodies.size >= size) {
        const oldest = bodies.keys().next().value ?? ''
        bodies.delete(oldest)
        gzips.delete(oldest)
      }
      bodies.set(id, bytes)
    }
    return bytes
  }
  return {
    body,
    kept: (key, as_of) => bodies.get(idOf(key, as_of)),
    async gzip(key, as_of) {
      const id = idOf(key, as_of)
      const kept = gzips.get(id)
      if (kept !== undefined) return kept
      const plain = body(key, as_of)
      const compressed = await gzipped(plain)
      // Kept only while its body is (an eviction during the compression drops it).
      if (bodies.get(id) === plain) gzips.set(id, compressed)
      return compressed
    },
    keptGzip: (key, as_of) => gzips.get(idOf(key, as_of)),
  }
}
