/**
 * `GET /v1/releases` (the manifest the browser worker reads) and `GET /v1/releases/{file}` (the
 * gzipped artifact, immutable: ETag is its sha256). Only files named in the manifest are served.
 */
import { ApiError } from '../errors.ts'
import type { App, RouteDeps } from './deps.ts'

export function releaseRoutes(app: App, deps: RouteDeps): void {
  app.get('/v1/releases', deps.guards.open, (c) => {
    const manifest = deps.releases?.manifest()
    if (!manifest) throw new ApiError('not_found', 'This server publishes no release files.')
    return c.json(manifest)
  })

  app.get('/v1/releases/:file', deps.guards.open, async (c) => {
    const name = c.req.param('file')
    const entry = deps.releases?.manifest()?.releases.find((r) => r.file === name)
    if (!entry || !deps.releases) throw new ApiError('not_found', `No release file named ${JSON.stringify(name.slice(0, 100))}; see GET /v1/releases.`)
    const etag = `"${entry.sha256}"`
    const headers = {
      ETag: etag,
      'Cache-Control': 'public, max-age=31536000, immutable',
    }
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers)
    const bytes = await deps.releases.read(entry.file)
    if (!bytes) throw new ApiError('not_found', `Release file ${entry.file} is missing on this server.`)
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      ...headers,
      'Content-Type': 'application/gzip',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `attachment; filename="${entry.file}"`,
    })
  })
}
