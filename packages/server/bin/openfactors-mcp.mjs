#!/usr/bin/env node
// openfactors-mcp from a checkout of the repository, with plain `node`: runs the sources through tsx
// with workspace packages resolved to their sources. (The published package's bin is dist/bin/mcp.js.)
import { register } from 'node:module'
import { register as registerTsx } from 'tsx/esm/api'

register('../../../scripts/source-condition-hook.mjs', import.meta.url)
registerTsx()
await import('../src/bin/mcp.ts')
