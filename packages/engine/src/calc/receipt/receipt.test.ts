import { describe, expect, it } from 'vitest'
import { isEngineError } from '../../errors.ts'
import { ENGINE_VERSION } from '../../version.ts'
import { canonicalJson } from '../canonical-json.ts'
import { calculatePcaf } from '../pcaf/calculate.ts'
import { sha256Hex } from '../sha256.ts'
import { testView } from '../../../test/calc-view.ts'
import { verifyReceipt } from './verify.ts'

const view = testView([])
const request = {
  asset_class: 'listed_equity_and_corporate_bonds',
  currency: 'USD',
  holdings: [
    { outstanding_amount: 10, denominator: { type: 'evic', value: 100 }, company_emissions: { value: 50, scope_1: 30, scope_2: 20 }, data_quality_score: 2 },
    { outstanding_amount: 5, denominator: { type: 'evic', value: 40 }, company_emissions: { value: 8 }, data_quality_score: 3 },
  ],
}
const reordered = {
  holdings: [
    { data_quality_score: 2, company_emissions: { scope_2: 20, scope_1: 30, value: 50 }, denominator: { value: 100, type: 'evic' }, outstanding_amount: 10 },
    { company_emissions: { value: 8 }, data_quality_score: 3, outstanding_amount: 5, denominator: { value: 40, type: 'evic' } },
  ],
  currency: 'USD',
  asset_class: 'listed_equity_and_corporate_bonds',
}

describe('receipts', () => {
  it('identical inputs give identical receipts whatever the key order, request id or clock', () => {
    const a = calculatePcaf(request, view, { request_id: 'req_a', now: () => new Date('2026-11-01T00:00:00Z') })
    const b = calculatePcaf(reordered, view, { request_id: 'req_b', now: () => new Date('2026-11-02T00:00:00Z') })
    expect(a.receipt).toEqual(b.receipt)
    expect(a.meta.request_id).toBe('req_a')
    expect(b.meta.computed_at).toBe('2026-11-02T00:00:00.000Z')
    expect(a.receipt).toMatchObject({ algorithm: 'sha256', mb_version: '2026.1', id: `rcpt_${a.receipt.hash.slice(0, 32)}` })
  })

  it('the hash is sha256 of canonical {request, result, data_version, engine_version} as documented', () => {
    const res = calculatePcaf(request, view)
    const { request: req, receipt, meta, ...rest } = res
    const { request_id: _r, computed_at: _c, as_of: _a, ...hashedMeta } = meta
    const { as_of: _ra, ...hashedRequest } = req
    const expected = sha256Hex(canonicalJson({ request: hashedRequest, result: { ...rest, meta: hashedMeta }, data_version: meta.data_version, engine_version: ENGINE_VERSION }))
    expect(receipt.hash).toBe(expected)
    expect(req).toMatchObject({ edition: '3rd' }) // defaults applied are part of the request hashed
  })

  it('replaying with as_of set to the data version reproduces the numbers and the receipt', () => {
    const first = calculatePcaf({ ...request, as_of: '2026-09-01' }, view)
    const replay = calculatePcaf({ ...first.request, as_of: first.meta.data_version }, view)
    expect(replay.meta.as_of).toBe('2026.1')
    expect(replay.holdings).toEqual(first.holdings)
    expect(replay.receipt).toEqual(first.receipt)
    expect(verifyReceipt(JSON.parse(JSON.stringify(replay))).valid).toBe(true)
  })

  it('a different data version gives a different receipt', () => {
    expect(calculatePcaf(request, testView([], '2026.2')).receipt.hash).not.toBe(calculatePcaf(request, view).receipt.hash)
  })

  it('verifyReceipt accepts a saved (JSON round-tripped) response, bare or wrapped', () => {
    const saved = JSON.parse(JSON.stringify(calculatePcaf(request, view)))
    const v = verifyReceipt(saved)
    expect(v).toMatchObject({ valid: true, problems: [], mb_version: '2026.1', engine_version: ENGINE_VERSION })
    expect(v.expected_hash).toBe(v.actual_hash)
    expect(verifyReceipt({ response: saved }).valid).toBe(true)
  })

  it('verifyReceipt detects a changed number, request field or data version', () => {
    const fresh = () => JSON.parse(JSON.stringify(calculatePcaf(request, view)))
    const changedResult = fresh()
    changedResult.holdings[1].financed_emissions.value += 1
    expect(verifyReceipt(changedResult)).toMatchObject({ valid: false, problems: ['hash does not match the saved request and result'] })
    const changedRequest = fresh()
    changedRequest.request.holdings[0].outstanding_amount = 11
    expect(verifyReceipt(changedRequest).valid).toBe(false)
    const changedVersion = fresh()
    changedVersion.meta.data_version = '2026.9'
    expect(verifyReceipt(changedVersion).valid).toBe(false)
    const changedMetaOutsideHash = fresh()
    changedMetaOutsideHash.meta.computed_at = '1999-01-01T00:00:00Z'
    expect(verifyReceipt(changedMetaOutsideHash).valid).toBe(true)
  })

  it('verifyReceipt detects a member named "__proto__" added to a saved response (it was dropped before hashing)', () => {
    // JSON.parse makes "__proto__" an own member, as defineProperty does here.
    const forge = (target: object) => Object.defineProperty(target, '__proto__', { value: { forged: 1 }, enumerable: true, writable: true, configurable: true })
    const inResult = JSON.parse(JSON.stringify(calculatePcaf(request, view)))
    forge(inResult.holdings[0])
    expect(Object.keys(inResult.holdings[0])).toContain('__proto__')
    expect(verifyReceipt(inResult).valid).toBe(false)
    const atTop = JSON.parse(JSON.stringify(calculatePcaf(request, view)))
    forge(atTop)
    expect(verifyReceipt(atTop).valid).toBe(false)
    expect(verifyReceipt(JSON.parse('{"__proto__":{"forged":1},' + JSON.stringify(calculatePcaf(request, view)).slice(1))).valid).toBe(false)
    const inRequest = JSON.parse(JSON.stringify(calculatePcaf(request, view)))
    forge(inRequest.request)
    expect(verifyReceipt(inRequest)).toMatchObject({ valid: false, problems: ['the response has a member named "__proto__", which no openfactors response has'] })
  })

  it('refuses something that is not a saved response with invalid_request', () => {
    try {
      verifyReceipt({ hello: 1 })
      throw new Error('expected an error')
    } catch (e) {
      expect(isEngineError(e) && e.code).toBe('invalid_request')
    }
  })
})
