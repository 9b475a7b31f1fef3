/**
 * `/mcp`: the MCP server over streamable HTTP inside the Hono app (web-standard transport, so no
 * Node request objects). Stateless: each POST gets a fresh server and transport. Same keys, quotas,
 * input bounds and error codes as `/v1`: every request needs a key, the body passes the same bounds
 * (limits.ts), each tool call and resource read in a message or batch counts as one call, and an
 * event stream (GET) counts as one call, is limited per key and closed when idle.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { ApiError } from '../errors.ts'
import { readBoundedJson } from '../middleware/limits.ts'
import { offloadContext } from '../offload/route.ts'
import type { App, RouteDeps } from '../routes/deps.ts'
import { countMeteredCalls, idleLimited, StreamSlots } from './metering.ts'
import { buildMcpServer, type ReleaseListing } from './tools.ts'
import { envelopeValidationErrors } from './validation-errors.ts'

export { countMeteredCalls }

export function releaseListing(deps: RouteDeps): () => ReleaseListing[] {
  return () => (deps.releases?.manifest()?.releases ?? []).map((r) => ({
    mb_version: r.mb_version, released_at: r.released_at, editions: r.editions, factor_count: r.factor_count,
  }))
}

export function mcpRoutes(app: App, deps: RouteDeps): void {
  const verify = deps.verifyReceipt
  const slots = new StreamSlots(deps.config.mcpStreamsPerKey)

  const readBody: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method === 'POST') {
      const body = await readBoundedJson(c.req.raw, deps.config.bodyLimitBytes, deps.config.limits)
      c.set('body', body)
      c.set('calls', countMeteredCalls(body))
    } else if (c.req.method === 'GET') {
      c.set('calls', 1)
    }
    await next()
  }
  // Free messages (initialize, lists) pass; the rest count before any work starts.
  const meterCalls: MiddlewareHandler<AppEnv> = (c, next) => ((c.get('calls') ?? 0) > 0 ? deps.guards.meter(c, next) : next())

  app.all('/mcp', deps.guards.key, readBody, async (c, next) => {
    if (c.req.method !== 'GET') return next()
    const keyId = c.get('apiKey')?.id ?? ''
    if (slots.count(keyId) >= deps.config.mcpStreamsPerKey) {
      throw new ApiError('rate_limited', `At most ${deps.config.mcpStreamsPerKey} open event streams per key; close one first.`, { limit: deps.config.mcpStreamsPerKey }, { 'Retry-After': '5' })
    }
    return next()
  }, meterCalls, async (c) => {
    const transport = envelopeValidationErrors(new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: deps.config.bodyLimitBytes,
    }))
    const server = buildMcpServer({
      engine: deps.engine,
      verifyReceipt: verify ?? (() => { throw new ApiError('not_found', 'Receipt verification is not available on this server.') }),
      releases: releaseListing(deps),
      calcContext: () => deps.calcContext(c.get('requestId'), c.get('account')?.plan),
      offload: (verb, args) => (deps.offload?.ready()
        ? deps.offload.run(verb, args, offloadContext(deps.calcContext(c.get('requestId'), c.get('account')?.plan))).then((json) => JSON.parse(json) as unknown)
        : null),
    })
    await server.connect(transport)
    const body = c.get('body')
    const res = await transport.handleRequest(c.req.raw, body === undefined ? {} : { parsedBody: body })
    if (c.req.method !== 'GET' || !res.body || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) return res
    const keyId = c.get('apiKey')?.id ?? ''
    if (!slots.take(keyId)) {
      await res.body.cancel().catch(() => undefined)
      throw new ApiError('rate_limited', `At most ${deps.config.mcpStreamsPerKey} open event streams per key; close one first.`, { limit: deps.config.mcpStreamsPerKey }, { 'Retry-After': '5' })
    }
    const stream = idleLimited(res.body, deps.config.mcpStreamIdleMs, () => {
      slots.release(keyId)
      void server.close().catch(() => undefined)
    })
    return new Response(stream, { status: res.status, headers: res.headers })
  })
}
