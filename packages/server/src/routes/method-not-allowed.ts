/**
 * Unknown paths are 404 `not_found`; a known path with the wrong method is 405
 * `method_not_allowed` with an `Allow` header. Decided from the app's own route table.
 */
import type { Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { ApiError, renderError } from '../errors.ts'
import type { App } from './deps.ts'

function patternOf(path: string): RegExp {
  const escaped = path.split('/').map((seg) => (seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  return new RegExp(`^${escaped.join('/')}/?$`)
}

export function notFoundHandler(app: App): (c: Context<AppEnv>) => Response {
  let table: Array<{ pattern: RegExp; method: string }> | undefined
  return (c) => {
    table ??= app.routes
      .filter((r) => r.method !== 'ALL' && r.path !== '*' && r.path !== '/*')
      .map((r) => ({ pattern: patternOf(r.path), method: r.method }))
    const methods = new Set(table.filter((r) => r.pattern.test(c.req.path)).map((r) => r.method))
    if (methods.has('GET')) methods.add('HEAD')
    if (methods.size > 0) {
      const allow = [...methods, 'OPTIONS'].join(', ')
      return render(c, new ApiError('method_not_allowed', `${c.req.method} is not allowed on ${c.req.path}; use ${allow}.`, { allow: [...methods] }, { Allow: allow }))
    }
    return render(c, new ApiError('not_found', `No route ${c.req.method} ${c.req.path}. The API reference is at /docs.`))
  }
}

function render(c: Context<AppEnv>, err: ApiError): Response {
  const { body, status, headers } = renderError(err)
  return c.json(body, status, headers)
}
