/**
 * `npm run corpus -- fetch`: every file of the lock into the datasets directory. A file already
 * there with the locked sha256 is kept; otherwise its download sources are tried in order (or
 * `<mirror>/<path in the lock>` only, with a mirror). Every file is attempted; the result names
 * each file that failed and why (per source).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { DatasetsLock, DownloadSource } from '../lock/schema.ts'
import { DownloadError, downloadFile, sha256OfFile } from './download.ts'

export interface WantedFile {
  path: string
  sha256: string
  sources: DownloadSource[]
}

export interface FetchProgress {
  /** Files settled so far (kept, fetched or failed) and the number of files. */
  done: number
  files: number
  /** Bytes of the current file and its size when known. */
  current: string
  bytes: number
  total: number | null
}

export interface FetchOptions {
  lock: DatasetsLock
  datasetsDir: string
  /** Take every file from `<mirror>/<path in the lock>` instead of the lock's sources. */
  mirror?: string
  attempts?: number
  backoffMs?: number
  onProgress?: (p: FetchProgress) => void
  /** A line for the log: a retry, a source that failed before the next one is tried. */
  onNote?: (line: string) => void
  fetchImpl?: typeof fetch
}

export interface FetchFailure {
  path: string
  /** One line per source tried: `<url>: <reason>`. */
  reasons: string[]
}

export interface FetchResult {
  kept: string[]
  fetched: { path: string; from: string }[]
  failed: FetchFailure[]
  datasetsDir: string
}

/** Every file the lock names (editions' files and the excluded ones, e.g. licence texts). */
export function wantedFiles(lock: DatasetsLock): WantedFile[] {
  const files = lock.editions.flatMap((e) => e.files).map((f) => ({ path: f.path, sha256: f.sha256, sources: f.sources ?? [] }))
  const excluded = lock.excluded.map((x) => ({ path: x.path, sha256: x.sha256, sources: x.sources ?? [] }))
  const seen = new Set<string>()
  return [...files, ...excluded].filter((f) => (seen.has(f.path) ? false : (seen.add(f.path), true)))
}

/** `<mirror>/<path>`, each path segment URL-encoded. */
export function mirrorUrl(mirror: string, path: string): string {
  return `${mirror.replace(/\/+$/, '')}/${path.split('/').map(encodeURIComponent).join('/')}`
}

function urlsOf(file: WantedFile, mirror: string | undefined): string[] {
  return mirror ? [mirrorUrl(mirror, file.path)] : file.sources.map((s) => s.url)
}

/** Files of the lock that are absent from the datasets directory (no hashing: a quick check). */
export function missingFiles(lock: DatasetsLock, datasetsDir: string): string[] {
  return wantedFiles(lock).filter((f) => !existsSync(join(datasetsDir, f.path))).map((f) => f.path)
}

export async function fetchDatasets(opts: FetchOptions): Promise<FetchResult> {
  const files = wantedFiles(opts.lock)
  const result: FetchResult = { kept: [], fetched: [], failed: [], datasetsDir: opts.datasetsDir }
  let done = 0
  // Origins that failed at the network level (after their retries): not tried again for later
  // files, so an offline run ends in seconds and says why.
  const unreachable = new Map<string, string>()
  for (const file of files) {
    const dest = join(opts.datasetsDir, file.path)
    opts.onProgress?.({ done, files: files.length, current: file.path, bytes: 0, total: null })
    if (existsSync(dest) && (await sha256OfFile(dest)) === file.sha256) {
      result.kept.push(file.path)
      done++
      continue
    }
    const reasons: string[] = []
    if (existsSync(dest)) reasons.push(`${dest}: present but its sha256 differs from the lock; downloading again`)
    const urls = urlsOf(file, opts.mirror)
    if (urls.length === 0) reasons.push('the lock records no download source for this file')
    let from: string | undefined
    for (const url of urls) {
      const origin = new URL(url).origin
      const dead = unreachable.get(origin)
      if (dead !== undefined) {
        reasons.push(`${url}: not tried, ${origin} was unreachable (${dead})`)
        continue
      }
      try {
        await downloadFile({
          url,
          dest,
          sha256: file.sha256,
          ...(opts.attempts !== undefined ? { attempts: opts.attempts } : {}),
          ...(opts.backoffMs !== undefined ? { backoffMs: opts.backoffMs } : {}),
          ...(opts.fetchImpl ? { fetchImpl: opts.fetchImpl } : {}),
          onBytes: (bytes, total) => opts.onProgress?.({ done, files: files.length, current: file.path, bytes, total }),
          onRetry: (n, reason, delay) => opts.onNote?.(`${file.path}: attempt ${n} from ${url} failed (${reason}); retrying in ${delay} ms`),
        })
        from = url
        break
      } catch (err) {
        const reason = err instanceof DownloadError ? err.message : `${url}: ${err instanceof Error ? err.message : String(err)}`
        if (err instanceof DownloadError && err.network) unreachable.set(origin, err.reason)
        reasons.push(reason)
        opts.onNote?.(`${file.path}: ${reason}`)
      }
    }
    if (from) result.fetched.push({ path: file.path, from })
    else result.failed.push({ path: file.path, reasons })
    done++
  }
  opts.onProgress?.({ done, files: files.length, current: '', bytes: 0, total: null })
  return result
}

/** The summary a person reads at the end of `corpus fetch`. */
export function formatFetchResult(r: FetchResult): string {
  const lines = [`datasets directory: ${r.datasetsDir}`, `${r.kept.length} already present, ${r.fetched.length} downloaded, ${r.failed.length} failed`]
  for (const f of r.failed) {
    lines.push(`FAILED ${f.path}`)
    for (const reason of f.reasons) lines.push(`  ${reason}`)
  }
  return lines.join('\n')
}
