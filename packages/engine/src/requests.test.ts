import { describe, expect, it } from 'vitest'
import { isEngineError } from './errors.ts'
import { assertRequest } from './requests.ts'

function codeOf(fn: () => void): string | null {
  try {
    fn()
    return null
  } catch (err) {
    return isEngineError(err) ? err.code : 'other'
  }
}

describe('assertRequest', () => {
  it('passes a valid request of each verb', () => {
    expect(codeOf(() => assertRequest('resolve', { description: 'diesel' }))).toBeNull()
    expect(codeOf(() => assertRequest('search', { search: 'hotel', limit: '5' }))).toBeNull()
    expect(codeOf(() => assertRequest('embodied', { materials: [{ material_key: 'materials.concrete.ready_mix.c30_37', quantity: { value: 1, unit: 'kg' }, boundary: 'A1-A3' }] }))).toBeNull()
  })
  it('throws the verb\'s own invalid_request, with issues, for a body that is not its request', () => {
    expect(codeOf(() => assertRequest('resolve', { description: '' }))).toBe('invalid_request')
    expect(codeOf(() => assertRequest('pcaf', { holdings: 'none' }))).toBe('invalid_request')
    expect(codeOf(() => assertRequest('embodied', null))).toBe('invalid_request')
    try {
      assertRequest('pcaf', {})
    } catch (err) {
      expect(isEngineError(err) && err.message).toMatch(/^Invalid PCAF request/)
    }
  })
})
