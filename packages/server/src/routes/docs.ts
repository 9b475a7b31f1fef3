/** `/health`, `/v1` (index), `/v1/openapi.json`, `/docs` and `/docs/errors`. Open and not rate limited. */
import { renderErrors, renderReference } from '../docs-pages.ts'
import { ENGINE_SCHEMAS } from '../engine-schemas.ts'
import { buildOpenApi } from '../openapi.ts'
import { ENGINE_VERSION, latestRelease } from '@openfactors/engine'
import { ApiError, renderError } from '../errors.ts'
import { storeUnavailable } from '../stores/guard.ts'
import type { App, RouteDeps } from './deps.ts'

export const API_VERSION = '1.0.0'

export function docRoutes(app: App, deps: RouteDeps): void {
  let doc: Record<string, unknown> | undefined
  let reference: string | undefined
  let errors: string | undefined
  const openapi = () => (doc ??= buildOpenApi(ENGINE_SCHEMAS, { version: API_VERSION }))

  app.get('/health', async (c) => {
    const manifest = deps.releases?.manifest()
    const latest = manifest ? latestRelease(manifest.releases) : undefined
    const about = {
      engine_version: ENGINE_VERSION, data_version: latest?.mb_version ?? null, store: deps.store.kind,
      // Where calculations run: `workers` once a calculation worker is ready, else on the event loop.
      ...(deps.offload ? { calculations: deps.offload.ready() ? 'workers' : 'in-process' } : {}),
    }
    const problem = await deps.store.ping().then(() => null, (err: unknown) => err)
    if (problem === null) return c.json({ status: 'ok', ...about, store_ok: true })
    // Down (or any store failure): 503 with the health fields and the error envelope.
    const { body, headers } = renderError(problem instanceof ApiError ? problem : storeUnavailable())
    return c.json({ status: 'store_unavailable', ...about, store_ok: false, ...body }, 503, headers)
  })
  app.get('/v1', (c) => {
    const manifest = deps.releases?.manifest()
    const latest = manifest ? latestRelease(manifest.releases) : undefined
    return c.json({
      name: 'openfactors' as const,
      api_version: API_VERSION,
      engine_version: ENGINE_VERSION,
      data_version: latest?.mb_version ?? null,
      links: { docs: '/docs', openapi: '/v1/openapi.json', errors: '/docs/errors', releases: '/v1/releases', health: '/health' },
    })
  })
  app.get('/v1/openapi.json', (c) => c.json(openapi()))
  app.get('/docs', (c) => c.html((reference ??= renderReference(openapi()))))
  app.get('/docs/errors', (c) => c.html((errors ??= renderErrors())))
}
