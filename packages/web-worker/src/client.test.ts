/**
 * The client–worker protocol in Node: the real worker API and the real engine on one end of a
 * MessageChannel, the real client on the other (comlink over MessagePort), the test releases
 * served over HTTP by the harness server. Errors must arrive with their code and data intact.
 */
import { expose } from 'comlink'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { isEngineError, EngineError } from '@openfactors/engine'
import { createWorkerApi } from './api.ts'
import { MemoryCache } from './cache-memory.ts'
import { snapshotId, type CorpusCache, type StoredSnapshot } from './cache-types.ts'
import { STORED_SNAPSHOT_FORMAT } from './engine-host.ts'
import { sha256Hex } from './bytes.ts'
import { ClientError, isClientError } from './client-error.ts'
import { createEngineClient, type EngineClient, type EngineClientOptions } from './client.ts'
import { startStaticServer, type StaticServer } from '../test/harness/static-server.ts'
import { testReleases } from '../test/harness/test-release.ts'
import type { LoadProgress, UpdateInfo } from './protocol.ts'

const releases = testReleases()
const [first, second] = releases as [(typeof releases)[0], (typeof releases)[0]]
let server: StaticServer
const open: Array<{ client: EngineClient; ports: MessagePort[] }> = []

beforeAll(async () => {
  server = await startStaticServer({ distDir: '/nonexistent', page: '', releases })
})
afterAll(async () => {
  await server.close()
})
afterEach(async () => {
  for (const { client, ports } of open.splice(0)) {
    await client.close()
    for (const port of ports) port.close()
  }
  server.offline = false
  server.setReleases(releases)
  server.corrupt(second.entry.file, undefined)
})

/** A client wired to a fresh worker API over a MessageChannel; `cache` plays persistent storage. */
function connect(cache: CorpusCache = new MemoryCache(), options: Partial<EngineClientOptions> = {}) {
  const { port1, port2 } = new MessageChannel()
  expose(createWorkerApi({ openCache: async () => cache }), port2)
  const progress: LoadProgress[] = []
  const updates: UpdateInfo[] = []
  const client = createEngineClient({
    endpoint: port1,
    baseUrl: `${server.url}/v1`,
    storage: 'memory',
    onProgress: (p) => progress.push(p),
    onUpdate: (u) => updates.push(u),
    ...options,
  })
  open.push({ client, ports: [port1, port2] })
  return { client, progress, updates }
}

function artifactRequests(): string[] {
  return server.requests.filter((path) => path.startsWith('/v1/releases/'))
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected a rejection'),
    (error: unknown) => error,
  )
}

describe('first start over the network', () => {
  it('downloads, verifies and indexes the latest release, reporting each phase in order', async () => {
    const { client, progress } = connect()
    const ready = await client.ready()
    expect(ready).toMatchObject({ mb_version: '2026.2', source: 'network', storage: 'memory', factor_count: second.entry.factor_count })
    const phases = progress.map((p) => p.phase).filter((phase, i, all) => phase !== all[i - 1])
    expect(phases).toEqual(['manifest', 'download', 'verify', 'decompress', 'index', 'cache', 'ready'])
    const last = progress.filter((p) => p.phase === 'download').at(-1)
    expect(last).toMatchObject({ bytes: second.entry.bytes, total: second.entry.bytes })
    expect(await client.dataVersion()).toBe('2026.2')
    expect(await client.releases()).toEqual({ format: 'openfactors.manifest/1', releases: releases.map((r) => r.entry) })
  })

  it('answers search, lookup and resolve with the engine response bodies', async () => {
    const { client } = connect()
    const search = await client.search({ search: 'diesel', country: 'gb' })
    expect(search.data_version).toBe('2026.2')
    expect(search.factors[0]?.key).toBe('fuels.gb.diesel.litres')
    const lookup = await client.lookup('fuels.gb.diesel.litres')
    expect(lookup.factor.factor).toMatchObject({ value: search.factors[0]?.value, unit: 'kg CO2e per litre' })
    expect(lookup.factor.source).toMatchObject({ id: 'openfactors-test-fixture-1', data_version: '2026.2' })
    const resolved = await client.resolve({ description: 'diesel litres in Germany', limit: 3 })
    expect(resolved.matches[0]?.key).toBe('fuels.de.diesel.litres')
    expect(resolved.count).toBe(resolved.matches.length)
  })

  it('runs PCAF and embodied and verifies the receipt of a response it made', async () => {
    const { client } = connect()
    const pcaf = await client.pcaf(
      {
        asset_class: 'listed_equity_and_corporate_bonds',
        holdings: [{ outstanding_amount: 1_000_000, denominator: { type: 'evic', value: 10_000_000 }, company_emissions: { value: 5000 }, data_quality_score: 2 }],
      },
      { request_id: 'req_test' },
    )
    expect(pcaf.holdings[0]?.attribution_factor).toBe(0.1)
    expect(pcaf.result.financed_emissions.value).toBe(500)
    expect(pcaf.meta.request_id).toBe('req_test')
    expect(await client.verifyReceipt(pcaf)).toMatchObject({ valid: true })
    const tampered = { ...pcaf, result: { ...pcaf.result, financed_emissions: { ...pcaf.result.financed_emissions, value: 501 } } }
    expect(await client.verifyReceipt(tampered)).toMatchObject({ valid: false })

    const embodied = await client.embodied({ materials: [{ material_key: 'materials.steel.rebar.test', quantity: { value: 1, unit: 't' }, boundary: 'A1-A3' }] })
    expect(embodied.receipt.mb_version).toBe('2026.2')
    expect(embodied.result.embodied_carbon.unit).toBe('kg CO2e')
    expect(embodied.result.embodied_carbon.value).toBeGreaterThan(0)
  })
})

describe('errors cross the worker boundary with code and data', () => {
  it('factor_not_found arrives as a real EngineError with candidates', async () => {
    const { client } = connect()
    const error = await caught(client.lookup('fuels.gb.diesel.litre'))
    expect(error).toBeInstanceOf(EngineError)
    expect(isEngineError(error)).toBe(true)
    const engineError = error as EngineError<'factor_not_found'>
    expect(engineError.code).toBe('factor_not_found')
    expect(engineError.data.key).toBe('fuels.gb.diesel.litre')
    expect(engineError.data.candidates[0]?.key).toBe('fuels.gb.diesel.litres')
  })

  it('invalid_request keeps its issues', async () => {
    const { client } = connect()
    const error = (await caught(client.search({ limit: 1000 }))) as EngineError<'invalid_request'>
    expect(error.code).toBe('invalid_request')
    expect(error.data.issues.map((i) => i.path)).toContain('limit')
  })

  it('as_of before the first release is as_of_out_of_range naming the earliest date', async () => {
    const { client } = connect()
    const error = (await caught(client.search({ as_of: '2020-01-01' }))) as EngineError<'as_of_out_of_range'>
    expect(error.code).toBe('as_of_out_of_range')
    expect(error.data).toMatchObject({ as_of: '2020-01-01', earliest: '2026-08-10', available: ['2026.1', '2026.2'] })
  })

  it('a download that fails its sha256 is integrity_mismatch and is not used', async () => {
    server.corrupt(second.entry.file, new Uint8Array(second.bytes.byteLength).fill(7))
    const { client } = connect()
    const error = (await caught(client.ready())) as ClientError<'integrity_mismatch'>
    expect(isClientError(error)).toBe(true)
    expect(error.code).toBe('integrity_mismatch')
    expect(error.data).toMatchObject({ file: second.entry.file, expected: second.entry.sha256 })
    expect(error.data.actual).not.toBe(second.entry.sha256)
    // Calls made after a failed start fail the same way instead of hanging.
    expect(((await caught(client.search({}))) as ClientError).code).toBe('integrity_mismatch')
  })

  it('offline without a cache is corpus_unavailable', async () => {
    server.offline = true
    const { client } = connect()
    const error = (await caught(client.ready())) as ClientError<'corpus_unavailable'>
    expect(error.code).toBe('corpus_unavailable')
    expect(error.data.url).toBe(`${server.url}/v1/releases`)
  })
})

describe('cache and releases', () => {
  it('a second start comes from the cache with no download, and gives identical answers', async () => {
    const cache = new MemoryCache()
    const firstVisit = connect(cache)
    await firstVisit.client.ready()
    const before = await firstVisit.client.resolve({ description: 'electricity France', limit: 5 })
    const downloads = artifactRequests().length

    const secondVisit = connect(cache, { checkForUpdate: false })
    const ready = await secondVisit.client.ready()
    expect(ready).toMatchObject({ source: 'cache', mb_version: '2026.2' })
    expect(secondVisit.progress.map((p) => p.phase)).toEqual(['cache', 'ready'])
    expect(artifactRequests().length).toBe(downloads)
    expect(await secondVisit.client.resolve({ description: 'electricity France', limit: 5 })).toEqual(before)
  })

  it("drops an older engine's snapshot in the background after a start", async () => {
    const cache = new MemoryCache()
    await connect(cache).client.ready()
    const artifact = `2026.2@${second.entry.sha256}`
    const stale = snapshotId(artifact, 'openfactors.engine-snapshot/0+engine-0.0.1+json-utf8')
    await cache.putSnapshot({ id: stale, artifact_id: artifact, format: 'old', sha256: '', bytes: new Uint8Array(1), stored_at: '' })
    const { client } = connect(cache, { checkForUpdate: false })
    await client.ready()
    await expect.poll(async () => (await cache.keys()).snapshots, { timeout: 15_000 }).not.toContain(stale)
    expect((await cache.keys()).snapshots).toEqual([snapshotId(artifact, STORED_SNAPSHOT_FORMAT)])
  })

  it('starts offline from the cache', async () => {
    const cache = new MemoryCache()
    await connect(cache).client.ready()
    server.offline = true
    const { client, updates } = connect(cache)
    expect(await client.ready()).toMatchObject({ source: 'cache', mb_version: '2026.2' })
    expect((await client.lookup('electricity.fr.grid.location_based')).factor.source.data_version).toBe('2026.2')
    const update = await client.checkForUpdate()
    expect(update).toMatchObject({ current: '2026.2', latest: '2026.2', update_available: false, applied: false })
    expect(update.error?.code).toBe('corpus_unavailable')
    expect(updates).toEqual([])
  })

  it.each([
    ['its hash no longer matches', false],
    ['it hashes right but does not restore', true],
  ])('a damaged snapshot (%s) is detected, deleted and fetched again', async (_case, rehash) => {
    const cache = new MemoryCache()
    await connect(cache).client.ready()
    const id = `2026.2@${second.entry.sha256}`
    const stored = [...(cache as unknown as { snapshots: Map<string, StoredSnapshot> }).snapshots.values()][0]
    if (!stored) return expect.unreachable('no snapshot was cached')
    const text = new TextDecoder().decode(stored.bytes)
    // One row shape too many: the packed rows no longer add up (engine snapshot /4).
    expect(text).toContain('"shape":[')
    stored.bytes = new TextEncoder().encode(text.replace('"shape":[', '"shape":[-7,'))
    if (rehash) stored.sha256 = await sha256Hex(stored.bytes)
    const downloads = artifactRequests().length

    const { client, progress } = connect(cache, { checkForUpdate: false })
    expect(await client.ready()).toMatchObject({ source: 'network', mb_version: '2026.2' })
    expect(progress.map((p) => p.phase)).toContain('download')
    expect(artifactRequests().length).toBe(downloads + 1)
    const fresh = await cache.getSnapshot(stored.id)
    expect(new TextDecoder().decode(fresh?.bytes)).not.toContain('"shape":[-7,')
    expect(await cache.getArtifact(id)).toBeDefined()
    expect((await client.lookup('fuels.gb.diesel.litres')).factor.key).toBe('fuels.gb.diesel.litres')
  })

  it('loads an older release on demand when a call passes as_of', async () => {
    const { client } = connect()
    const before = artifactRequests().length
    await client.ready()
    const downloads = artifactRequests().slice(before)
    expect(downloads).toEqual([`/v1/releases/${second.entry.file}`])
    const old = await client.lookup('fuels.gb.diesel.litres', { as_of: '2026-09-01' })
    expect(old.factor.source.data_version).toBe('2026.1')
    expect(artifactRequests().slice(before)).toEqual([...downloads, `/v1/releases/${first.entry.file}`])
    const byVersion = await client.search({ search: 'diesel', country: 'gb', as_of: '2026.1' })
    expect(byVersion.factors[0]?.value).toBe(old.factor.factor.value)
    const latest = await client.lookup('fuels.gb.diesel.litres')
    expect(latest.factor.source.data_version).toBe('2026.2')
    expect(latest.factor.factor.value).not.toBe(old.factor.factor.value)
    expect(await client.dataVersion()).toBe('2026.2')
  })

  it('finds a newer release in the background after a cached start, and switches to it', async () => {
    const cache = new MemoryCache()
    server.setReleases([first])
    await connect(cache).client.ready()
    server.setReleases(releases)
    const { client, updates } = connect(cache)
    expect(await client.ready()).toMatchObject({ source: 'cache', mb_version: '2026.1' })
    await expect.poll(() => updates.length, { timeout: 15_000 }).toBe(1)
    expect(updates[0]).toEqual({ current: '2026.1', latest: '2026.2', update_available: true, applied: true })
    expect(await client.dataVersion()).toBe('2026.2')
  })

  it('checkForUpdate applies a newer release on request', async () => {
    server.setReleases([first])
    const { client } = connect()
    await client.ready()
    expect(await client.checkForUpdate()).toMatchObject({ current: '2026.1', latest: '2026.1', update_available: false })
    server.setReleases(releases)
    expect(await client.checkForUpdate()).toEqual({ current: '2026.1', latest: '2026.2', update_available: true, applied: true })
    expect((await client.search({ limit: 1 })).data_version).toBe('2026.2')
  })
})
