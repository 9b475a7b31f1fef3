import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../../test/fixture.ts'
import type { FactorRow } from '../release/schema.ts'
import { packRows, unpackRows } from './packed-rows.ts'

const rows = fixtureArtifact().factors

describe('packed rows', () => {
  it('rebuild every row as the same JSON: the same fields, in the same order', () => {
    const back = unpackRows(JSON.parse(JSON.stringify(packRows(rows))) as ReturnType<typeof packRows>)
    expect(back).toHaveLength(rows.length)
    back.forEach((row, i) => expect(JSON.stringify(row)).toBe(JSON.stringify(rows[i])))
  })

  it('keep a shared value once and a cell reference as its shared head and its own tail', () => {
    const basis = { price: { currency: 'USD', year: 2022, basis: 'purchaser' } }
    const make = (i: number, extra: Partial<FactorRow>): FactorRow => ({ ...(rows[0] as FactorRow), key: `spend.us.k${i}.with_margins`, cell_ref: `file.csv#L${i}:Factor`, ...extra })
    const packed = packRows([make(1, { basis } as Partial<FactorRow>), make(2, { basis } as Partial<FactorRow>), make(3, {})])
    expect(packed.coded.basis?.values).toHaveLength(1)
    expect(packed.coded.basis?.code).toEqual([0, 0, -1])
    expect(packed.cell_ref.heads).toEqual(['file.csv#'])
    expect(packed.cell_ref.tail).toEqual(['L1:Factor', 'L2:Factor', 'L3:Factor'])
    expect(packed.shapes).toHaveLength(2)
    const back = unpackRows(packed) as unknown as Array<Record<string, unknown>>
    expect(back[0]?.basis).toBe(back[1]?.basis)
    expect(back[2]).not.toHaveProperty('basis')
    // Shared between rows, so frozen: a row changed by mistake fails loudly instead of changing others.
    expect(Object.isFrozen(back[0]?.basis)).toBe(true)
    expect(() => {
      ;(back[0]?.basis as { price: { year: number } }).price.year = 1999
    }).toThrow(TypeError)
  })

  it('refuse columns that do not match the row count', () => {
    const packed = packRows(rows)
    expect(() => unpackRows({ ...packed, shape: packed.shape.slice(1) })).toThrow(/column shape has/)
    expect(() => unpackRows({ ...packed, coded: {} })).toThrow(/no column for field/)
  })
})
