/** `GET /v1/factors` (open search) and `GET /v1/factors/{key}` (keyed lookup). */
import { FactorKindSchema, SEARCH_LIMIT_MAX } from '@openfactors/engine'
import { z } from 'zod'
import { invalidRequest, issuesFrom } from '../errors.ts'
import { FactorKeySchema, PLAIN_FACTOR_KEY } from '../factor-key.ts'
import { acceptsGzip, GZIP_THRESHOLD } from '../middleware/accept-gzip.ts'
import { sendJson } from '../middleware/response-headers.ts'
import type { Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import type { App, RouteDeps } from './deps.ts'

const text = z.string().max(500)
/**
 * Query of the search: strings from the URL, coerced and bounded here with the engine's bounds
 * (docs/decisions.md §3); unknown parameters are refused so a typo (`serach`) is not silently ignored.
 */
export const SearchQuerySchema = z.strictObject({
  search: text.optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  domain: text.optional(),
  country: text.optional(),
  source: text.optional(),
  unit: text.optional(),
  as_of: z.string().max(32).optional(),
  /** Which kind of row to list; emission factors by default (issue 17). */
  kind: z.enum([...FactorKindSchema.options, 'all']).optional(),
})

export const LookupQuerySchema = z.strictObject({ as_of: z.string().max(32).optional() })

export function parseQuery<T extends z.ZodType>(schema: T, query: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(query)
  if (!parsed.success) throw invalidRequest('The query parameters are not valid.', issuesFrom(parsed.error.issues))
  return parsed.data
}

export function factorRoutes(app: App, deps: RouteDeps): void {
  app.get('/v1/factors', deps.guards.open, (c) => {
    const query = parseQuery(SearchQuerySchema, c.req.query())
    return c.json(deps.engine.search(query))
  })

  // Bounds before any work, metering included: a malformed key or query is not counted.
  const bounded = (c: Context<AppEnv>): void => {
    // No query string: nothing to check (every parameter is optional).
    if (c.req.url.includes('?')) parseQuery(LookupQuerySchema, c.req.query())
    const raw = c.req.param('key') ?? ''
    // The common case, settled without the schema; anything else gets the schema's own issues.
    if (PLAIN_FACTOR_KEY.test(raw)) return
    const key = FactorKeySchema.safeParse(raw)
    if (!key.success) throw invalidRequest('The factor key is not valid.', issuesFrom(key.error.issues).map((i) => ({ ...i, path: 'key' })))
  }
  app.get('/v1/factors/:key', deps.guards.counted(bounded), async (c) => {
    // Kept as bytes per key and as_of (lookup-bodies.ts); the fast path (lookup-fast-path.ts) serves the same.
    const key = c.req.param('key').trim()
    const as_of = c.req.query('as_of')
    const body = deps.lookupBodies.body(key, as_of)
    // Gzipped once per key, for the clients compress() would gzip this body for (accept-gzip.ts).
    if (body.byteLength >= GZIP_THRESHOLD && acceptsGzip(deps.header(c, 'accept-encoding'))) return sendJson(c, await deps.lookupBodies.gzip(key, as_of), 200, 'gzip')
    return sendJson(c, body)
  })
}
