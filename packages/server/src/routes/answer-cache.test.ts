import { describe, expect, it } from 'vitest'
import { answerCache } from './answer-cache.ts'

const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill)

describe('answer cache', () => {
  it('gives back what it keeps, and counts bodies and keys', () => {
    const cache = answerCache(16_000)
    cache.set('a', bytes(100, 7))
    expect(cache.get('a')).toEqual(bytes(100, 7))
    expect(cache.get('b')).toBeUndefined()
    expect(cache.size).toBe(102)
    cache.set('a', bytes(50))
    expect(cache.get('a')?.byteLength).toBe(50)
    expect(cache.size).toBe(52)
  })

  it('drops the least recently used first when over its bound', () => {
    const cache = answerCache(3_200)
    cache.set('k01', bytes(194))
    cache.set('k02', bytes(194))
    cache.get('k01')
    for (let i = 3; i <= 16; i++) cache.set(`k${String(i).padStart(2, '0')}`, bytes(194))
    // 16 answers of 200 bytes (with the key) fill it exactly.
    expect(cache.size).toBe(3_200)
    cache.set('k17', bytes(194))
    // k01 was read after k02 was kept: k02 is the least recently used, and the one dropped.
    expect(cache.get('k02')).toBeUndefined()
    expect(cache.get('k01')).toBeDefined()
    expect(cache.get('k03')).toBeDefined()
    expect(cache.size).toBeLessThanOrEqual(3_200)
  })

  it('keeps nothing at 0, and no body over a sixteenth of its bound', () => {
    const off = answerCache(0)
    off.set('a', bytes(1))
    expect(off.get('a')).toBeUndefined()
    const cache = answerCache(1_600)
    cache.set('big', bytes(101))
    expect(cache.get('big')).toBeUndefined()
    cache.set('ok', bytes(96))
    expect(cache.get('ok')).toBeDefined()
    expect(cache.size).toBe(100)
  })
})
