/**
 * What an MCP message costs: each `tools/call` and each `resources/read` in a message or batch is
 * one call against the key's burst and quota (initialize, list and prompt calls are free).
 */
const METERED_METHODS = new Set(['tools/call', 'resources/read'])

/** Number of metered requests in a JSON-RPC message or batch. */
export function countMeteredCalls(body: unknown): number {
  const messages = Array.isArray(body) ? body : [body]
  let n = 0
  for (const m of messages) {
    if (typeof m === 'object' && m !== null && METERED_METHODS.has(String((m as { method?: unknown }).method))) n++
  }
  return n
}

/** Per-key count of open event streams (GET /mcp) on this instance. */
export class StreamSlots {
  private readonly open = new Map<string, number>()
  constructor(private readonly perKey: number) {}

  /** Take a slot for `key`; false when it already holds `perKey` streams. */
  take(key: string): boolean {
    const n = this.open.get(key) ?? 0
    if (n >= this.perKey) return false
    this.open.set(key, n + 1)
    return true
  }

  release(key: string): void {
    const n = (this.open.get(key) ?? 1) - 1
    if (n <= 0) this.open.delete(key)
    else this.open.set(key, n)
  }

  count(key: string): number {
    return this.open.get(key) ?? 0
  }
}

/**
 * The stream with an idle limit: closed `idleMs` after the last chunk (or after opening), and
 * `onEnd` is called exactly once however it ends (idle, server end, client gone).
 */
export function idleLimited(source: ReadableStream<Uint8Array>, idleMs: number, onEnd: () => void): ReadableStream<Uint8Array> {
  const reader = source.getReader()
  let timer: ReturnType<typeof setTimeout> | undefined
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    clearTimeout(timer)
    onEnd()
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const arm = () => {
        clearTimeout(timer)
        timer = setTimeout(() => {
          end()
          reader.cancel().catch(() => undefined)
          try { controller.close() } catch { /* already closed */ }
        }, idleMs)
      }
      arm()
      const pump = (): void => {
        reader.read().then(({ done, value }) => {
          if (ended) return
          if (done) {
            end()
            try { controller.close() } catch { /* already closed */ }
            return
          }
          controller.enqueue(value)
          arm()
          pump()
        }, () => {
          end()
          try { controller.close() } catch { /* already closed */ }
        })
      }
      pump()
    },
    cancel() {
      end()
      return reader.cancel().catch(() => undefined)
    },
  })
}
