import { describe, expect, it } from 'vitest'
import { canonicalJson } from './canonical-json.ts'

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}')
  })

  it('writes numbers in shortest form, drops undefined members, refuses non-finite numbers', () => {
    expect(canonicalJson({ n: 1e21, m: 0.1, z: -0, u: undefined, s: 'é' })).toBe('{"m":0.1,"n":1e+21,"s":"é","z":0}')
    expect(canonicalJson([undefined, null])).toBe('[null,null]')
    expect(() => canonicalJson({ x: Number.NaN })).toThrow(/non-finite/)
    expect(() => canonicalJson({ x: Infinity })).toThrow(/non-finite/)
  })

  it('keeps a member named "__proto__" as a member, on both paths', () => {
    expect(canonicalJson(JSON.parse('{"a":1,"__proto__":{"x":1}}'))).toBe('{"__proto__":{"x":1},"a":1}')
    expect(canonicalJson(JSON.parse('{"0":1,"__proto__":{"x":1}}'))).toBe('{"0":1,"__proto__":{"x":1}}')
  })

  it('sorts integer-like keys as strings too (slow path)', () => {
    expect(canonicalJson({ b: { '10': 1, '9': 2, a: 3 } })).toBe('{"b":{"10":1,"9":2,"a":3}}')
  })

  it('equals JSON.parse(JSON.stringify(x)) in content, so a saved response hashes the same', () => {
    const value = { b: [1.5, 'two', { c: true }], a: null }
    expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)))
    expect(canonicalJson(JSON.parse(JSON.stringify(value)))).toBe(canonicalJson(value))
  })
})
