/** `GET /v1/factors` (open search) and `GET /v1/factors/{key}` (keyed lookup). */
import { FactorKindSchema, SEARCH_LIMIT_MAX } from '@openfactors/engine'
import { z } from 'zod'
import { invalidRequest, issuesFrom } from '../errors.ts'
import type { App, RouteDeps } from './deps.ts'

const text = z.string().max(500)
/**
 * Query of the search: strings from the URL, coerced and bounded here with the engine's bounds
 * (decisions §3); unknown parameters are refused so a typo (`serach`) is not silently ignored.
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
    return c.json(deps.engine.search(query as never))
  })

  app.get('/v1/factors/:key', deps.guards.key, deps.guards.meter, (c) => {
    const { as_of } = parseQuery(LookupQuerySchema, c.req.query())
    return c.json(deps.engine.lookup(c.req.param('key'), as_of === undefined ? {} : { as_of }))
  })
}
