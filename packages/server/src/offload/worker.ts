/**
 * The calculation worker thread: its own engine on the same release files (latest loaded at
 * start, older ones on first use), answering one request at a time with the response as JSON
 * text (serialised here, not on the server's event loop). Engine errors go back as their JSON form.
 */
import { assertRequest, isEngineError } from '@openfactors/engine'
import { parentPort, workerData } from 'node:worker_threads'
import { loadEngineFromDisk } from '../release-files.ts'
import type { OffloadReply, OffloadRequest } from './protocol.ts'

const { releasesDir } = workerData as { releasesDir: string }
const { engine } = loadEngineFromDisk(releasesDir)

function answer(req: OffloadRequest): unknown {
  const ctx = {
    ...(req.ctx.request_id !== undefined ? { request_id: req.ctx.request_id } : {}),
    ...(req.ctx.attribution_required !== undefined ? { attribution_required: req.ctx.attribution_required } : {}),
    ...(req.ctx.now !== undefined ? { now: ((at: Date) => () => at)(new Date(req.ctx.now)) } : {}),
  }
  const body = req.body
  switch (req.verb) {
    case 'resolve':
      assertRequest('resolve', body)
      return engine.resolve(body)
    case 'pcaf':
      assertRequest('pcaf', body)
      return engine.pcaf(body, ctx)
    case 'embodied':
      assertRequest('embodied', body)
      return engine.embodied(body, ctx)
    case 'emissions':
      assertRequest('emissions', body)
      return engine.emissions(body, ctx)
  }
}

parentPort?.on('message', (req: OffloadRequest) => {
  let reply: OffloadReply
  try {
    reply = { id: req.id, ok: true, json: JSON.stringify(answer(req)) }
  } catch (err) {
    reply = { id: req.id, ok: false, error: isEngineError(err) ? err.toJSON() : null }
  }
  parentPort?.postMessage(reply)
})
parentPort?.postMessage({ ready: true })
