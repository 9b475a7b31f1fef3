/**
 * Lookup bodies by key and `as_of`, as UTF-8 bytes: a release never changes while loaded, so a
 * popular key is serialised and encoded once (the throughput profile, docs/benchmarks.md). The
 * oldest of `size` is dropped first; the engine's errors (unknown key) are thrown, never kept.
 */
import type { EnginePort } from '../engine-port.ts'

export interface LookupBodies {
  /** The body of a lookup, serialised on first use. */
  body(key: string, as_of: string | undefined): Uint8Array<ArrayBuffer>
  /** The body if it is kept already (nothing is computed). */
  kept(key: string, as_of: string | undefined): Uint8Array<ArrayBuffer> | undefined
}

export function lookupBodies(engine: Pick<EnginePort, 'lookup'>, size = 5_000): LookupBodies {
  const bodies = new Map<string, Uint8Array<ArrayBuffer>>()
  const utf8 = new TextEncoder()
  const idOf = (key: string, as_of: string | undefined) => (as_of === undefined ? key : `${key}\u0000${as_of}`)
  return {
    body(key, as_of) {
      const id = idOf(key, as_of)
      let body = bodies.get(id)
      if (body === undefined) {
        body = utf8.encode(JSON.stringify(engine.lookup(key, as_of === undefined ? {} : { as_of })))
        if (bodies.size >= size) bodies.delete(bodies.keys().next().value ?? '')
        bodies.set(id, body)
      }
      return body
    },
    kept: (key, as_of) => bodies.get(idOf(key, as_of)),
  }
}
