/** `GET /v1/factors` (open search) and `GET /v1/factors/{key}` (keyed lookup). */
import { FactorKindSchema, SEARCH_LIMIT_MAX } from '@openfactors/engine'
import { z } from 'zod'
import { invalidRequest, issuesFrom } from '../errors.ts'
import { FACTOR_KEY_MAX, FactorKeySchema } from '../factor-key.ts'
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

/** A key the schema accepts as it is: no spaces to trim, within the length, only allowed characters. */
const PLAIN_KEY = new RegExp(`^[A-Za-z0-9._-]{1,${FACTOR_KEY_MAX}}$`)

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

  // Lookup bodies by key and as_of, as UTF-8 bytes: a release never changes while loaded, so a popular
  // key is serialised and encoded once (the throughput profile, docs/benchmarks.md). Errors are not kept.
  const bodies = new Map<string, Uint8Array<ArrayBuffer>>()
  const utf8 = new TextEncoder()
  const LOOKUP_CACHE_SIZE = 5_000
  // Bounds before any work, metering included: a malformed key or query is not counted.
  const bounded = (c: Context<AppEnv>): void => {
    // No query string: nothing to check (every parameter is optional).
    if (c.req.url.includes('?')) parseQuery(LookupQuerySchema, c.req.query())
    const raw = c.req.param('key') ?? ''
    // The common case, settled without the schema; anything else gets the schema's own issues.
    if (PLAIN_KEY.test(raw)) return
    const key = FactorKeySchema.safeParse(raw)
    if (!key.success) throw invalidRequest('The factor key is not valid.', issuesFrom(key.error.issues).map((i) => ({ ...i, path: 'key' })))
  }
  app.get('/v1/factors/:key', deps.guards.counted(bounded), (c) => {
    const as_of = c.req.query('as_of')
    const key = c.req.param('key').trim()
    const cacheKey = `${key}\u0000${as_of ?? ''}`
    let body = bodies.get(cacheKey)
    if (body === undefined) {
      body = utf8.encode(JSON.stringify(deps.engine.lookup(key, as_of === undefined ? {} : { as_of })))
      if (bodies.size >= LOOKUP_CACHE_SIZE) bodies.delete(bodies.keys().next().value ?? '')
      bodies.set(cacheKey, body)
    }
    return sendJson(c, body)
  })
}
