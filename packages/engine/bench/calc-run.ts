/** Node runner for the calculation benchmarks (Node-only, so it sits in bench/, outside src/): `npx tsx --expose-gc packages/engine/bench/calc-run.ts`. */
import { runCalcBench } from './calc.ts'

const gc = (globalThis as { gc?: () => void }).gc
const result = runCalcBench({ heapUsed: () => process.memoryUsage().heapUsed, ...(gc ? { gc } : {}) })
console.log(JSON.stringify({ ...result, node: process.version, date: new Date().toISOString() }, null, 2))
