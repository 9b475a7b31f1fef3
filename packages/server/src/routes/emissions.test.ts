/** POST /v1/calculate/emissions through the real app (`app.request`), on the test releases. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, harness, type Harness } from '../../test/support/harness.ts'
import { EMISSIONS_EXAMPLE } from '../openapi.ts'

let h: Harness
let key: string
beforeEach(async () => {
  h = await harness()
  key = await h.key('ledger@example.org', 'business')
})
afterEach(async () => { await h.close() })

interface Line { id: string; factor?: { key: string; source: { cell_ref: string } }; emissions?: { value: number }; error?: { code: string; choices?: string[] }; resolved?: { decision: string } }
interface Body { result: { emissions: { value: number; unit: string }; by_scope: Record<string, number>; counts: Record<string, number> }; activities: Line[]; receipt: { id: string }; meta: { data_version: string }; attribution: unknown; audit: unknown }

const line = (factor_key: string, value: number, unit: string) => ({ factor_key, quantity: { value, unit } })

describe('POST /v1/calculate/emissions', () => {
  it('computes a ledger: per line factor, source cell, emissions and scope; totals by scope; a receipt that verifies', async () => {
    const res = await h.json('/v1/calculate/emissions', {
      activities: [line('fuels.gb.diesel.litres', 1200, 'litres'), line('electricity.gb.grid.location_kwh', 35, 'MWh'), line('fuels.gb.diesel.litres', 3, 'gallons')],
    }, key)
    expect(res.status).toBe(200)
    const body = (await res.json()) as Body
    expect(body.result).toEqual({
      emissions: { value: 10_120, unit: 'kg CO2e' },
      by_scope: { scope_1: 3120, scope_2: 7000, scope_3: 0 },
      counts: { activities: 3, computed: 2, needs_review: 0, failed: 1 },
    })
    expect(body.activities[0]).toMatchObject({ factor: { key: 'fuels.gb.diesel.litres', source: { cell_ref: expect.any(String) } }, emissions: { value: 3120 }, scope: 'scope_1' })
    expect(body.activities[2]!.error).toMatchObject({ code: 'unit_not_convertible', choices: ['gallon (US)', 'gallon (UK)'] })
    expect(body.meta.data_version).toBe('2026.2')
    const verified = await h.json('/v1/receipts/verify', { response: body })
    expect(await verified.json()).toMatchObject({ valid: true })
  })

  it('needs a key, and counts one call per ledger', async () => {
    expect((await h.json('/v1/calculate/emissions', { activities: [line('fuels.gb.diesel.litres', 1, 'l')] })).status).toBe(401)
    const before = (await (await h.get('/v1/account', key)).json()) as { usage: { month: number } }
    const many = Array.from({ length: 500 }, (_, i) => line('fuels.gb.diesel.litres', i + 1, 'l'))
    expect((await h.json('/v1/calculate/emissions', { activities: many }, key)).status).toBe(200)
    const after = (await (await h.get('/v1/account', key)).json()) as { usage: { month: number } }
    // The account reads themselves are not counted: the ledger is one call.
    expect(after.usage.month - before.usage.month).toBe(1)
  })

  it('400 invalid_request naming the field; 422 when no line can be calculated', async () => {
    const bad = await h.json('/v1/calculate/emissions', { activities: [{ factor_key: 'fuels.gb.diesel.litres', description: 'diesel', quantity: { value: 1, unit: 'l' } }] }, key)
    expect(bad.status).toBe(400)
    expect(await errorOf(bad)).toMatchObject({ code: 'invalid_request', issues: [{ path: 'activities.0.description' }] })
    const none = await h.json('/v1/calculate/emissions', { activities: [line('fuels.gb.diesl.litres', 1, 'l')] }, key)
    expect(none.status).toBe(422)
    expect(await errorOf(none)).toMatchObject({ code: 'unknown_factor', docs: '/docs/errors#unknown_factor', keys: ['fuels.gb.diesl.litres'], lines: [{ id: '0', code: 'unknown_factor' }] })
    const unresolved = await h.json('/v1/calculate/emissions', { activities: [{ description: 'zzzz qqqq', quantity: { value: 1, unit: 'kg' } }] }, key)
    expect(unresolved.status).toBe(422)
    expect((await errorOf(unresolved)).code).toBe('not_resolved')
  })

  it('takes 10,000 lines in one call (beyond the general 1 MiB body limit); validation errors stay capped', async () => {
    const ledger = Array.from({ length: 10_000 }, (_, i) => ({ id: `line-${i}`, description: i % 2 ? 'diesel for the vans' : 'grid electricity', country: 'GB', quantity: { value: (i % 50) + 1, unit: i % 2 ? 'litres' : 'kWh' } }))
    const text = JSON.stringify({ activities: ledger })
    expect(text.length).toBeGreaterThan(h.config.bodyLimitBytes)
    const res = await h.json('/v1/calculate/emissions', text, key)
    expect(res.status).toBe(200)
    const body = (await res.json()) as Body
    expect(body.result.counts).toMatchObject({ activities: 10_000, computed: 10_000, failed: 0 })
    const bad = await h.json('/v1/calculate/emissions', { activities: Array.from({ length: 10_000 }, () => ({ quantity: { value: -1, unit: '' } })) }, key)
    expect(bad.status).toBe(400)
    const error = await errorOf(bad)
    expect((error['issues'] as unknown[]).length).toBe(20)
    expect(error['issues_count']).toBe(30_000)
  })

  it('413 above the ledger body limit', async () => {
    const small = await harness({ emissionsBodyLimitBytes: 2_000 })
    try {
      const k = await small.key('small@example.org')
      const res = await small.json('/v1/calculate/emissions', { activities: Array.from({ length: 100 }, () => line('fuels.gb.diesel.litres', 1, 'l')) }, k)
      expect(res.status).toBe(413)
      expect((await errorOf(res)).code).toBe('payload_too_large')
    } finally {
      await small.close()
    }
  })

  it('the OpenAPI document and /docs show the endpoint with a request example that runs', async () => {
    const doc = (await (await h.get('/v1/openapi.json')).json()) as { paths: Record<string, { post?: { requestBody: { content: { 'application/json': { example: unknown; schema: unknown } } }; responses: Record<string, unknown> } }> }
    const op = doc.paths['/v1/calculate/emissions']?.post
    expect(op).toBeDefined()
    const example = op!.requestBody.content['application/json'].example
    expect(example).toEqual(EMISSIONS_EXAMPLE)
    expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(['200', '400', '422', '401', '413']))
    const ran = await h.json('/v1/calculate/emissions', example, key)
    expect(ran.status).toBe(200)
    const body = (await ran.json()) as Body
    expect(body.result.counts).toMatchObject({ activities: 3, computed: 3, failed: 0 })
    const html = await (await h.get('/docs')).text()
    expect(html).toContain('/v1/calculate/emissions')
    expect(html).toContain('Example request')
  })
})
