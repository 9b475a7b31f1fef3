/**
 * The HTTP side of the example: one `call()` over plain fetch that sends the key, parses the
 * error envelope `{ error: { code, message } }` into an ApiCallError, and on 429 waits the
 * server's `Retry-After` seconds before trying again — up to a cap, so a monthly quota (a wait
 * of days) fails fast with a clear message instead of hanging.
 */

export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'ApiCallError'
  }
}

export interface RetryEvent {
  method: string
  path: string
  attempt: number
  code: string
  waitSeconds: number
}

export interface ApiOptions {
  /** e.g. `http://localhost:8787` (the `/v1` paths are appended). */
  baseUrl: string
  key?: string
  /** Retries of one call after 429 (default 5). */
  maxRetries?: number
  /** Longest single wait honoured, in seconds (default 120); a longer Retry-After fails the call. */
  maxWaitSeconds?: number
  onRetry?: (event: RetryEvent) => void
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
}

export interface Api {
  key: string | undefined
  call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function createApi(options: ApiOptions): Api {
  const base = options.baseUrl.replace(/\/+$/, '')
  const fetchFn = options.fetch ?? fetch
  const sleep = options.sleep ?? realSleep
  const maxRetries = options.maxRetries ?? 5
  const maxWait = options.maxWaitSeconds ?? 120

  const api: Api = {
    key: options.key,
    async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        const headers: Record<string, string> = { Accept: 'application/json' }
        if (api.key) headers.Authorization = `Bearer ${api.key}`
        if (body !== undefined) headers['Content-Type'] = 'application/json'
        const res = await fetchFn(`${base}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) })
        const payload: unknown = await res.json().catch(() => null)
        if (res.ok) return payload as T
        const error = envelopeOf(payload, res.status)
        if (res.status !== 429) throw new ApiCallError(res.status, error.code, `${method} ${path}: ${error.message}`)
        const wait = retryAfterSeconds(res.headers.get('retry-after'))
        if (wait > maxWait || attempt > maxRetries) {
          const why = wait > maxWait ? `the server asks to wait ${wait} s (more than ${maxWait} s)` : `still limited after ${maxRetries} retries`
          throw new ApiCallError(429, error.code, `${method} ${path}: ${error.message} — giving up: ${why}`, wait)
        }
        options.onRetry?.({ method, path, attempt, code: error.code, waitSeconds: wait })
        await sleep(wait * 1000)
      }
    },
  }
  return api
}

/** Retry-After is delta-seconds or an HTTP date; a missing or odd value waits one second. */
export function retryAfterSeconds(header: string | null, now: Date = new Date()): number {
  if (header === null || header.trim() === '') return 1
  const text = header.trim()
  if (/^\d+$/.test(text)) return Number(text)
  const at = Date.parse(text)
  return Number.isNaN(at) ? 1 : Math.max(0, Math.ceil((at - now.getTime()) / 1000))
}

function envelopeOf(payload: unknown, status: number): { code: string; message: string } {
  const error = (payload as { error?: { code?: unknown; message?: unknown } } | null)?.error
  return {
    code: typeof error?.code === 'string' ? error.code : `http_${status}`,
    message: typeof error?.message === 'string' ? error.message : `HTTP ${status}`,
  }
}
