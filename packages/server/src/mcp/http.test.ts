/**
 * MCP over streamable HTTP, driven by the SDK's own client through the real app (`app.request`
 * as the client's fetch): tools, resources and prompt are listed, every tool answers good and bad
 * input, results equal the HTTP API's for the same request, and a session without a key is refused.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harness, type Harness } from '../../test/support/harness.ts'
import { TOOL_NAMES } from './tools.ts'

let h: Harness
let key: string
let client: Client

function connect(apiKey?: string): { client: Client; transport: StreamableHTTPClientTransport } {
  const transport = new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
    fetch: async (url, init) => h.app.request(String(url), init),
    requestInit: apiKey ? { headers: { Authorization: `Bearer ${apiKey}` } } : {},
  })
  return { client: new Client({ name: 'openfactors-test', version: '1.0.0' }), transport }
}

async function tool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult
}

/** The parts of a calculation response that depend on the call, not on the inputs. */
function withoutCallMeta(body: unknown): unknown {
  const copy = structuredClone(body) as { meta?: Record<string, unknown> }
  if (copy.meta) { delete copy.meta['request_id']; delete copy.meta['computed_at'] }
  return copy
}

beforeAll(async () => {
  h = await harness()
  key = await h.key('agent@example.com', 'developer')
  const c = connect(key)
  client = c.client
  await client.connect(c.transport)
})

afterAll(async () => {
  await client.close()
  await h.close()
})

describe('MCP over streamable HTTP', () => {
  it('initializes and lists the seven tools, the resources and the prompt', async () => {
    expect(client.getServerVersion()?.name).toBe('openfactors')
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort())
    const pcaf = tools.find((t) => t.name === 'calculate_pcaf')
    expect(pcaf?.inputSchema.properties).toHaveProperty('holdings')
    const { resources } = await client.listResources()
    expect(resources.map((r) => r.uri)).toContain('releases://list')
    const { resourceTemplates } = await client.listResourceTemplates()
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('factor://{key}')
    const { prompts } = await client.listPrompts()
    expect(prompts.map((p) => p.name)).toEqual(['description_to_calculation'])
    const prompt = await client.getPrompt({ name: 'description_to_calculation', arguments: { description: 'diesel for vans' } })
    expect(JSON.stringify(prompt.messages)).toContain('resolve_activity')
  })

  it('search, lookup and resolve return the same objects as /v1', async () => {
    const search = await tool('search_factors', { search: 'diesel', limit: 5 })
    const httpSearch = await (await h.get('/v1/factors?search=diesel&limit=5')).json()
    expect(search.structuredContent).toEqual(httpSearch)

    const lookup = await tool('lookup_factor', { key: 'fuels.gb.diesel.litres' })
    const httpLookup = await (await h.get('/v1/factors/fuels.gb.diesel.litres', key)).json()
    expect(lookup.isError).toBeFalsy()
    expect(lookup.structuredContent).toEqual(httpLookup)
    const text = lookup.content[0]?.type === 'text' ? lookup.content[0].text : ''
    expect(text).toContain('2.6 kg CO2e per litre')
    expect(text).toContain('test-open-2026')

    const resolve = await tool('resolve_activity', { description: 'diesel litres', limit: 3 })
    const httpResolve = await (await h.json('/v1/calculate/resolve', { description: 'diesel litres', limit: 3 }, key)).json()
    expect(resolve.structuredContent).toEqual(httpResolve)
    // Decision and explanation travel unchanged: the same values as the engine's own answer.
    const own = h.engine.resolve({ description: 'diesel litres', limit: 3 })
    const served = httpResolve as { matches: Array<{ decision: string; explanation: unknown }> }
    expect(served.matches.map((m) => m.decision)).toEqual(own.matches.map((m) => m.decision))
    expect(served.matches.map((m) => m.explanation)).toEqual(own.matches.map((m) => m.explanation))
    expect(own.matches[0]?.explanation.why).toMatch(/^Ranked first/)
  })

  it('pcaf, embodied and verify_receipt agree with /v1', async () => {
    const pcafReq = {
      asset_class: 'listed_equity_and_corporate_bonds',
      holdings: [{ outstanding_amount: 10, denominator: { type: 'evic', value: 100 }, company_emissions: { value: 50 }, data_quality_score: 2 }],
    }
    const pcaf = await tool('calculate_pcaf', pcafReq)
    const httpPcaf = await (await h.json('/v1/calculate/pcaf', pcafReq, key)).json()
    expect(pcaf.isError).toBeFalsy()
    expect(withoutCallMeta(pcaf.structuredContent)).toEqual(withoutCallMeta(httpPcaf))

    const embReq = { materials: [{ material_key: 'materials.concrete.ready_mix.c30_37', quantity: { value: 1000, unit: 'kg' }, boundary: 'A1-A3' }] }
    const emb = await tool('calculate_embodied', embReq)
    const httpEmb = await (await h.json('/v1/calculate/embodied', embReq, key)).json()
    expect(withoutCallMeta(emb.structuredContent)).toEqual(withoutCallMeta(httpEmb))

    const emiReq = { activities: [{ factor_key: 'fuels.gb.diesel.litres', quantity: { value: 10, unit: 'US gallons' } }, { description: 'petrol', country: 'GB', quantity: { value: 40, unit: 'litres' } }] }
    const emi = await tool('calculate_emissions', emiReq)
    const httpEmi = await (await h.json('/v1/calculate/emissions', emiReq, key)).json()
    expect(emi.isError).toBeFalsy()
    expect(withoutCallMeta(emi.structuredContent)).toEqual(withoutCallMeta(httpEmi))
    expect((emi.content[0] as { text: string }).text).toMatch(/^Emissions: 182\.420706384 kg CO2e .*2 of 2 activities computed/)
    const badEmi = await tool('calculate_emissions', { activities: [{ factor_key: 'fuels.gb.diesl.litres', quantity: { value: 1, unit: 'l' } }] })
    expect(badEmi.isError).toBe(true)
    expect(badEmi.structuredContent).toMatchObject({ error: { code: 'unknown_factor' } })

    const verified = await tool('verify_receipt', { response: pcaf.structuredContent ?? {} })
    expect(verified.structuredContent).toMatchObject({ valid: true })
    const tampered = structuredClone(pcaf.structuredContent) as { result: { financed_emissions: { value: number } } }
    tampered.result.financed_emissions.value += 1
    const bad = await tool('verify_receipt', { response: tampered })
    expect(bad.structuredContent).toMatchObject({ valid: false })
  })

  it('tool errors carry the API error code, and candidates for an unknown factor', async () => {
    const missing = await tool('lookup_factor', { key: 'fuels.gb.diesel.litre' })
    expect(missing.isError).toBe(true)
    expect(missing.structuredContent).toMatchObject({ error: { code: 'factor_not_found', candidates: expect.arrayContaining([expect.objectContaining({ key: 'fuels.gb.diesel.litres' })]) } })

    const badDenominator = await tool('calculate_pcaf', {
      asset_class: 'mortgages',
      holdings: [{ outstanding_amount: 10, denominator: { type: 'evic', value: 100 }, company_emissions: { value: 5 }, data_quality_score: 3 }],
    })
    expect(badDenominator.isError).toBe(true)
    expect(badDenominator.structuredContent).toMatchObject({ error: { code: 'invalid_denominator' } })

    const invalid = await tool('calculate_pcaf', { asset_class: 'listed_equity_and_corporate_bonds', holdings: 'none' })
    expect(invalid.isError).toBe(true)
    expect(invalid.structuredContent).toMatchObject({ error: { code: 'invalid_request', docs: '/docs/errors#invalid_request', issues: [expect.objectContaining({ path: 'holdings' })] } })

    const tooMany = await tool('search_factors', { search: 'diesel', limit: 1000 })
    expect(tooMany.structuredContent).toMatchObject({ error: { code: 'invalid_request', issues: [expect.objectContaining({ path: 'limit' })] } })
    const wrongType = await tool('resolve_activity', { description: 42 })
    expect(wrongType.structuredContent).toMatchObject({ error: { code: 'invalid_request', issues: [expect.objectContaining({ path: 'description' })] } })
    const text = wrongType.content[0]?.type === 'text' ? wrongType.content[0].text : ''
    expect(text).toMatch(/^invalid_request: /)
  })

  it('reads a factor resource and the releases resource', async () => {
    const factor = await client.readResource({ uri: 'factor://fuels.gb.diesel.litres' })
    const first = factor.contents[0]
    expect(first && 'text' in first ? JSON.parse(first.text) : null).toMatchObject({ factor: { factor: { value: 2.6 } } })
    const releases = await client.readResource({ uri: 'releases://list' })
    const r = releases.contents[0]
    expect(r && 'text' in r ? JSON.parse(r.text).releases.map((x: { mb_version: string }) => x.mb_version) : []).toEqual(['2026.1', '2026.2'])
  })

  it('counts each tool call against the key quota', async () => {
    const before = (await (await h.get('/v1/account', key)).json()) as { usage: unknown }
    await tool('lookup_factor', { key: 'fuels.gb.petrol.litres' })
    const after = (await (await h.get('/v1/account', key)).json()) as { usage: unknown }
    expect(JSON.stringify(after)).not.toEqual(JSON.stringify(before))
  })

  it('refuses a session without a key or with a wrong key', async () => {
    for (const apiKey of [undefined, 'of_live_not-a-real-key']) {
      const c = connect(apiKey)
      await expect(c.client.connect(c.transport)).rejects.toThrow(/401|unauthorized/i)
    }
    const raw = await h.app.request('/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) })
    expect(raw.status).toBe(401)
    expect(await raw.json()).toMatchObject({ error: { code: 'unauthorized', docs: '/docs/errors#unauthorized' } })
  })
})
