/**
 * The `openfactors-mcp` bin over stdio, driven by the SDK's own client: the child runs the engine
 * in-process on a release directory (test releases here), needs no key, and answers like /v1.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harness, type Harness } from '../../test/support/harness.ts'
import { writeTestReleases } from '../../test/support/test-release.ts'
import { TOOL_NAMES } from './tools.ts'

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'openfactors-mcp.mjs')

let dir: string
let client: Client
let h: Harness

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'openfactors-mcp-stdio-'))
  writeTestReleases(dir)
  h = await harness()
  client = new Client({ name: 'openfactors-stdio-test', version: '1.0.0' })
  await client.connect(new StdioClientTransport({
    command: process.execPath,
    args: [BIN],
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', OPENFACTORS_RELEASES_DIR: dir },
    stderr: 'pipe',
  }))
}, 60_000)

afterAll(async () => {
  await client?.close()
  await h?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('MCP over stdio (openfactors-mcp)', () => {
  it('lists the same tools and answers without a key', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort())
    const lookup = (await client.callTool({ name: 'lookup_factor', arguments: { key: 'fuels.gb.diesel.litres' } })) as CallToolResult
    const key = await h.key('stdio@example.com')
    const http = await (await h.get('/v1/factors/fuels.gb.diesel.litres', key)).json()
    expect(lookup.structuredContent).toEqual(http)
  })

  it('answers an older data version through as_of and reports bad input as a tool error', async () => {
    const old = (await client.callTool({ name: 'lookup_factor', arguments: { key: 'fuels.gb.diesel.litres', as_of: '2026.1' } })) as CallToolResult
    expect(old.structuredContent).toMatchObject({ factor: { factor: { value: 2.5 } } })
    const early = (await client.callTool({ name: 'lookup_factor', arguments: { key: 'fuels.gb.diesel.litres', as_of: '2001-01-01' } })) as CallToolResult
    expect(early.isError).toBe(true)
    expect(early.structuredContent).toMatchObject({ error: { code: 'as_of_out_of_range' } })
    const resolve = (await client.callTool({ name: 'resolve_activity', arguments: { description: 'grid electricity UK kWh' } })) as CallToolResult
    expect(JSON.stringify(resolve.structuredContent)).toContain('electricity.gb.grid.location_kwh')
    const bad = (await client.callTool({ name: 'resolve_activity', arguments: { description: 7 } })) as CallToolResult
    expect(bad.isError).toBe(true)
    expect(bad.structuredContent).toMatchObject({ error: { code: 'invalid_request', issues: [expect.objectContaining({ path: 'description' })] } })
  })

  it('searches, calculates and verifies like /v1, and serves the resources and prompt', async () => {
    const key = await h.key('stdio-calc@example.com')
    const search = (await client.callTool({ name: 'search_factors', arguments: { search: 'petrol', limit: 3 } })) as CallToolResult
    expect(search.structuredContent).toEqual(await (await h.get('/v1/factors?search=petrol&limit=3')).json())

    const pcafReq = { asset_class: 'listed_equity_and_corporate_bonds', holdings: [{ outstanding_amount: 25, denominator: { type: 'evic', value: 100 }, company_emissions: { value: 40 }, data_quality_score: 3 }] }
    const pcaf = (await client.callTool({ name: 'calculate_pcaf', arguments: pcafReq })) as CallToolResult
    const httpPcaf = (await (await h.json('/v1/calculate/pcaf', pcafReq, key)).json()) as { result: unknown; receipt: unknown }
    expect((pcaf.structuredContent as { result: unknown }).result).toEqual(httpPcaf.result)
    expect((pcaf.structuredContent as { receipt: unknown }).receipt).toEqual(httpPcaf.receipt)

    const embReq = { materials: [{ material_key: 'materials.concrete.ready_mix.c30_37', quantity: { value: 2, unit: 't' }, boundary: 'A1-A3' }] }
    const emb = (await client.callTool({ name: 'calculate_embodied', arguments: embReq })) as CallToolResult
    const httpEmb = (await (await h.json('/v1/calculate/embodied', embReq, key)).json()) as { result: unknown }
    expect((emb.structuredContent as { result: unknown }).result).toEqual(httpEmb.result)

    const verified = (await client.callTool({ name: 'verify_receipt', arguments: { response: emb.structuredContent ?? {} } })) as CallToolResult
    expect(verified.structuredContent).toMatchObject({ valid: true })

    const releases = await client.readResource({ uri: 'releases://list' })
    const r = releases.contents[0]
    expect(r && 'text' in r ? JSON.parse(r.text).releases.length : 0).toBe(2)
    const factor = await client.readResource({ uri: 'factor://fuels.gb.petrol.litres' })
    const f = factor.contents[0]
    expect(f && 'text' in f ? JSON.parse(f.text) : null).toMatchObject({ factor: { key: 'fuels.gb.petrol.litres' } })
    const prompt = await client.getPrompt({ name: 'description_to_calculation', arguments: { description: 'concrete slab' } })
    expect(JSON.stringify(prompt.messages)).toContain('concrete slab')
  })
})
