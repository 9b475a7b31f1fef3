/**
 * The `/v1` HTTP API as a web-standard Hono app: no `node:` imports and no environment reads, so
 * it runs in tests through `app.request()` and behind any adapter. `start.ts` wires it to Node.
 */
import { EMISSIONS_MAX_ACTIVITIES } from '@openfactors/engine'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { acceptsGzip } from './middleware/accept-gzip.ts'
import { clientAddress } from './middleware/client-address.ts'
import { jsonGzipper } from './middleware/json-gzip.ts'
import type { AppDeps, AppEnv, Logger } from './app-env.ts'
import { renderError } from './errors.ts'
import { keyHasher, requireKey } from './middleware/api-key.ts'
import { countCall, countedKey } from './middleware/counted-key.ts'
import { fastCors } from './middleware/cors.ts'
import { keyCache } from './middleware/key-cache.ts'
import { jsonBody } from './middleware/body-guard.ts'
import { keyIssuanceLimit } from './middleware/key-issuance.ts'
import { addressLimit, countOpen, currentLimitHeaders, meter } from './middleware/quota.ts'
import { headerReader } from './middleware/request-header.ts'
import { requestId, requestIds } from './middleware/request-id.ts'
import { responseHeaders } from './middleware/response-headers.ts'
import { CONTENT_SECURITY_POLICY, securityHeaders } from './middleware/security-headers.ts'
import { accountRoutes } from './routes/account.ts'
import { bulkRoutes } from './routes/bulk.ts'
import { calculateRoutes } from './routes/calculate.ts'
import type { RouteDeps } from './routes/deps.ts'
import { docRoutes } from './routes/docs.ts'
import { factorRoutes } from './routes/factors.ts'
import { keyRoutes } from './routes/keys.ts'
import { lookupBodies } from './routes/lookup-bodies.ts'
import type { FastPath } from './routes/fast-path.ts'
import { lookupFastPath } from './routes/lookup-fast-path.ts'
import { resolveFastPath } from './routes/resolve-fast-path.ts'
import { searchFastPath } from './routes/search-fast-path.ts'
import { notFoundHandler } from './routes/method-not-allowed.ts'
import { receiptRoutes } from './routes/receipts.ts'
import { releaseRoutes } from './routes/releases.ts'
import { webhookRoutes } from './routes/webhooks.ts'
import { mcpRoutes } from './mcp/http.ts'

const consoleLogger: Logger = (line) => console.log(JSON.stringify(line))

/** The app, and the fast paths that share its parts (routes/fast-path.ts; the Node entry wires them). */
export interface Api {
  app: Hono<AppEnv>
  /** The keyed lookup (routes/lookup-fast-path.ts). */
  lookup: FastPath
  /** The open search (routes/search-fast-path.ts). */
  search: FastPath
  /** The resolve (routes/resolve-fast-path.ts). */
  resolve: FastPath
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  return createApi(deps).app
}

export function createApi(deps: AppDeps): Api {
  const clock = deps.clock ?? (() => new Date())
  // Undefined when logging is off: the access log then builds no line at all.
  const accessLog = deps.logger ?? (deps.config.log === 'off' ? undefined : consoleLogger)
  const logger: Logger = accessLog ?? (() => undefined)
  const quotaDeps = { store: deps.store, config: deps.config, clock }
  const app = new Hono<AppEnv>()

  const addressOf = (c: { req: { raw: Request }; env: unknown }): string =>
    clientAddress(deps.config.trustProxy, deps.config.trustProxy ? c.req.raw.headers.get('x-forwarded-for') : undefined, () => deps.clientAddress?.(c.req.raw, c.env))

  const keys = keyCache(deps.config.keyCacheMs)
  const hashOf = keyHasher()
  const header = headerReader(deps.requestHeader)
  const count = countCall(quotaDeps, hashOf, keys)
  const openCount = countOpen(quotaDeps)
  const ids = requestIds()
  const bodies = lookupBodies(deps.engine)
  const routeDeps: RouteDeps = {
    keys,
    engine: deps.engine,
    store: deps.store,
    config: deps.config,
    clock,
    releases: deps.releases,
    offload: deps.offload,
    verifyReceipt: deps.verifyReceipt,
    guards: {
      open: addressLimit(openCount, addressOf, deps.priorRefusal),
      issue: keyIssuanceLimit(quotaDeps, addressOf),
      key: requireKey(deps.store, (account) => currentLimitHeaders(account, quotaDeps), keys, hashOf),
      counted: countedKey(count, header, deps.priorRefusal),
      meter: meter(quotaDeps, deps.priorRefusal),
      json: jsonBody(deps.config.bodyLimitBytes, deps.config.limits),
      // A ledger is one array of up to EMISSIONS_MAX_ACTIVITIES lines; the other bounds stay.
      ledger: jsonBody(deps.config.emissionsBodyLimitBytes, { ...deps.config.limits, maxItems: Math.max(deps.config.limits.maxItems, EMISSIONS_MAX_ACTIVITIES) }),
    },
    lookupBodies: bodies,
    header,
    calcContext: (request_id, plan) => ({ request_id, now: clock, attribution_required: plan !== 'enterprise' }),
  }

  app.use('*', responseHeaders({ 'Content-Security-Policy': CONTENT_SECURITY_POLICY }))
  app.use('*', requestId(accessLog, clock, header, ids))
  app.use('*', securityHeaders())
  app.use('*', fastCors({
    origin: deps.config.corsOrigin,
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposeHeaders: ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'X-Request-Id', 'ETag', 'OpenFactors-Data-Version'],
    maxAge: 600,
  }, header))
  // Compression only for clients that ask for it (it inspects the response, which costs every call).
  // Before compressing, the response is rebuilt with its current headers: @hono/node-server's light
  // Response, when copied, keeps the headers it was made with and drops those set later (RateLimit-*).
  // An answer already in its final encoding (`sendJson`: gzipped, or under compress()'s threshold)
  // goes out as it is, its header record untouched, as it does for a client that asks for nothing.
  const compressor = compress()
  const gzipJson = deps.gzip ? jsonGzipper(deps.gzip) : undefined
  app.use('*', (c, next) => {
    const acceptEncoding = header(c, 'accept-encoding')
    if (!acceptEncoding) return next()
    return next().then(async () => {
      if (c.get('encoded') === true) return
      if (gzipJson && acceptsGzip(acceptEncoding) && (await gzipJson(c))) return
      await compressor(c, async () => {
        // Headers and status first: reading `body` of a light Response rebuilds it from its first init.
        const headers = new Headers(c.res.headers)
        const status = c.res.status
        c.res = new Response(c.res.body, { status, headers })
      })
    })
  })

  app.onError((err, c) => {
    const rendered = renderError(err)
    if (rendered.unexpected) {
      logger({ ts: clock().toISOString(), level: 'error', request_id: c.get('requestId') ?? null, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) })
    }
    return c.json(rendered.body, rendered.status, rendered.headers)
  })

  factorRoutes(app, routeDeps)
  calculateRoutes(app, routeDeps)
  receiptRoutes(app, routeDeps)
  keyRoutes(app, routeDeps)
  accountRoutes(app, routeDeps)
  releaseRoutes(app, routeDeps)
  webhookRoutes(app, routeDeps)
  bulkRoutes(app, routeDeps)
  mcpRoutes(app, routeDeps)
  docRoutes(app, routeDeps)
  if (deps.staticFiles) app.get('*', deps.staticFiles)

  app.notFound(notFoundHandler(app))
  return {
    app,
    lookup: lookupFastPath({ count, bodies, ids, logger: accessLog, clock }),
    search: searchFastPath({ engine: deps.engine, countOpen: openCount, ids, logger: accessLog, clock, trustProxy: deps.config.trustProxy, gzip: deps.gzip, cacheBytes: deps.config.searchCacheBytes }),
    resolve: resolveFastPath({
      count, engine: deps.engine, offload: deps.offload, calcContext: routeDeps.calcContext, bodyLimitBytes: deps.config.bodyLimitBytes,
      limits: deps.config.limits, ids, logger: accessLog, clock, gzip: deps.gzip,
    }),
  }
}
