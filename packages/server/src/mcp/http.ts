/**
 * `/mcp`: the MCP server over streamable HTTP inside the Hono app (web-standard transport, so no
 * Node request objects). Stateless: each POST gets a fresh server and transport. Same keys, quotas
 * and error codes as `/v1`: every request needs a key, and each `tools/call` counts as one call.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { ApiError } from '../errors.ts'
import type { App, RouteDeps } from '../routes/deps.ts'
import { buildMcpServer, type ReleaseListing } from './tools.ts'
import { envelopeValidationErrors } from './validation-errors.ts'

/** Number of `tools/call` requests in a JSON-RPC message or batch. */
export function countToolCalls(body: unknown): number {
  const messages = Array.isArray(body) ? body : [body]
  return messages.filter((m) => typeof m === 'object' && m !== null && (m as { method?: unknown }).method === 'tools/call').length
}

export function releaseListing(deps: RouteDeps): () => ReleaseListing[] {
  return () => (deps.releases?.manifest()?.releases ?? []).map((r) => ({
    mb_version: r.mb_version, released_at: r.released_at, editions: r.editions, factor_count: r.factor_count,
  }))
}

export function mcpRoutes(app: App, deps: RouteDeps): void {
  const verify = deps.verifyReceipt
  app.all('/mcp', deps.guards.key, async (c, next) => {
    let body: unknown
    if (c.req.method === 'POST') {
      const length = Number(c.req.header('content-length') ?? '0')
      if (length > deps.config.bodyLimitBytes) throw new ApiError('payload_too_large', `The body is larger than ${deps.config.bodyLimitBytes} bytes.`)
      try {
        body = await c.req.raw.clone().json()
      } catch {
        throw new ApiError('invalid_request', 'The body is not valid JSON-RPC (JSON expected).', { issues: [{ path: '', message: 'invalid JSON' }] })
      }
    }
    c.set('body', body)
    // One counted call per tool invocation; initialize, list and read calls are free.
    return countToolCalls(body) > 0 ? deps.guards.meter(c, next) : next()
  }, async (c) => {
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
    })
    await server.connect(transport)
    const body = c.get('body')
    return transport.handleRequest(c.req.raw, body === undefined ? {} : { parsedBody: body })
  })
}
