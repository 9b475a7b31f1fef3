/** Node runner for the calculation benchmarks (Node-only, so it sits in a `bench` folder outside the runtime-neutral check): `npx tsx --conditions=@openfactors/source --expose-gc packages/engine/src/calc/bench/run.ts`. */
import { runCalcBench } from '../bench.ts'

const gc = (globalThis as { gc?: () => void }).gc
const result = runCalcBench({ heapUsed: () => process.memoryUsage().heapUsed, ...(gc ? { gc } : {}) })
console.log(JSON.stringify({ ...result, node: process.version, date: new Date().toISOString() }, null, 2))
