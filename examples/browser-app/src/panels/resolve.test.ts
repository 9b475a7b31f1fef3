import { describe, expect, it } from 'vitest'
import { explainConfidence } from './resolve.ts'

describe('explainConfidence', () => {
  it('reads the engine scale as docs/resolve.md does', () => {
    expect(explainConfidence(1)).toMatch(/^a clear winner/)
    expect(explainConfidence(0.93)).toBe('a safe choice')
    expect(explainConfidence(0.55)).toMatch(/look at the next matches/)
    expect(explainConfidence(0.2)).toMatch(/ambiguous/)
  })
})
