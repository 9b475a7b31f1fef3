import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, harness, type Harness } from '../../test/support/harness.ts'

let h: Harness
let key: string
beforeEach(async () => {
  h = await harness()
  key = await h.key('calc@example.org')
})
afterEach(async () => { await h.close() })

const holding = (outstanding: number, evic: number, emissions: number) => ({
  outstanding_amount: outstanding, denominator: { type: 'evic', value: evic }, company_emissions: { value: emissions }, data_quality_score: 2,
})

describe('lookup', () => {
  it('returns the contract shape: factor.factor {value, unit} and factor.source {id, cell_ref, ...}', async () => {
    const res = await h.get('/v1/factors/fuels.gb.diesel.litres', key)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { factor: { key: string; factor: { value: number; unit: string }; source: Record<string, unknown> } }
    expect(body.factor.key).toBe('fuels.gb.diesel.litres')
    expect(body.factor.factor).toMatchObject({ value: 2.6, unit: 'kg CO2e per litre' })
    expect(body.factor.source).toMatchObject({ id: 'test-open-2026', cell_ref: expect.any(String), data_version: '2026.2', retrieved_at: '2026-08-01' })
  })

  it('as_of in the query selects the older version', async () => {
    const body = (await (await h.get('/v1/factors/fuels.gb.diesel.litres?as_of=2026.1', key)).json()) as { factor: { factor: { value: number }; source: { data_version: string } } }
    expect(body.factor.factor.value).toBe(2.5)
    expect(body.factor.source.data_version).toBe('2026.1')
  })

  it('404 factor_not_found with candidates for an unknown key', async () => {
    const res = await h.get('/v1/factors/fuels.gb.diesl.litres', key)
    expect(res.status).toBe(404)
    const error = await errorOf(res)
    expect(error).toMatchObject({ code: 'factor_not_found', docs: '/docs/errors#factor_not_found' })
    const candidates = error['candidates'] as Array<{ key: string; name: string; score: number }>
    expect(candidates.length).toBeGreaterThan(0)
    expect(candidates[0]).toEqual({ key: expect.any(String), name: expect.any(String), score: expect.any(Number) })
    expect(candidates.map((c) => c.key)).toContain('fuels.gb.diesel.litres')
  })

  it('422 as_of_out_of_range for an unknown version', async () => {
    const res = await h.get('/v1/factors/fuels.gb.diesel.litres?as_of=1999.1', key)
    expect(res.status).toBe(422)
    expect((await errorOf(res)).code).toBe('as_of_out_of_range')
  })
})

describe('resolve', () => {
  it('ranks matches for a description', async () => {
    const res = await h.json('/v1/calculate/resolve', { description: 'diesel for the vans, litres', limit: 3 }, key)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { matches: Array<{ key: string; confidence: number; geo_match: string }>; count: number }
    expect(body.matches[0]?.key).toBe('fuels.gb.diesel.litres')
    expect(body.count).toBe(body.matches.length)
    expect(body.matches.length).toBeLessThanOrEqual(3)
  })

  it('reads an ISO 3166-2 country hint as its state; an unreadable one is 400 invalid_request on country', async () => {
    const res = await h.json('/v1/calculate/resolve', { description: 'grid electricity', country: 'US-TX', limit: 3 }, key)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { matches: Array<{ explanation: { place: { read: string[]; from: string } } }> }
    expect(body.matches[0]?.explanation.place).toMatchObject({ read: ['united states', 'texas'], from: 'hint' })
    const bad = await h.json('/v1/calculate/resolve', { description: 'grid electricity', country: 'US-TEXAS' }, key)
    expect(bad.status).toBe(400)
    expect(await errorOf(bad)).toMatchObject({ code: 'invalid_request', issues: [expect.objectContaining({ path: 'country' })] })
  })

  it('400 invalid_request without a description', async () => {
    const res = await h.json('/v1/calculate/resolve', { limit: 3 }, key)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatchObject({ code: 'invalid_request', issues: [expect.objectContaining({ path: 'description' })] })
  })
})

describe('pcaf', () => {
  it('computes attribution and financed emissions with receipt, meta and attribution', async () => {
    const res = await h.json('/v1/calculate/pcaf', { asset_class: 'listed_equity_and_corporate_bonds', holdings: [holding(10, 100, 50), holding(25, 100, 40)] }, key)
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      holdings: Array<{ id: string; attribution_factor: number; financed_emissions: { value: number; unit: string } }>
      result: { financed_emissions: { value: number } }
      receipt: { id: string; algorithm: string; mb_version: string }
      meta: { request_id: string; data_version: string }
      attribution: { required: boolean }
    }
    expect(body.holdings.map((x) => [x.id, x.attribution_factor, x.financed_emissions.value])).toEqual([['0', 0.1, 5], ['1', 0.25, 10]])
    expect(body.result.financed_emissions.value).toBe(15)
    expect(body.receipt).toMatchObject({ id: expect.stringMatching(/^rcpt_[0-9a-f]+$/), algorithm: 'sha256', mb_version: '2026.2' })
    expect(body.meta.request_id).toBe(res.headers.get('x-request-id'))
    expect(body.attribution.required).toBe(true)

    // The saved response verifies, and a tampered one does not.
    const ok = await h.json('/v1/receipts/verify', body)
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ valid: true })
    const tampered = structuredClone(body)
    tampered.result.financed_emissions.value = 16
    const bad = (await (await h.json('/v1/receipts/verify', tampered)).json()) as { valid: boolean }
    expect(bad.valid).toBe(false)
    // A member named "__proto__" added to the saved text (it never reached the hash before 0.25.1).
    const forged = JSON.stringify(body).replace('"result":{', '"result":{"__proto__":{"forged":1},')
    expect(forged).toContain('__proto__')
    const viaText = await h.app.request('/v1/receipts/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: forged })
    expect(await viaText.json()).toMatchObject({ valid: false })
  })

  it('as_of in the body selects the data version of the receipt', async () => {
    const res = await h.json('/v1/calculate/pcaf', { asset_class: 'listed_equity_and_corporate_bonds', holdings: [holding(10, 100, 50)], as_of: '2026-09-01' }, key)
    const body = (await res.json()) as { receipt: { mb_version: string }; meta: { data_version: string } }
    expect(body.receipt.mb_version).toBe('2026.1')
    const resolved = (await (await h.json('/v1/calculate/resolve', { description: 'diesel', as_of: '2026.1' }, key)).json()) as { matches: Array<{ key: string; value: number }> }
    expect(resolved.matches.find((m) => m.key === 'fuels.gb.diesel.litres')?.value).toBe(2.5)
    const early = await h.json('/v1/calculate/embodied', { materials: [{ material_key: 'materials.concrete.ready_mix.c30_37', quantity: { value: 1, unit: 'kg' }, boundary: 'A1-A3' }], as_of: '2020-01-01' }, key)
    expect(early.status).toBe(422)
    expect((await errorOf(early)).code).toBe('as_of_out_of_range')
  })

  it('422 invalid_denominator names the allowed types', async () => {
    const res = await h.json('/v1/calculate/pcaf', { asset_class: 'mortgages', holdings: [holding(10, 100, 5)] }, key)
    expect(res.status).toBe(422)
    const error = await errorOf(res)
    expect(error.code).toBe('invalid_denominator')
    expect(error['allowed']).toEqual(expect.arrayContaining(['property_value_at_origination']))
  })

  it('422 unknown_factor for an option-3a spend key that does not exist', async () => {
    const res = await h.json('/v1/calculate/pcaf', {
      asset_class: 'business_loans_and_unlisted_equity',
      holdings: [{ outstanding_amount: 10, denominator: { type: 'total_equity_plus_debt', value: 100 }, data_quality_score: 5, option: '3a', revenue: { value: 1000, currency: 'USD' }, spend_factor_key: 'spend.us.nothing_here.usd_2022' }],
    }, key)
    expect(res.status).toBe(422)
    const error = await errorOf(res)
    expect(error.code).toBe('unknown_factor')
    expect(error['keys']).toEqual(['spend.us.nothing_here.usd_2022'])
  })

  it('422 currency_mismatch when revenue is not in the spend factor\'s currency', async () => {
    const spend = (currency: string) => h.json('/v1/calculate/pcaf', {
      asset_class: 'business_loans_and_unlisted_equity',
      holdings: [{ outstanding_amount: 10, denominator: { type: 'total_equity_plus_debt', value: 100 }, data_quality_score: 5, option: '3a', revenue: { value: 1000, currency, price_year: 2022 }, spend_factor_key: 'spend.us.test_sector.usd_2022' }],
    }, key)
    const res = await spend('EUR')
    expect(res.status).toBe(422)
    expect(await errorOf(res)).toMatchObject({ code: 'currency_mismatch', factor_key: 'spend.us.test_sector.usd_2022', docs: '/docs/errors#currency_mismatch' })
    expect((await spend('USD')).status).toBe(200)
  })

  it('enterprise responses do not require attribution', async () => {
    const ent = await h.key('ent-calc@example.org', 'enterprise')
    const body = (await (await h.json('/v1/calculate/pcaf', { asset_class: 'listed_equity_and_corporate_bonds', holdings: [holding(10, 100, 50)] }, ent)).json()) as { attribution: { required: boolean } }
    expect(body.attribution.required).toBe(false)
  })
})

describe('embodied', () => {
  it('computes embodied carbon for a material line', async () => {
    const res = await h.json('/v1/calculate/embodied', { materials: [{ material_key: 'materials.concrete.ready_mix.c30_37', quantity: { value: 1000, unit: 'kg' }, boundary: 'A1-A3' }] }, key)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { result: { embodied_carbon: { value: number; unit: string } }; receipt: { mb_version: string } }
    expect(body.result.embodied_carbon).toEqual({ value: 100, unit: 'kg CO2e' })
    expect(body.receipt.mb_version).toBe('2026.2')
  })

  it('400 for a line without a boundary, 422 unknown_factor for an unknown material', async () => {
    const missing = await h.json('/v1/calculate/embodied', { materials: [{ material_key: 'materials.concrete.ready_mix.c30_37', quantity: { value: 1, unit: 'kg' } }] }, key)
    expect(missing.status).toBe(400)
    expect((await errorOf(missing)).code).toBe('invalid_request')
    const unknown = await h.json('/v1/calculate/embodied', { materials: [{ material_key: 'materials.wood.unobtainium.x', quantity: { value: 1, unit: 'kg' }, boundary: 'A1-A3' }] }, key)
    expect(unknown.status).toBe(422)
    expect((await errorOf(unknown)).code).toBe('unknown_factor')
  })

  it('422 unit_not_convertible when the material lacks what the unit needs', async () => {
    const res = await h.json('/v1/calculate/embodied', { materials: [{ material_key: 'materials.concrete.ready_mix.c30_37', quantity: { value: 3, unit: 'piece' }, boundary: 'A1-A3' }] }, key)
    expect(res.status).toBe(422)
    expect((await errorOf(res)).code).toBe('unit_not_convertible')
  })
})
