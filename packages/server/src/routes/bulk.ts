/** `GET /v1/bulk/latest`: the redistributable corpus as gzipped NDJSON, business and enterprise plans. */
import { latestRelease } from '@openfactors/engine'
import { bulkFeedCache } from '../bulk-feed.ts'
import { ApiError } from '../errors.ts'
import { hasBusinessFeatures } from './account.ts'
import type { App, RouteDeps } from './deps.ts'

export function bulkRoutes(app: App, deps: RouteDeps): void {
  const feed = bulkFeedCache()
  // Built once at start (reading and serialising a whole release takes the event loop for a while),
  // so no request waits on it or stalls others.
  const prewarm = setTimeout(() => {
    const latest = latestRelease(deps.releases?.manifest()?.releases ?? [])
    if (deps.releases && latest) void feed(() => (deps.releases as NonNullable<typeof deps.releases>).artifact(latest.mb_version), latest.mb_version).catch(() => undefined)
  }, 0)
  if (typeof prewarm === 'object' && 'unref' in prewarm) prewarm.unref()
  app.get('/v1/bulk/latest', deps.guards.key, deps.guards.meter, async (c) => {
    const account = c.get('account')
    if (!account || !hasBusinessFeatures(account.plan)) {
      throw new ApiError('forbidden', 'The bulk feed is part of the business and enterprise plans.', { plan: account?.plan ?? null })
    }
    const releases = deps.releases
    const manifest = releases?.manifest()
    const latest = manifest ? latestRelease(manifest.releases) : undefined
    if (!releases || !latest) throw new ApiError('not_found', 'This server publishes no release files.')
    const built = await feed(() => releases.artifact(latest.mb_version), latest.mb_version)
    const file = `openfactors-${built.mb_version}-redistributable.ndjson.gz`
    return c.body(built.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/gzip',
      'Content-Length': String(built.bytes.byteLength),
      'Content-Disposition': `attachment; filename="${file}"`,
      'OpenFactors-Data-Version': built.mb_version,
      'OpenFactors-Factor-Count': String(built.factor_count),
      'Cache-Control': 'private, max-age=300',
    })
  })
}
