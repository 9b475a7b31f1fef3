/**
 * A small pool of calculation worker threads (worker.ts). Jobs queue per worker (the least busy
 * ready one); a job that runs past `jobTimeoutMs` has its worker replaced and answers 503
 * `calculation_timeout`, as do the jobs queued behind it. A crashed worker is replaced the same way.
 * Until a worker is ready, `ready()` is false and the routes calculate in-process.
 */
import { engineErrorFromJSON } from '@openfactors/engine'
import { Worker } from 'node:worker_threads'
import { ApiError } from '../errors.ts'
import type { CalcOffload, OffloadContext, OffloadReply, OffloadVerb } from './protocol.ts'

interface Job {
  id: number
  resolve: (json: string) => void
  reject: (err: unknown) => void
  timer: ReturnType<typeof setTimeout>
}

interface Slot {
  worker: Worker
  ready: boolean
  jobs: Map<number, Job>
}

export interface OffloadPool extends CalcOffload {
  close(): Promise<void>
}

export interface PoolOptions {
  releasesDir: string
  size: number
  jobTimeoutMs: number
  onError?: (err: unknown) => void
}

export function startOffloadPool(opts: PoolOptions): OffloadPool {
  // From the sources (this repo) the thread needs tsx, which worker-entry.mjs registers; the built
  // package (dist/) runs the compiled worker.js directly.
  const workerUrl = new URL(import.meta.url.endsWith('.ts') ? './worker-entry.mjs' : './worker.js', import.meta.url)
  // A worker that dies before it is ready is respawned a few times, then the routes stay in-process.
  let earlyDeaths = 0
  let nextId = 1
  let closed = false
  const slots: Slot[] = []
  const busy = () => new ApiError('calculation_timeout', 'The calculation did not finish in time and was stopped; send a smaller request or retry later.', {}, { 'Retry-After': '5' })

  const spawn = (index: number): void => {
    const worker = new Worker(workerUrl, { workerData: { releasesDir: opts.releasesDir } })
    const slot: Slot = { worker, ready: false, jobs: new Map() }
    slots[index] = slot
    worker.on('message', (msg: OffloadReply | { ready: true }) => {
      if ('ready' in msg) {
        slot.ready = true
        return
      }
      const job = slot.jobs.get(msg.id)
      if (!job) return
      slot.jobs.delete(msg.id)
      clearTimeout(job.timer)
      if (msg.ok) job.resolve(msg.json)
      else job.reject(msg.error ? engineErrorFromJSON(msg.error) : new Error('calculation failed'))
    })
    const fail = (err: unknown) => {
      opts.onError?.(err)
      for (const job of slot.jobs.values()) {
        clearTimeout(job.timer)
        job.reject(busy())
      }
      slot.jobs.clear()
      if (!slot.ready) earlyDeaths++
      slot.ready = false
      if (!closed && slots[index] === slot && earlyDeaths < 3) spawn(index)
    }
    worker.on('error', fail)
    worker.on('exit', (code) => { if (!closed && slots[index] === slot) fail(new Error(`calculation worker exited with ${code}`)) })
    worker.unref()
  }
  for (let i = 0; i < opts.size; i++) spawn(i)

  return {
    ready: () => slots.some((s) => s.ready),
    run(verb: OffloadVerb, body: unknown, ctx: OffloadContext): Promise<string> {
      const ready = slots.filter((s) => s.ready)
      const slot = ready.sort((a, b) => a.jobs.size - b.jobs.size)[0]
      if (!slot) return Promise.reject(busy())
      const id = nextId++
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          // A runaway job: replace its worker (the others' jobs on it fail with it).
          const index = slots.indexOf(slot)
          void slot.worker.terminate()
          if (index >= 0) {
            for (const job of slot.jobs.values()) { clearTimeout(job.timer); job.reject(busy()) }
            slot.jobs.clear()
            if (!closed) spawn(index)
          }
        }, opts.jobTimeoutMs)
        slot.jobs.set(id, { id, resolve, reject, timer })
        slot.worker.postMessage({ id, verb, body, ctx })
      })
    },
    async close() {
      closed = true
      await Promise.all(slots.map((s) => s.worker.terminate()))
    },
  }
}
