import { describe, expect, it } from 'vitest'
import { batchCounter } from './batch-counter.ts'

describe('batchCounter', () => {
  it('decides calls in order against the counts left by the calls before, reads and writes each counter once', () => {
    const table = new Map([['a\u0000m', 1], ['a\u0000M', 8]])
    const reads: string[] = []
    const writes: Array<[string, string, number]> = []
    const counter = batchCounter(
      (s, w) => { reads.push(`${s}/${w}`); return table.get(`${s}\u0000${w}`) ?? 0 },
      (s, w, n) => { writes.push([s, w, n]) },
    )
    const windows = [{ window: 'm', limit: 3 }, { window: 'M', limit: 10 }]
    expect(counter.consume('a', windows, 1)).toEqual({ ok: true, counts: [2, 9] })
    expect(counter.consume('a', windows, 2)).toEqual({ ok: false, blocked: 0, counts: [2] })
    expect(counter.consume('a', [{ window: 'm', limit: 5 }, { window: 'M', limit: 10 }], 2)).toEqual({ ok: false, blocked: 1, counts: [2, 9] })
    expect(counter.consume('a', windows, 1)).toEqual({ ok: true, counts: [3, 10] })
    expect(counter.consume('a', windows, 1)).toEqual({ ok: false, blocked: 0, counts: [3] })
    expect(counter.consume('b', [{ window: 'm', limit: 2 }], 3)).toEqual({ ok: false, blocked: 0, counts: [0] })
    counter.flush()
    expect(reads).toEqual(['a/m', 'a/M', 'b/m'])
    expect(writes).toEqual([['a', 'm', 3], ['a', 'M', 10]])
  })
})
