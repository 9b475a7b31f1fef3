import { describe, expect, it } from 'vitest'
import { dropReferences } from './references.ts'

const words = (text: string) => dropReferences(text).split(/\s+/).filter(Boolean).join(' ')

describe('dropReferences', () => {
  it('drops the references ledger exports append, with their codes', () => {
    expect(words('diesel for the vans ref 3-61')).toBe('diesel for the vans')
    expect(words('paper invoice 4411')).toBe('paper')
    expect(words('toner PO 12345')).toBe('toner')
    expect(words('toner PO# 77 black')).toBe('toner black')
    expect(words('toner P.O. 4411')).toBe('toner')
    expect(words('PO No. 12345 office chairs')).toBe('office chairs')
    expect(words('diesel INV-2231')).toBe('diesel')
    expect(words('diesel inv2231')).toBe('diesel')
    expect(words('Ref: A-77/2 electricity')).toBe('electricity')
    expect(words('electricity reference no 12')).toBe('electricity')
    expect(words('hotel stay, voucher')).toBe('hotel stay,')
  })
  it('keeps words that only look like references', () => {
    // "ref" alone may be short for refrigerant; "PO" in lower case or without a number is a word.
    expect(words('ref gas top-up R-410A')).toBe('ref gas top-up R-410A')
    expect(words('inverter diesel generator')).toBe('inverter diesel generator')
    expect(words('refrigerant invoice')).toBe('refrigerant')
    expect(words('po river barge freight')).toBe('po river barge freight')
    expect(words('PO box rental')).toBe('PO box rental')
    expect(words('preferred supplier')).toBe('preferred supplier')
    expect(words('50 t of C30/37 concrete')).toBe('50 t of C30/37 concrete')
  })
})
