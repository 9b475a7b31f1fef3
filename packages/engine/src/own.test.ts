import { describe, expect, it } from 'vitest'
import { ownEntry } from './own.ts'

describe('ownEntry', () => {
  const table: Record<string, string> = { litre: 'volume' }
  it('finds the entries the table has', () => {
    expect(ownEntry(table, 'litre')).toBe('volume')
    expect(ownEntry(table, 'gallon')).toBeUndefined()
  })
  it('finds nothing every object inherits', () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) expect(ownEntry(table, key)).toBeUndefined()
    // What a plain lookup would have answered:
    expect(table['constructor']).toBe(Object)
  })
})
