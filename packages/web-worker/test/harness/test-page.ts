/**
 * Node-only harness: the page the browser tests and benchmarks drive. It loads the built client
 * from `/dist/index.js` and puts a small driver on `window.openfactorsTest`, so a test can start a
 * client, call it, and read back progress, updates and errors as plain data.
 */

/** What a driven call returns to Node: the value, or the error with everything that crossed the worker. */
export type PageCallResult =
  | { ok: true; value: unknown; ms: number }
  | { ok: false; error: { name: string; code: unknown; message: string; data: unknown; isEngineError: boolean; isClientError: boolean } }

export interface PageStartResult {
  ok: boolean
  info?: unknown
  error?: { name: string; code: unknown; message: string; data: unknown }
  progress: Array<{ phase: string; bytes?: number; total?: number }>
  ms: number
}

export const TEST_PAGE = /* html */ `<!doctype html>
<html><head><meta charset="utf-8"><title>openfactors worker test page</title></head>
<body>
<script type="module">
import { createEngineClient, isEngineError, isClientError } from '/dist/index.js'

let client
const progress = []
const updates = []

function plain(error) {
  return {
    name: error?.name ?? 'Error',
    code: error?.code,
    message: String(error?.message ?? error),
    data: error?.data,
    isEngineError: isEngineError(error),
    isClientError: isClientError(error),
  }
}

window.openfactorsTest = {
  async start(options = {}) {
    progress.length = 0
    const t0 = performance.now()
    client = createEngineClient({ ...options, onProgress: (p) => progress.push(p), onUpdate: (u) => updates.push(u) })
    try {
      const info = await client.ready()
      return { ok: true, info, progress: [...progress], ms: performance.now() - t0 }
    } catch (error) {
      return { ok: false, error: plain(error), progress: [...progress], ms: performance.now() - t0 }
    }
  },
  async call(method, ...args) {
    const t0 = performance.now()
    try {
      const value = await client[method](...args)
      return { ok: true, value, ms: performance.now() - t0 }
    } catch (error) {
      return { ok: false, error: plain(error) }
    }
  },
  /** Round-trip times of n resolve calls, page -> worker -> page. */
  async timeResolve(requests, n) {
    const times = []
    for (let i = 0; i < n; i++) {
      const t0 = performance.now()
      await client.resolve(requests[i % requests.length])
      times.push(performance.now() - t0)
    }
    return times
  },
  updates: () => [...updates],
  async close() {
    await client?.close()
    client = undefined
  },
}
window.openfactorsReady = true
</script>
</body></html>
`
