#!/usr/bin/env node
// openfactors-mcp: MCP over stdio with the engine in-process on the local corpus.
import { register } from 'tsx/esm/api'

register()
const { runStdio } = await import('../src/mcp/stdio.ts')
runStdio().catch((err) => {
  process.stderr.write(`openfactors-mcp: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
