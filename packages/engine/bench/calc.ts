/**
 * Calculation benchmarks (issue 4): PCAF over 100,000 holdings and embodied carbon over 10,000
 * material lines, time and memory. Runtime-neutral: the caller passes a heap probe
 * (`() => process.memoryUsage().heapUsed` in Node) and, if it has one, a `gc`.
 * The root bench script calls `runCalcBench()`; run alone with
 * `npx tsx --expose-gc packages/engine/bench/calc-run.ts`.
 */
import { calculateEmbodied } from '../src/calc/embodied/calculate.ts'
import { calculatePcaf } from '../src/calc/pcaf/calculate.ts'
import { verifyReceipt } from '../src/calc/receipt/verify.ts'
import { materialRow, testView } from '../test/calc-view.ts'

export interface CalcBenchOptions {
  holdings?: number
  lines?: number
  heapUsed?: () => number
  gc?: () => void
}

export interface CalcBenchRun {
  items: number
  ms: number
  per_item_us: number
  heap_delta_mb: number | null
  response_mb: number
  verify_ms: number
}

export interface CalcBenchResult {
  pcaf: CalcBenchRun
  embodied: CalcBenchRun
}

const MB = 1024 * 1024

function measure(items: number, run: () => object, opts: CalcBenchOptions): CalcBenchRun {
  run() // warm-up on the same input so JIT and zod are warm
  opts.gc?.()
  const before = opts.heapUsed?.() ?? null
  const start = performance.now()
  const response = run()
  const ms = performance.now() - start
  const after = opts.heapUsed?.() ?? null
  const json = JSON.stringify(response)
  const verifyStart = performance.now()
  const verified = verifyReceipt(JSON.parse(json))
  const verify_ms = performance.now() - verifyStart
  if (!verified.valid) throw new Error('benchmark response does not verify')
  return {
    items,
    ms: round(ms),
    per_item_us: round((ms * 1000) / items),
    heap_delta_mb: before === null || after === null ? null : round((after - before) / MB),
    response_mb: round(json.length / MB),
    verify_ms: round(verify_ms),
  }
}

const round = (n: number) => Math.round(n * 100) / 100

export function pcafBenchRequest(n: number): object {
  const holdings = Array.from({ length: n }, (_, i) => ({
    outstanding_amount: 1_000 + (i % 997) * 13.7,
    denominator: i % 10 === 0 ? { type: 'total_assets', value: 5e6 + i } : { type: 'evic', value: 1e6 + i * 3.1 },
    company_emissions: { value: 100 + (i % 89), scope_1: 60 + (i % 89), scope_2: 40, scope_3: 900 + (i % 31) },
    data_quality_score: 1 + (i % 5),
    option: (['1a', '1b', '2a', '2b', '3a'] as const)[i % 5],
  }))
  return { asset_class: 'listed_equity_and_corporate_bonds', currency: 'USD', holdings }
}

const MATERIAL_KEYS = ['materials.steel.rebar.world', 'materials.concrete.ready_mix.c32_40', 'materials.glass.float.single', 'materials.concrete.precast_slab.c40']
const BOUNDARIES = ['A1-A3', 'A1-A5', 'A1-C', 'A1-C4+D']

export function embodiedBenchRequest(n: number): object {
  const units = ['kg', 'm3', 'm2', 'm3']
  const materials = Array.from({ length: n }, (_, i) => ({
    material_key: MATERIAL_KEYS[i % 4]!,
    quantity: { value: 1 + (i % 113) * 0.37, unit: units[i % 4]! },
    boundary: BOUNDARIES[i % 4]!,
    ...(i % 4 === 2 ? { thickness_m: 0.006 } : {}),
  }))
  return { materials, profile: 'rics-2023', project: { gia_m2: 12_000, demolition_gia_m2: 3_000 } }
}

export function benchView() {
  return testView([
    materialRow('materials.steel.rebar.world', 1.99, 'kg', { density: 7850 }),
    materialRow('materials.concrete.ready_mix.c32_40', 0.138, 'kg', { density: 2400 }),
    materialRow('materials.glass.float.single', 1.44, 'kg', { density: 2500 }),
    materialRow('materials.concrete.precast_slab.c40', 331.2, 'm3', {
      density: 2400,
      modules: { 'A1-A3': { value: 331.2, cell_ref: 'a' }, A4: { value: 12, cell_ref: 'b' }, C3: { value: 3, cell_ref: 'c' }, C4: { value: 2, cell_ref: 'd' }, D: { value: -40, cell_ref: 'e' } },
    }),
  ])
}

export function runCalcBench(opts: CalcBenchOptions = {}): CalcBenchResult {
  const view = benchView()
  const holdings = opts.holdings ?? 100_000
  const lines = opts.lines ?? 10_000
  const pcafReq = pcafBenchRequest(holdings)
  const embodiedReq = embodiedBenchRequest(lines)
  return {
    pcaf: measure(holdings, () => calculatePcaf(pcafReq, view), opts),
    embodied: measure(lines, () => calculateEmbodied(embodiedReq, view), opts),
  }
}
