import { describe, expect, it } from 'vitest'
import { keyCache, type FoundKey } from './key-cache.ts'

const found = (id: string): FoundKey => ({
  key: { id, account_id: 'acct_1', prefix: 'of_live_abcd', created_at: '2026-11-23T00:00:00.000Z' },
  account: { id: 'acct_1', email: 'a@example.org', plan: 'free', monthly_quota: null, burst_per_minute: null, created_at: '2026-11-23T00:00:00.000Z' },
  hash: `hash_${id}`,
})

describe('key cache', () => {
  it('keeps a found key for its time to live only', () => {
    let t = 0
    const cache = keyCache(1_000, () => t)
    cache.set('h1', found('key_1'))
    t = 999
    expect(cache.get('h1')?.key.id).toBe('key_1')
    t = 1_000
    expect(cache.get('h1')).toBeUndefined()
  })

  it('forgets a rotated key at once, and keeps nothing when turned off', () => {
    const cache = keyCache(60_000)
    cache.set('h1', found('key_1'))
    cache.set('h2', found('key_2'))
    cache.forgetKey('key_1')
    expect(cache.get('h1')).toBeUndefined()
    expect(cache.get('h2')?.key.id).toBe('key_2')
    const off = keyCache(0)
    off.set('h1', found('key_1'))
    expect(off.get('h1')).toBeUndefined()
  })
})
