/** @openfactors/cli public API: the command runner (the bin calls `main`). */
export { main, parseArgs } from './main.ts'
export type { Args, Io } from './main.ts'
export { parseCsv, formatCsv, detectDelimiter } from './csv.ts'
