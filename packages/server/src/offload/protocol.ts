/**
 * Calculations off the event loop: the messages between the server and its calculation worker
 * (a Node worker thread holding its own engine). Runtime-neutral types; `app.ts` only sees
 * `CalcOffload`, so the web-standard app stays free of `node:` imports.
 */
import type { SerializedEngineError } from '@openfactors/engine'

export const OFFLOAD_VERBS = ['resolve', 'pcaf', 'embodied', 'emissions'] as const
export type OffloadVerb = (typeof OFFLOAD_VERBS)[number]

/** The calculation context as plain data (a clock cannot cross a thread; the time can). */
export interface OffloadContext {
  request_id?: string
  now?: string
  attribution_required?: boolean
}

export interface OffloadRequest {
  id: number
  verb: OffloadVerb
  body: unknown
  ctx: OffloadContext
}

export type OffloadReply =
  | { id: number; ok: true; json: string }
  | { id: number; ok: false; error: SerializedEngineError | null }

/** Runs a calculation elsewhere and resolves with the response body as JSON text. */
export interface CalcOffload {
  /** False until a worker has loaded its release (the routes calculate in-process meanwhile). */
  ready(): boolean
  run(verb: OffloadVerb, body: unknown, ctx: OffloadContext): Promise<string>
}
