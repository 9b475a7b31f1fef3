#!/usr/bin/env node
// openfactors: emissions of a ledger CSV, resolve and lookup, with the engine in-process on the local release.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/main.ts')
main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code },
  (err) => {
    process.stderr.write(`openfactors: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exitCode = 1
  },
)
