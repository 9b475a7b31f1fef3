/**
 * The `fetch` command as a person sees it: a progress bar on a terminal (a line per file
 * otherwise), retries and failed sources as they happen, and a summary naming every file that
 * failed and why. Returns true when every file of the lock is in place.
 */
import { readLock } from '../lock/lock.ts'
import { progressBar } from '../progress.ts'
import { fetchDatasets, formatFetchResult } from './fetch-datasets.ts'

export interface RunFetchOptions {
  datasetsDir: string
  mirror?: string
  stream?: NodeJS.WriteStream
}

export async function runFetch(opts: RunFetchOptions): Promise<boolean> {
  const stream = opts.stream ?? process.stderr
  const bar = progressBar(stream)
  const tty = stream.isTTY === true
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`
  let lastFile = ''
  stream.write(`Fetching the datasets of packages/corpus/datasets.lock.json into ${opts.datasetsDir}${opts.mirror ? ` from the mirror ${opts.mirror}` : ''}\n`)
  const result = await fetchDatasets({
    lock: readLock(),
    datasetsDir: opts.datasetsDir,
    ...(opts.mirror ? { mirror: opts.mirror } : {}),
    onProgress: (p) => {
      const within = p.total ? Math.min(1, p.bytes / p.total) : 0
      if (tty) bar.update((p.done + within) / p.files, `fetch ${p.done}/${p.files}`, p.current ? `${p.current.split('/').at(-1)} ${mb(p.bytes)}` : undefined)
      else if (p.current !== '' && p.current !== lastFile) stream.write(`[${p.done + 1}/${p.files}] ${p.current}\n`)
      lastFile = p.current
    },
    onNote: (line) => {
      if (tty) stream.write('\n')
      stream.write(`  ${line}\n`)
    },
  })
  bar.done()
  stream.write(`${formatFetchResult(result)}\n`)
  return result.failed.length === 0
}
