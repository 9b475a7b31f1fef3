/** The keyed, metered engine calls: resolve, PCAF, embodied, emissions. Bodies go to the engine's schemas as parsed. */
import type { App, RouteDeps } from './deps.ts'

export function calculateRoutes(app: App, deps: RouteDeps): void {
  const { key, json, meter, ledger } = deps.guards
  app.post('/v1/calculate/resolve', key, json, meter, (c) => c.json(deps.engine.resolve(c.get('body') as never)))
  app.post('/v1/calculate/pcaf', key, json, meter, (c) =>
    c.json(deps.engine.pcaf(c.get('body') as never, deps.calcContext(c.get('requestId'), c.get('account')?.plan))))
  app.post('/v1/calculate/embodied', key, json, meter, (c) =>
    c.json(deps.engine.embodied(c.get('body') as never, deps.calcContext(c.get('requestId'), c.get('account')?.plan))))
  // A ledger of up to 20,000 lines is one call: counted once, with its own body limit.
  app.post('/v1/calculate/emissions', key, ledger, meter, (c) =>
    c.json(deps.engine.emissions(c.get('body') as never, deps.calcContext(c.get('requestId'), c.get('account')?.plan))))
}
