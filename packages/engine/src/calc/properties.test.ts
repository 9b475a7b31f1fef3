/** Invariants of the calculations, checked on generated inputs (fast-check). */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { calculateEmbodied } from './embodied/calculate.ts'
import { calculatePcaf } from './pcaf/calculate.ts'
import { verifyReceipt } from './receipt/verify.ts'
import { materialRow, testView } from '../../test/calc-view.ts'

const pcafView = testView([])
const embodiedView = testView([
  materialRow('materials.steel.rebar.world', 1.99, 'kg', { density: 7850 }),
  materialRow('materials.concrete.ready_mix.c32_40', 0.138, 'kg', { density: 2400 }),
  materialRow('materials.concrete.precast_slab.c40', 331.2, 'm3', {
    density: 2400,
    modules: { 'A1-A3': { value: 331.2, cell_ref: 'a' }, C3: { value: 3, cell_ref: 'b' }, D: { value: -40, cell_ref: 'c' } },
  }),
])

const amount = fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true })
const positive = fc.double({ min: 1, max: 1e12, noNaN: true, noDefaultInfinity: true })
const emissions = fc.double({ min: 0, max: 1e7, noNaN: true, noDefaultInfinity: true })
const holding = fc.record({
  outstanding_amount: amount,
  denominator: fc.record({ type: fc.constant('evic'), value: positive }),
  company_emissions: fc.record({ value: emissions, scope_3: emissions }, { requiredKeys: ['value'] }),
  data_quality_score: fc.integer({ min: 1, max: 5 }),
})
const relClose = (a: number, b: number, rel = 1e-10) => Math.abs(a - b) <= rel * Math.max(1, Math.abs(a), Math.abs(b))

/** Rebuild an object with its keys in reversed (or shuffled) order at every depth. */
function reorder(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((v) => reorder(v, seed))
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
    entries.sort(([a], [b]) => (seed % 2 === 0 ? b.localeCompare(a) : ((a.length * seed) % 7) - ((b.length * seed) % 7)))
    return Object.fromEntries(entries.map(([k, v]) => [k, reorder(v, seed)]))
  }
  return value
}

describe('PCAF invariants', () => {
  it('attribution factor x emissions = financed emissions; totals equal the sum of holdings; scope 3 never in scope 1+2', () => {
    fc.assert(
      fc.property(fc.array(holding, { minLength: 1, maxLength: 8 }), (holdings) => {
        const res = calculatePcaf({ asset_class: 'listed_equity_and_corporate_bonds', holdings }, pcafView)
        for (const [i, h] of res.holdings.entries()) {
          const input = holdings[i]!
          expect(relClose(h.financed_emissions.value, (input.outstanding_amount / input.denominator.value) * input.company_emissions.value, 1e-9)).toBe(true)
          expect(relClose(h.financed_emissions.value, h.attribution_factor * input.company_emissions.value, 1e-9)).toBe(true)
          expect(h.by_scope.scope_1_2).toBe(h.financed_emissions.value)
        }
        const sum = res.holdings.reduce((a, h) => a + h.financed_emissions.value, 0)
        expect(relClose(res.result.financed_emissions.value, sum, 1e-9)).toBe(true)
        const sum3 = res.holdings.reduce((a, h) => a + (h.by_scope.scope_3 ?? 0), 0)
        // a scope no holding reported is null, never a 0 that reads as "zero scope 3"
        const reported3 = holdings.filter((h) => h.company_emissions.scope_3 !== undefined).length
        if (reported3 === 0) expect(res.result.by_scope.scope_3).toBeNull()
        else expect(relClose(res.result.by_scope.scope_3!, sum3, 1e-9)).toBe(true)
        expect(res.result.scopes_reported_by.scope_3).toBe(reported3)
        expect(res.result.by_scope.scope_1_2).toBe(res.result.financed_emissions.value)
      }),
      { numRuns: 150 },
    )
  })

  it('receipts are stable under key reordering, and verifyReceipt detects any changed number', () => {
    fc.assert(
      fc.property(fc.array(holding, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 1000 }), fc.nat(), (holdings, seed, pick) => {
        const req = { asset_class: 'business_loans_and_unlisted_equity', holdings: holdings.map((h) => ({ ...h, denominator: { ...h.denominator, type: 'total_equity_plus_debt' } })) }
        const a = calculatePcaf(req, pcafView)
        const b = calculatePcaf(reorder(req, seed), pcafView)
        expect(b.receipt).toEqual(a.receipt)

        const saved = JSON.parse(JSON.stringify(a)) as Record<string, unknown>
        expect(verifyReceipt(saved).valid).toBe(true)
        const paths = numberPaths(saved)
        const path = paths[pick % paths.length]!
        const before = getAt(saved, path) as number
        setAt(saved, path, before === 0 ? 1 : before * 3) // `+ 1` would not change numbers above 2^53
        expect(verifyReceipt(saved).valid).toBe(false)
      }),
      { numRuns: 100 },
    )
  })
})

describe('embodied invariants', () => {
  const lineArb = fc.record({
    material_key: fc.constantFrom('materials.steel.rebar.world', 'materials.concrete.ready_mix.c32_40', 'materials.concrete.precast_slab.c40'),
    quantity: fc.record({ value: fc.double({ min: 0.001, max: 1e6, noNaN: true, noDefaultInfinity: true }), unit: fc.constantFrom('kg', 't', 'm3') }),
    boundary: fc.constantFrom('A1-A3', 'A1-A4', 'A1-A5', 'A1-C', 'A1-C4', 'A-C'),
  })

  it('scaling every quantity by k scales every result by k; D is never inside the totals', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 5 }), fc.integer({ min: 2, max: 1000 }), fc.constantFrom('rics-2023', 'istructe-2020'), (lines, k, profile) => {
        const base = calculateEmbodied({ materials: lines, profile }, embodiedView)
        const scaled = calculateEmbodied({ materials: lines.map((l) => ({ ...l, quantity: { ...l.quantity, value: l.quantity.value * k } })), profile }, embodiedView)
        expect(relClose(scaled.result.embodied_carbon.value, base.result.embodied_carbon.value * k, 1e-9)).toBe(true)
        for (const [stage, v] of Object.entries(base.result.by_stage)) expect(relClose(scaled.result.by_stage[stage] ?? 0, (v ?? 0) * k, 1e-9)).toBe(true)

        const withD = calculateEmbodied({ materials: lines.map((l) => ({ ...l, boundary: `${l.boundary}+D` })), profile }, embodiedView)
        expect(withD.result.embodied_carbon.value).toBe(base.result.embodied_carbon.value)
        expect(withD.result.by_stage).toEqual(base.result.by_stage)
        expect(withD.result.module_d).toBeDefined()
        const stageSum = Object.values(base.result.by_stage).reduce<number>((a, v) => a + (v ?? 0), 0)
        expect(relClose(base.result.embodied_carbon.value, stageSum, 1e-9)).toBe(true)
        const lineSum = base.materials.reduce((a, m) => a + m.total, 0)
        expect(relClose(base.result.embodied_carbon.value, lineSum, 1e-9)).toBe(true)
      }),
      { numRuns: 100 },
    )
  })
})

type Path = Array<string | number>
function numberPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'number') return [path]
  if (Array.isArray(value)) return value.flatMap((v, i) => numberPaths(v, [...path, i]))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numberPaths(v, [...path, k]))
  return []
}
function getAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], root)
}
function setAt(root: unknown, path: Path, value: unknown): void {
  const parent = getAt(root, path.slice(0, -1)) as Record<string | number, unknown>
  parent[path[path.length - 1]!] = value
}
