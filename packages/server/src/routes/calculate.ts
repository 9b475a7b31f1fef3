/** The keyed, metered engine calls: resolve, PCAF, embodied, emissions. Bodies are checked with the engine's own schemas. */
import { assertRequest } from '@openfactors/engine'
import { offloaded } from '../offload/route.ts'
import type { App, RouteDeps } from './deps.ts'

export function calculateRoutes(app: App, deps: RouteDeps): void {
  const { key, json: body, meter, ledger: ledgerBody } = deps.guards
  // With calculation workers (serve.ts), the calculation runs off the event loop; else below, in-process.
  const json = (verb: Parameters<typeof offloaded>[1]) => [body, meter, offloaded(deps, verb)] as const
  app.post('/v1/calculate/resolve', key, ...json('resolve'), (c) => {
    const body = c.get('body')
    assertRequest('resolve', body)
    return c.json(deps.engine.resolve(body))
  })
  app.post('/v1/calculate/pcaf', key, ...json('pcaf'), (c) => {
    const body = c.get('body')
    assertRequest('pcaf', body)
    return c.json(deps.engine.pcaf(body, deps.calcContext(c.get('requestId'), c.get('account')?.plan)))
  })
  app.post('/v1/calculate/embodied', key, ...json('embodied'), (c) => {
    const body = c.get('body')
    assertRequest('embodied', body)
    return c.json(deps.engine.embodied(body, deps.calcContext(c.get('requestId'), c.get('account')?.plan)))
  })
  // A ledger of up to 20,000 lines is one call: counted once, with its own body limit.
  app.post('/v1/calculate/emissions', key, ledgerBody, meter, offloaded(deps, 'emissions'), (c) => {
    const body = c.get('body')
    assertRequest('emissions', body)
    return c.json(deps.engine.emissions(body, deps.calcContext(c.get('requestId'), c.get('account')?.plan)))
  })
}
