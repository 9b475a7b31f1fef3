import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, harness, type Harness } from '../test/support/harness.ts'

let h: Harness
beforeEach(async () => { h = await harness() })
afterEach(async () => { await h.close() })

describe('search (open)', () => {
  it('searches without a key and names the data version', async () => {
    const res = await h.get('/v1/factors?search=diesel&limit=5')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { factors: Array<{ key: string; value: number; unit: string; source: { id: string; cell_ref: string } }>; count: number; total: number; data_version: string }
    expect(body.data_version).toBe('2026.2')
    expect(body.factors[0]).toMatchObject({ key: 'fuels.gb.diesel.litres', value: 2.6, unit: 'kg CO2e per litre', source: { id: 'test-open-2026' } })
    expect(res.headers.get('x-request-id')).toMatch(/^req_/)
  })

  it('selects a past data version with as_of', async () => {
    const res = await h.get('/v1/factors?search=diesel&as_of=2026-09-01')
    const body = (await res.json()) as { factors: Array<{ value: number }>; data_version: string }
    expect(body.data_version).toBe('2026.1')
    expect(body.factors[0]?.value).toBe(2.5)
  })

  it('rejects a limit above 100 with invalid_request and issues', async () => {
    const res = await h.get('/v1/factors?limit=101')
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error).toMatchObject({ code: 'invalid_request', docs: '/docs/errors#invalid_request' })
    expect(error['issues']).toEqual([expect.objectContaining({ path: 'limit' })])
    const typo = await h.get('/v1/factors?serach=diesel')
    expect(typo.status).toBe(400)
    expect((await errorOf(typo)).code).toBe('invalid_request')
  })

  it('serves kind on every factor, takes kind= as a filter and refuses an unknown kind (issue 17)', async () => {
    const res = await h.get('/v1/factors?search=diesel&limit=5')
    const body = (await res.json()) as { factors: Array<{ kind: string }> }
    expect(body.factors.every((f) => f.kind === 'emission_factor')).toBe(true)
    const components = await h.get('/v1/factors?kind=component')
    expect(components.status).toBe(200)
    expect(((await components.json()) as { factors: Array<{ kind: string }> }).factors.every((f) => f.kind === 'component')).toBe(true)
    const bad = await h.get('/v1/factors?kind=guess')
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).code).toBe('invalid_request')
  })

  it('gives as_of_out_of_range for a date before the archive', async () => {
    const res = await h.get('/v1/factors?as_of=2001-01-01')
    expect(res.status).toBe(422)
    const error = await errorOf(res)
    expect(error.code).toBe('as_of_out_of_range')
    expect(error['earliest']).toBeDefined()
  })
})
