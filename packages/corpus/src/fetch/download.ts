/**
 * One file from one URL with Node's fetch: written to `<dest>.part`, resumed with an HTTP Range
 * request when a partial file is there, checked against the expected sha256, then renamed into
 * place. Transient failures (network errors, 5xx, 408, 429, a body cut short) are retried with
 * exponential backoff; a 4xx or a wrong sha256 is a verdict on this URL and is not retried.
 */
import { createHash } from 'node:crypto'
import { createReadStream, existsSync, mkdirSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { dirname } from 'node:path'

export interface DownloadOptions {
  url: string
  dest: string
  sha256: string
  /** Attempts per URL for transient failures (default 4). */
  attempts?: number
  /** First backoff delay in ms, doubled per retry (default 500). */
  backoffMs?: number
  /** Called as bytes arrive: bytes so far (resumed bytes included), total when known. */
  onBytes?: (received: number, total: number | null) => void
  /** Called before a retry, with the reason the previous attempt failed. */
  onRetry?: (attempt: number, reason: string, delayMs: number) => void
  fetchImpl?: typeof fetch
}

/** Why a URL did not give the file; `transient` failures were retried until attempts ran out. */
export class DownloadError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
    readonly transient: boolean,
    /** No HTTP answer at all (refused, DNS, reset before a status). */
    readonly network = false,
  ) {
    super(`${url}: ${reason}`)
    this.name = 'DownloadError'
  }
}

export function sha256OfFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')))
  })
}

function sizeOf(path: string): number {
  return existsSync(path) ? statSync(path).size : 0
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Total size from `Content-Range: bytes a-b/total` or `Content-Length` plus the resumed offset. */
function totalOf(res: Response, offset: number): number | null {
  const range = /\/(\d+)\s*$/.exec(res.headers.get('content-range') ?? '')
  if (range) return Number(range[1])
  const length = res.headers.get('content-length')
  return length === null ? null : Number(length) + offset
}

/** One attempt: resumes from the partial file when the server honours Range. */
async function attempt(opts: DownloadOptions, part: string): Promise<void> {
  const doFetch = opts.fetchImpl ?? fetch
  let offset = sizeOf(part)
  let res: Response
  try {
    res = await doFetch(opts.url, { headers: offset > 0 ? { range: `bytes=${offset}-` } : {}, redirect: 'follow' })
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : undefined
    // An unknown host stays unknown on a retry (offline, or no DNS): not transient.
    const unknownHost = cause !== undefined && 'code' in cause && cause.code === 'ENOTFOUND'
    throw new DownloadError(opts.url, `${err instanceof Error ? err.message : String(err)}${cause ? `: ${cause.message}` : ''}`, !unknownHost, true)
  }
  if (res.status === 416 && offset > 0) {
    // The partial file is already complete (or longer than the file): let the hash decide.
    await res.body?.cancel()
    return
  }
  if (!res.ok) {
    await res.body?.cancel()
    const transient = res.status >= 500 || res.status === 408 || res.status === 429
    throw new DownloadError(opts.url, `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`, transient)
  }
  if (res.status !== 206) offset = 0 // the server sent the whole file: start over
  const total = totalOf(res, offset)
  const file = await open(part, offset > 0 ? 'a' : 'w')
  let received = offset
  try {
    if (!res.body) throw new DownloadError(opts.url, 'empty response body', true)
    const reader = res.body.getReader()
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      const chunk = next.value
      await file.write(chunk)
      received += chunk.byteLength
      opts.onBytes?.(received, total)
    }
  } catch (err) {
    if (err instanceof DownloadError) throw err
    throw new DownloadError(opts.url, `connection lost after ${received} bytes (${err instanceof Error ? err.message : String(err)})`, true)
  } finally {
    await file.close()
  }
  if (total !== null && received < total) throw new DownloadError(opts.url, `body ended after ${received} of ${total} bytes`, true)
}

/**
 * Downloads `url` to `dest` (creating its directory); resolves when the file is in place with the
 * right sha256. A download that fails for good leaves behind only bytes worth resuming (`.part`):
 * no empty file and no directory it created that stayed empty, which later runs took for datasets.
 */
export async function downloadFile(opts: DownloadOptions): Promise<void> {
  const part = `${opts.dest}.part`
  const created = mkdirSync(dirname(opts.dest), { recursive: true })
  try {
    await downloadInto(opts, part)
  } catch (err) {
    if (existsSync(part) && sizeOf(part) === 0) rmSync(part, { force: true })
    removeEmptyDirs(dirname(opts.dest), created)
    throw err
  }
}

/** `dir` and its parents up to `created` (the first directory mkdirSync made; none: nothing), each removed while empty. */
function removeEmptyDirs(dir: string, created: string | undefined): void {
  if (created === undefined) return
  for (let d = dir; ; d = dirname(d)) {
    try {
      rmdirSync(d)
    } catch {
      return // not empty: it holds something worth keeping
    }
    if (d === created || dirname(d) === d) return
  }
}

async function downloadInto(opts: DownloadOptions, part: string): Promise<void> {
  const attempts = opts.attempts ?? 4
  const backoff = opts.backoffMs ?? 500
  let restartedForHash = false
  for (let n = 1; ; n++) {
    try {
      const resumed = sizeOf(part) > 0
      await attempt(opts, part)
      const got = await sha256OfFile(part)
      if (got === opts.sha256) {
        renameSync(part, opts.dest)
        return
      }
      rmSync(part, { force: true })
      // A resumed file may hold bytes of an older copy: one fresh download before blaming the URL.
      if (resumed && !restartedForHash) {
        restartedForHash = true
        n--
        continue
      }
      throw new DownloadError(opts.url, `sha256 ${got} differs from the lock (${opts.sha256})`, false)
    } catch (err) {
      const e = err instanceof DownloadError ? err : new DownloadError(opts.url, err instanceof Error ? err.message : String(err), true)
      if (!e.transient || n >= attempts) throw e
      const delay = backoff * 2 ** (n - 1)
      opts.onRetry?.(n, e.reason, delay)
      await sleep(delay)
    }
  }
}
