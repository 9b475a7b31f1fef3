/**
 * The worker against the real `/v1` server (packages/server's test app, through `app.request`):
 * it loads its releases from the server's own `GET /v1/releases` routes, and every answer is
 * the same JSON body the server returns for the same request — search, lookup, resolve, PCAF,
 * embodied, `as_of`, the manifest, and the data of a 404.
 */
import { expose } from 'comlink'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EmbodiedRequest, EmissionsRequest, EngineError, PcafRequest } from '@openfactors/engine'
import { harness, type Harness } from '../../server/test/support/harness.ts'
import { createWorkerApi } from '../src/api.ts'
import { MemoryCache } from '../src/cache-memory.ts'
import { createEngineClient, type EngineClient } from '../src/client.ts'

const ORIGIN = 'http://openfactors.test'
let h: Harness
let apiKey: string
let client: EngineClient
let ports: MessagePort[]
const requested: string[] = []

beforeAll(async () => {
  h = await harness()
  apiKey = await h.key('worker-parity@example.org', 'developer')
  const { port1, port2 } = new MessageChannel()
  ports = [port1, port2]
  const fetchFromApp = (input: string, init?: RequestInit): Promise<Response> => {
    requested.push(new URL(input).pathname)
    return Promise.resolve(h.app.request(input, init))
  }
  expose(createWorkerApi({ fetch: fetchFromApp, openCache: async () => new MemoryCache() }), port2)
  client = createEngineClient({ endpoint: port1, baseUrl: `${ORIGIN}/v1`, storage: 'memory' })
  await client.ready()
})

afterAll(async () => {
  await client?.close()
  for (const port of ports ?? []) port.close()
  await h?.close()
})

async function server(path: string, body?: unknown): Promise<unknown> {
  const res = body === undefined ? await h.get(path, apiKey) : await h.json(path, body, apiKey)
  return res.json()
}

/** Calculation bodies differ only in the per-call request id and time. */
function withoutCallMeta(body: unknown): unknown {
  const { meta, ...rest } = body as { meta: Record<string, unknown> }
  const { request_id: _id, computed_at: _at, ...stable } = meta
  return { ...rest, meta: stable }
}

describe('the worker and the /v1 server give the same bodies', () => {
  it('loads the latest release through GET /v1/releases and /v1/releases/{file}', async () => {
    const manifest = (await server('/v1/releases')) as { releases: Array<{ file: string; mb_version: string }> }
    expect(await client.releases()).toEqual(manifest)
    const latest = manifest.releases.at(-1)
    expect(requested).toEqual(['/v1/releases', `/v1/releases/${latest?.file}`])
    expect(await client.dataVersion()).toBe(latest?.mb_version)
  })

  it('search, lookup and resolve', async () => {
    expect(await client.search({ search: 'diesel', limit: 5 })).toEqual(await server('/v1/factors?search=diesel&limit=5'))
    expect(await client.search({ country: 'gb' })).toEqual(await server('/v1/factors?country=gb'))
    expect(await client.lookup('fuels.gb.diesel.litres')).toEqual(await server('/v1/factors/fuels.gb.diesel.litres'))
    const resolve = { description: 'diesel for the vans, litres', limit: 3 }
    const inWorker = await client.resolve(resolve)
    expect(inWorker).toEqual(await server('/v1/calculate/resolve', resolve))
    // Decision and explanation are the engine's own.
    const own = h.engine.resolve(resolve)
    expect(inWorker.matches.map((m) => [m.decision, m.explanation])).toEqual(own.matches.map((m) => [m.decision, m.explanation]))
  })

  it('as_of selects the same older release', async () => {
    expect(await client.search({ search: 'diesel', as_of: '2026-09-01' })).toEqual(await server('/v1/factors?search=diesel&as_of=2026-09-01'))
    expect(await client.lookup('fuels.gb.diesel.litres', { as_of: '2026.1' })).toEqual(await server('/v1/factors/fuels.gb.diesel.litres?as_of=2026.1'))
  })

  it('PCAF and embodied, receipts included', async () => {
    const pcaf: PcafRequest = {
      asset_class: 'listed_equity_and_corporate_bonds',
      holdings: [
        { outstanding_amount: 1_000_000, denominator: { type: 'evic', value: 8_000_000 }, company_emissions: { value: 1200 }, data_quality_score: 2 },
        { outstanding_amount: 500_000, denominator: { type: 'evic', value: 2_000_000 }, company_emissions: { value: 300 }, data_quality_score: 4 },
      ],
    }
    const fromWorker = await client.pcaf(pcaf)
    expect(withoutCallMeta(fromWorker)).toEqual(withoutCallMeta(await server('/v1/calculate/pcaf', pcaf)))
    expect(await client.verifyReceipt(fromWorker)).toEqual(await server('/v1/receipts/verify', { response: fromWorker }))

    const embodied: EmbodiedRequest = { materials: [{ material_key: 'materials.concrete.ready_mix.c30_37', quantity: { value: 12, unit: 'm3' }, boundary: 'A1-C' }] }
    expect(withoutCallMeta(await client.embodied(embodied))).toEqual(withoutCallMeta(await server('/v1/calculate/embodied', embodied)))
  })

  it('emissions of a ledger: the same body as POST /v1/calculate/emissions, and the same 422', async () => {
    const ledger: EmissionsRequest = {
      activities: [
        { id: 'vans', factor_key: 'fuels.gb.diesel.litres', quantity: { value: 10, unit: 'US gallons' } },
        { id: 'office', description: 'grid electricity', country: 'GB', quantity: { value: 35, unit: 'MWh' } },
        { id: 'bad', factor_key: 'fuels.gb.diesel.litres', quantity: { value: 1, unit: 'gallon' } },
      ],
    }
    const fromWorker = await client.emissions(ledger)
    expect(withoutCallMeta(fromWorker)).toEqual(withoutCallMeta(await server('/v1/calculate/emissions', ledger)))
    expect(fromWorker.result.counts).toMatchObject({ activities: 3, computed: 2, failed: 1 })
    const none: EmissionsRequest = { activities: [{ factor_key: 'fuels.gb.diesl.litres', quantity: { value: 1, unit: 'l' } }] }
    const error = (await client.emissions(none).catch((e: unknown) => e)) as EngineError<'unknown_factor'>
    const body = (await server('/v1/calculate/emissions', none)) as { error: { code: string; keys: string[] } }
    expect(error.code).toBe(body.error.code)
    expect(error.data.keys).toEqual(body.error.keys)
  })

  it('a missing key: the same candidates the 404 body lists', async () => {
    const error = (await client.lookup('fuels.gb.diesel.litre').catch((e: unknown) => e)) as EngineError<'factor_not_found'>
    const body = (await server('/v1/factors/fuels.gb.diesel.litre')) as { error: { code: string; candidates: unknown } }
    expect(error.code).toBe(body.error.code)
    expect(error.data.candidates).toEqual(body.error.candidates)
  })
})
