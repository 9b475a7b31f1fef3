/**
 * The engine as an MCP server: the same zod schemas as the HTTP API for input, the same objects
 * as the HTTP API for output (as structured content), plus a short text an agent can quote.
 * Errors come back as tool errors carrying the API's envelope (`code`, `message`, `docs`, and the
 * candidate keys for an unknown factor). Runtime-neutral: used by `/mcp` and by the stdio bin.
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import {
  EmbodiedRequestSchema, EmissionsRequestSchema, ENGINE_VERSION, PcafRequestSchema, ResolveRequestSchema, SearchRequestSchema,
} from '@openfactors/engine'
import { z } from 'zod'
import type { CalcContextPort, EnginePort } from '../engine-port.ts'
import type { OffloadVerb } from '../offload/protocol.ts'
import { invalidRequest, issuesFrom, renderError } from '../errors.ts'
import { FactorKeySchema } from '../factor-key.ts'
import {
  summarizeCalculation, summarizeEmissions, summarizeLookup, summarizeResolve, summarizeSearch, summarizeVerification,
} from './summary.ts'

export const LookupToolInputSchema = z.object({
  key: FactorKeySchema.describe('Factor key, shape <domain>.<country>.<subject>.<method>'),
  as_of: z.string().max(32).optional().describe('Data version (e.g. 2026.1) or date YYYY-MM-DD'),
})

export const VerifyToolInputSchema = z.object({
  response: z.record(z.string(), z.unknown()).describe('A saved PCAF or embodied response, receipt included'),
})

export interface ReleaseListing {
  mb_version: string
  released_at: string
  editions: string[]
  factor_count: number
}

export interface McpDeps {
  engine: EnginePort
  verifyReceipt: (saved: unknown) => unknown
  /** The releases this server can answer for (the manifest), newest last. */
  releases: () => ReleaseListing[]
  /** Request id, clock and plan for calculations (the HTTP shell passes the caller's). */
  calcContext: () => CalcContextPort
  /**
   * Runs a calculation off the event loop when the host can (the HTTP server's workers); null
   * means "calculate here". The same bounds and answers as in-process.
   */
  offload?: (verb: OffloadVerb, args: unknown) => Promise<unknown> | null
}

export const TOOL_NAMES = [
  'search_factors', 'lookup_factor', 'resolve_activity', 'calculate_pcaf', 'calculate_embodied', 'calculate_emissions', 'verify_receipt',
] as const

function ok(structured: unknown, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured as Record<string, unknown> }
}

/** Run an engine call; a thrown error becomes a tool error with the HTTP envelope. */
async function call(run: () => unknown, summarize: (res: unknown) => string): Promise<CallToolResult> {
  try {
    const res = await run()
    return ok(res, summarize(res))
  } catch (err) {
    const { body } = renderError(err)
    const candidates = Array.isArray(body.error['candidates'])
      ? ` Did you mean: ${(body.error['candidates'] as Array<{ key: string }>).slice(0, 5).map((c) => c.key).join(', ')}?`
      : ''
    return { isError: true, content: [{ type: 'text', text: `${body.error.code}: ${body.error.message}${candidates}` }], structuredContent: body as unknown as Record<string, unknown> }
  }
}

function registerTools(server: McpServer, deps: McpDeps): void {
  const { engine } = deps
  server.registerTool('search_factors', {
    title: 'Search emission factors',
    description: 'Full-text search over the factor corpus with filters (domain, country, source, unit). Returns factors with value, unit and source cell.',
    inputSchema: SearchRequestSchema,
  }, (args) => call(() => engine.search(args), summarizeSearch))

  server.registerTool('lookup_factor', {
    title: 'Look up one factor by key',
    description: 'The factor with its value, unit and full source (dataset edition, cell reference, licence, data version). Unknown keys return close candidates.',
    inputSchema: LookupToolInputSchema,
  }, ({ key, as_of }) => call(() => engine.lookup(key, as_of === undefined ? {} : { as_of }), summarizeLookup))

  server.registerTool('resolve_activity', {
    title: 'Resolve a description to factor keys',
    description: 'Free text such as "diesel for delivery vans, litres" or "electricity in Texas" to ranked factor keys with confidence and geo_match.',
    inputSchema: ResolveRequestSchema,
  }, (args) => call(() => deps.offload?.('resolve', args) ?? engine.resolve(args), summarizeResolve))

  server.registerTool('calculate_pcaf', {
    title: 'PCAF financed emissions',
    description: 'Attribution factor and financed emissions per holding, portfolio totals by scope, weighted data quality, audit trail and a sha256 receipt.',
    inputSchema: PcafRequestSchema,
  }, (args) => call(() => deps.offload?.('pcaf', args) ?? engine.pcaf(args, deps.calcContext()), (r) => summarizeCalculation(r, 'pcaf')))

  server.registerTool('calculate_embodied', {
    title: 'EN 15978 embodied carbon',
    description: 'Embodied carbon of material lines per life-cycle module (A1-A3 ... C4, D reported apart), with published module values first and cited defaults.',
    inputSchema: EmbodiedRequestSchema,
  }, (args) => call(() => deps.offload?.('embodied', args) ?? engine.embodied(args, deps.calcContext()), (r) => summarizeCalculation(r, 'embodied')))

  server.registerTool('calculate_emissions', {
    title: 'Emissions of activities (quantity x factor)',
    description: 'Activities such as 1,200 litres of diesel, 35 MWh of electricity in Texas or 12,400 USD of furniture: each a quantity {value, unit} with a factor_key or a description (resolved with the unit as hint). Units are converted exactly (no density or exchange rate invented); each line gives factor, source cell, emissions, scope, and for descriptions confidence and decision (accept/review). Totals by scope, audit and receipt.',
    inputSchema: EmissionsRequestSchema,
  }, (args) => call(() => deps.offload?.('emissions', args) ?? engine.emissions(args, deps.calcContext()), summarizeEmissions))

  server.registerTool('verify_receipt', {
    title: 'Verify a calculation receipt',
    description: 'Recompute the sha256 receipt of a saved PCAF or embodied response and say whether it is intact.',
    inputSchema: VerifyToolInputSchema,
  }, ({ response }) => call(() => deps.verifyReceipt({ response }), summarizeVerification))
}

function registerResources(server: McpServer, deps: McpDeps): void {
  server.registerResource('factor', new ResourceTemplate('factor://{key}', { list: undefined }), {
    title: 'Emission factor',
    description: 'One factor by key, as GET /v1/factors/{key} returns it.',
    mimeType: 'application/json',
  }, (uri, { key }) => {
    const k = Array.isArray(key) ? key[0] ?? '' : key ?? ''
    let body: unknown
    try {
      const parsed = FactorKeySchema.safeParse(decodeURIComponent(k))
      body = parsed.success
        ? deps.engine.lookup(parsed.data)
        : renderError(invalidRequest('The factor key is not valid.', issuesFrom(parsed.error.issues).map((i) => ({ ...i, path: 'key' })))).body
    } catch (err) {
      body = renderError(err).body
    }
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(body) }] }
  })

  server.registerResource('releases', 'releases://list', {
    title: 'Data releases',
    description: 'Every data version this server can answer for, with its editions (use one as as_of).',
    mimeType: 'application/json',
  }, (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ releases: deps.releases() }) }] }))
}

function registerPrompts(server: McpServer): void {
  server.registerPrompt('description_to_calculation', {
    title: 'From a description to a cited calculation',
    description: 'Guides an agent from an activity description to a calculation whose every number is cited.',
    argsSchema: { description: z.string().max(500).describe('What was bought, burnt, built or financed, in plain words') },
  }, ({ description }) => ({
    messages: [{
      role: 'user',
      content: {
        type: 'text',
        text: [
          `Task: quantify the emissions of: "${description}".`,
          '1. Call resolve_activity with the description (add country or unit hints if the text implies them).',
          '2. Read geo_match and confidence: if geo_match is "mismatch" or "unspecified", or confidence is low, say so and ask or pick deliberately.',
          '3. Call lookup_factor on the chosen key and quote value, unit, source id and cell_ref.',
          '4. For quantities of activities (fuel, electricity, travel, spend) call calculate_emissions; for materials call calculate_embodied; for loans or investments call calculate_pcaf.',
          '5. Report the result with its data version and receipt id, and cite every factor as "<source id> <cell_ref>".',
          '6. Keep the whole response: verify_receipt can re-check it later.',
        ].join('\n'),
      },
    }],
  }))
}

export function buildMcpServer(deps: McpDeps): McpServer {
  const server = new McpServer({ name: 'openfactors', version: ENGINE_VERSION })
  registerTools(server, deps)
  registerResources(server, deps)
  registerPrompts(server)
  return server
}
