/**
 * Answer bytes kept for repeated requests (the search's fast path): a server's releases are fixed
 * for its life, so the same request target always gets the same body, and a repeated search (the
 * common one-word searches of a search box, an agent asking again) need not search, serialise and
 * gzip again. Bounded by bytes (bodies plus keys), least recently used out first. Every call is
 * still counted before its answer is read from here. Web-standard: no Node API.
 */
export interface AnswerCache {
  get(key: string): Uint8Array | undefined
  set(key: string, body: Uint8Array): void
  /** Bytes held (bodies plus keys at two bytes a character). */
  readonly size: number
}

/** A cache of at most `maxBytes`; 0 keeps nothing. A body over a sixteenth of the bound is not kept (a few large answers would push out the many small ones). */
export function answerCache(maxBytes: number): AnswerCache {
  const entries = new Map<string, Uint8Array>()
  let size = 0
  const cost = (key: string, body: Uint8Array) => body.byteLength + 2 * key.length
  return {
    get(key) {
      const body = entries.get(key)
      if (body === undefined) return undefined
      // Map order is insertion order: moved to the end, the least recently used stays first.
      entries.delete(key)
      entries.set(key, body)
      return body
    },
    set(key, body) {
      const c = cost(key, body)
      if (c > maxBytes / 16) return
      const old = entries.get(key)
      if (old !== undefined) {
        size -= cost(key, old)
        entries.delete(key)
      }
      entries.set(key, body)
      size += c
      for (const [k, b] of entries) {
        if (size <= maxBytes) break
        entries.delete(k)
        size -= cost(k, b)
      }
    },
    get size() {
      return size
    },
  }
}
