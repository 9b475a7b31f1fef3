#!/usr/bin/env node
// `openfactors-mcp` (published bin): MCP over stdio with the engine in-process on the local corpus.
import { runStdio } from '../mcp/stdio.ts'

runStdio().catch((err: unknown) => {
  process.stderr.write(`openfactors-mcp: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
