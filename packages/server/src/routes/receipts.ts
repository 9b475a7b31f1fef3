/**
 * `POST /v1/receipts/verify`: open (address-limited). Verifying needs no data, only the saved
 * response, so anyone holding one can check it without a key.
 */
import { ApiError } from '../errors.ts'
import type { App, RouteDeps } from './deps.ts'

export function receiptRoutes(app: App, deps: RouteDeps): void {
  app.post('/v1/receipts/verify', deps.guards.open, deps.guards.json, (c) => {
    if (!deps.verifyReceipt) throw new ApiError('not_found', 'Receipt verification is not available on this server.')
    return c.json(deps.verifyReceipt(c.get('body')))
  })
}
