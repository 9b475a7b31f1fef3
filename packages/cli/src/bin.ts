#!/usr/bin/env node
// `openfactors` (published bin): emissions of a ledger CSV, resolve and lookup, with the engine in-process.
import { main } from './main.ts'

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (err: unknown) => {
    process.stderr.write(`openfactors: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exitCode = 1
  },
)
