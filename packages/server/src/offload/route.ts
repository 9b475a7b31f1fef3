/**
 * The route step that hands a calculation to the workers (when the app has them and one is
 * ready): the body was already bounded and parsed, the call already counted; the worker checks it
 * with the engine's schema and answers the JSON text, or the engine error it raised.
 */
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import type { RouteDeps } from '../routes/deps.ts'
import type { CalcContextPort } from '../engine-port.ts'
import type { OffloadContext, OffloadVerb } from './protocol.ts'

export function offloaded(deps: RouteDeps, verb: OffloadVerb): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const offload = deps.offload
    if (!offload?.ready()) return next()
    const json = await offload.run(verb, c.get('body'), offloadContext(deps.calcContext(c.get('requestId'), c.get('account')?.plan)))
    return c.body(json, 200, { 'Content-Type': 'application/json' })
  }
}

/** The calculation context as data for the worker (the clock read now). */
export function offloadContext(ctx: CalcContextPort): OffloadContext {
  return {
    ...(ctx.request_id !== undefined ? { request_id: ctx.request_id } : {}),
    ...(ctx.attribution_required !== undefined ? { attribution_required: ctx.attribution_required } : {}),
    ...(ctx.now ? { now: ctx.now().toISOString() } : {}),
  }
}
