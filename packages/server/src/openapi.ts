/**
 * The OpenAPI 3.1 document, generated from the zod schemas (engine request/response schemas and the
 * server's own) with zod 4's `z.toJSONSchema`. Nothing about shapes is written by hand here: the
 * operations table only names each route's schemas, auth and the error codes it can return.
 */
import { z } from 'zod'
import { AccountResponseSchema } from './routes/account.ts'
import { LookupQuerySchema, SearchQuerySchema } from './routes/factors.ts'
import { IssuedKeySchema, KeyRequestSchema } from './routes/keys.ts'
import { WebhookRequestSchema } from './routes/webhooks.ts'
import { ERROR_DESCRIPTIONS, ERROR_STATUS, type ApiErrorCode } from './errors.ts'

/** The engine's schemas the document describes (passed in so the document follows the engine). */
export interface EngineSchemas {
  searchResponse?: z.ZodType
  lookupResponse?: z.ZodType
  resolveRequest?: z.ZodType
  resolveResponse?: z.ZodType
  pcafRequest?: z.ZodType
  pcafResponse?: z.ZodType
  embodiedRequest?: z.ZodType
  embodiedResponse?: z.ZodType
  emissionsRequest?: z.ZodType
  emissionsResponse?: z.ZodType
  receiptVerifyRequest?: z.ZodType
  receiptVerification?: z.ZodType
  releaseManifest?: z.ZodType
}

export interface Operation {
  method: 'get' | 'post'
  path: string
  id: string
  summary: string
  description: string
  auth: 'open' | 'key'
  metered: boolean
  query?: z.ZodObject
  request?: z.ZodType
  response?: z.ZodType
  responseType?: 'application/json' | 'application/gzip' | 'text/html'
  success?: 200 | 201
  errors: ApiErrorCode[]
  /** A request body that runs (shown in the document and on /docs; tested). */
  example?: unknown
  /** For a GET: a path with query that runs (`x-example-request`; shown on /docs; tested). */
  examplePath?: string
}

const ErrorEnvelopeSchema = z.object({
  error: z.looseObject({
    code: z.enum(Object.keys(ERROR_STATUS) as [ApiErrorCode, ...ApiErrorCode[]]),
    message: z.string(),
    docs: z.string().describe('Link to the error reference: /docs/errors#<code>'),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    candidates: z.array(z.object({ key: z.string(), name: z.string(), score: z.number() })).optional(),
  }),
})

export const ApiIndexSchema = z.object({
  name: z.literal('openfactors'),
  api_version: z.string(),
  engine_version: z.string(),
  data_version: z.string().nullable().describe('The latest data version served'),
  links: z.object({ docs: z.string(), openapi: z.string(), errors: z.string(), releases: z.string(), health: z.string() }),
})

const HealthSchema = z.object({ status: z.literal('ok'), engine_version: z.string().optional(), data_version: z.string().nullable().optional(), store: z.string(), store_ok: z.boolean(), calculations: z.enum(['workers', 'in-process']).optional() })
const WebhookCreatedSchema = z.object({
  webhook: z.object({ id: z.string(), url: z.string(), events: z.array(z.string()), created_at: z.string() }),
  secret: z.string().describe('Signing secret; shown once.'),
})

/** Runs on the real corpus and on the test release alike (descriptions, no corpus-specific key). */
export const EMISSIONS_EXAMPLE = {
  activities: [
    { id: 'vans', description: 'diesel', country: 'GB', quantity: { value: 1200, unit: 'litres' } },
    { id: 'depot', description: 'diesel', country: 'GB', quantity: { value: 2, unit: 'm3' } },
    { id: 'office', description: 'grid electricity', country: 'GB', quantity: { value: 35, unit: 'MWh' } },
  ],
}

/** Request examples of the other operations (each runs on the real corpus; tested). */
const EX = {
  resolve: { description: 'diesel for the vans, litres', limit: 3 },
  pcaf: { asset_class: 'listed_equity_and_corporate_bonds', holdings: [{ outstanding_amount: 10, denominator: { type: 'evic', value: 100 }, company_emissions: { value: 50 }, data_quality_score: 2 }] },
  embodied: { materials: [{ material_key: 'materials.concrete.ready_mix.c30_37_generic', quantity: { value: 10, unit: 'm3' }, boundary: 'A1-A3' }] },
  key: { email: 'you@example.org' },
  webhook: { url: 'https://hooks.example.org/openfactors' },
}

const KEYED: ApiErrorCode[] = ['unauthorized', 'rate_limited', 'quota_exceeded']
const BODY: ApiErrorCode[] = ['invalid_request', 'payload_too_large', 'unsupported_media_type']

export function operations(s: EngineSchemas): Operation[] {
  return [
    { method: 'get', path: '/v1/factors', id: 'searchFactors', summary: 'Search the corpus', description: 'Full-text search with filters. Open: no key, limited per client address.', auth: 'open', metered: false, query: SearchQuerySchema, response: s.searchResponse, errors: ['invalid_request', 'as_of_out_of_range', 'rate_limited'], examplePath: '/v1/factors?search=diesel&country=gb&limit=2' },
    { method: 'get', path: '/v1/factors/{key}', id: 'lookupFactor', summary: 'Look up one factor', description: 'The factor with its value, unit and full source reference. Unknown keys give 404 with candidate keys.', auth: 'key', metered: true, query: LookupQuerySchema, response: s.lookupResponse, errors: ['invalid_request', 'factor_not_found', 'as_of_out_of_range', ...KEYED], examplePath: '/v1/factors/fuels.gb.liquid_fuels_diesel_average_biofuel_blend.litres' },
    { method: 'post', path: '/v1/calculate/resolve', id: 'resolve', summary: 'Resolve a description to factor keys', description: 'Ranked matches for a free-text description.', auth: 'key', metered: true, request: s.resolveRequest, response: s.resolveResponse, errors: [...BODY, 'as_of_out_of_range', ...KEYED], example: EX.resolve },
    { method: 'post', path: '/v1/calculate/pcaf', id: 'calculatePcaf', summary: 'PCAF financed emissions', description: 'Attribution factor and financed emissions per holding, total, weighted data quality score, audit trail and receipt.', auth: 'key', metered: true, request: s.pcafRequest, response: s.pcafResponse, errors: [...BODY, 'invalid_denominator', 'unknown_factor', 'currency_mismatch', 'as_of_out_of_range', ...KEYED], example: EX.pcaf },
    { method: 'post', path: '/v1/calculate/embodied', id: 'calculateEmbodied', summary: 'EN 15978 embodied carbon', description: 'Embodied carbon by life-cycle module for material quantities.', auth: 'key', metered: true, request: s.embodiedRequest, response: s.embodiedResponse, errors: [...BODY, 'unknown_factor', 'unit_not_convertible', 'as_of_out_of_range', ...KEYED], example: EX.embodied },
    { method: 'post', path: '/v1/calculate/emissions', id: 'calculateEmissions', summary: 'Emissions of an activity ledger', description: 'Up to 20,000 activities in one call, each a quantity with a factor key or a description (resolved with the quantity\'s unit as hint): the quantity converted to the factor\'s unit with cited exact definitions, times the factor, per line and totalled by scope. A line that cannot be calculated carries its own `error` and stays out of the totals; 422 when no line can. Body limit 16 MiB by default (`OPENFACTORS_EMISSIONS_BODY_LIMIT`). Counted once per call. See docs/emissions.md.', auth: 'key', metered: true, request: s.emissionsRequest, response: s.emissionsResponse, errors: [...BODY, 'unknown_factor', 'unit_not_convertible', 'not_resolved', 'as_of_out_of_range', ...KEYED], example: EMISSIONS_EXAMPLE },
    { method: 'post', path: '/v1/receipts/verify', id: 'verifyReceipt', summary: 'Verify a saved calculation response', description: 'Recomputes the receipt hash of a saved PCAF or embodied response. Open: verifying needs no data.', auth: 'open', metered: false, request: s.receiptVerifyRequest, response: s.receiptVerification, errors: [...BODY, 'rate_limited'] },
    { method: 'post', path: '/v1/keys', id: 'issueKey', summary: 'Get a free API key', description: 'One field, no card. The key is shown once.', auth: 'open', metered: false, request: KeyRequestSchema, response: IssuedKeySchema, success: 201, errors: [...BODY, 'key_exists', 'rate_limited'], example: EX.key },
    { method: 'post', path: '/v1/keys/rotate', id: 'rotateKey', summary: 'Rotate the calling key', description: 'Returns a new key; the old one gives 401 at once. Usage stays with the account.', auth: 'key', metered: false, response: IssuedKeySchema, success: 201, errors: ['unauthorized'] },
    { method: 'get', path: '/v1/account', id: 'getAccount', summary: 'Plan, usage and limits', description: 'Each limit with what remains and when it resets, and the nearest limit.', auth: 'key', metered: false, response: AccountResponseSchema, errors: ['unauthorized'], examplePath: '/v1/account' },
    { method: 'get', path: '/v1/releases', id: 'listReleases', summary: 'Release manifest', description: 'The published data versions with file names and sha256; the browser worker downloads from here.', auth: 'open', metered: false, response: s.releaseManifest, errors: ['not_found', 'rate_limited'], examplePath: '/v1/releases' },
    { method: 'get', path: '/v1/releases/{file}', id: 'downloadRelease', summary: 'Release artifact', description: 'The gzipped release artifact. Immutable; ETag is its sha256.', auth: 'open', metered: false, responseType: 'application/gzip', errors: ['not_found', 'rate_limited'] },
    { method: 'post', path: '/v1/webhooks', id: 'subscribeWebhook', summary: 'Subscribe to change webhooks', description: 'Business and enterprise plans. Events `data_version.released`, signed with HMAC-SHA256.', auth: 'key', metered: false, request: WebhookRequestSchema, response: WebhookCreatedSchema, success: 201, errors: [...BODY, 'unauthorized', 'forbidden'], example: EX.webhook },
    { method: 'get', path: '/v1/webhooks', id: 'listWebhooks', summary: 'Webhook subscriptions and delivery log', description: 'Business and enterprise plans.', auth: 'key', metered: false, errors: ['unauthorized', 'forbidden'], examplePath: '/v1/webhooks' },
    { method: 'get', path: '/v1/bulk/latest', id: 'bulkFeed', summary: 'Bulk feed of redistributable factors', description: 'Gzipped NDJSON of the latest data version, only sources whose licence allows republishing. Business and enterprise plans.', auth: 'key', metered: true, responseType: 'application/gzip', errors: ['forbidden', 'not_found', ...KEYED], examplePath: '/v1/bulk/latest' },
    { method: 'get', path: '/v1', id: 'index', summary: 'API index', description: 'Links to the documentation, the OpenAPI document and the error reference, and the data version served.', auth: 'open', metered: false, response: ApiIndexSchema, errors: [], examplePath: '/v1' },
    { method: 'get', path: '/health', id: 'health', summary: 'Health', description: 'Liveness, the loaded data version and the store (503 `store_unavailable` while the store does not answer).', auth: 'open', metered: false, response: HealthSchema, errors: [], examplePath: '/health' },
  ]
}

type Json = Record<string, unknown>

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json
  delete out['$schema']
  return out
}

function queryParameters(query: z.ZodObject | undefined): Json[] {
  if (!query) return []
  const schema = jsonSchema(query, 'input')
  const props = (schema['properties'] ?? {}) as Record<string, Json>
  const required = new Set((schema['required'] ?? []) as string[])
  return Object.entries(props).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s }))
}

function pathParameters(path: string): Json[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }))
}

function operationObject(op: Operation): Json {
  const responses: Json = {}
  const ok = op.success ?? 200
  responses[String(ok)] = {
    description: 'Success',
    content: { [op.responseType ?? 'application/json']: { schema: op.response ? jsonSchema(op.response, 'output') : (op.responseType === 'application/gzip' ? { type: 'string', contentMediaType: 'application/gzip' } : {}) } },
    ...(op.auth === 'key' ? { headers: { 'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' }, 'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' }, 'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' } } } : {}),
  }
  const byStatus = new Map<number, ApiErrorCode[]>()
  for (const code of [...op.errors, 'store_unavailable' as const, 'internal' as const]) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code])
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    responses[String(status)] = {
      description: codes.map((c) => `\`${c}\``).join(', '),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      ...(status === 429 ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' } } } : {}),
    }
  }
  return {
    operationId: op.id,
    summary: op.summary,
    description: `${op.description}${op.metered ? ' Counts against the key\'s burst and monthly limits.' : ''}`,
    ...(op.auth === 'key' ? { security: [{ bearerAuth: [] }] } : { security: [] }),
    parameters: [...pathParameters(op.path), ...queryParameters(op.query)],
    ...(op.examplePath !== undefined ? { 'x-example-request': { method: op.method.toUpperCase(), path: op.examplePath } } : {}),
    ...(op.request ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.request, 'input'), ...(op.example !== undefined ? { example: op.example } : {}) } } } } : {}),
    responses,
  }
}

export function buildOpenApi(schemas: EngineSchemas, info: { version: string }): Json {
  const paths: Record<string, Json> = {}
  for (const op of operations(schemas)) {
    paths[op.path] = { ...(paths[op.path] ?? {}), [op.method]: operationObject(op) }
  }
  const intHeader = (description: string) => ({ schema: { type: 'integer' }, description })
  return {
    openapi: '3.1.0',
    info: {
      title: 'openfactors API',
      version: info.version,
      description: 'Emission factors traceable to the published cell, resolve, PCAF financed emissions and EN 15978 embodied carbon.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key from POST /v1/keys' } },
      schemas: { ErrorEnvelope: jsonSchema(ErrorEnvelopeSchema, 'output') },
      headers: {
        'RateLimit-Limit': intHeader('Calls allowed in the nearest limit\'s window'),
        'RateLimit-Remaining': intHeader('Calls left in that window'),
        'RateLimit-Reset': intHeader('Seconds until that window resets'),
      },
    },
    'x-error-codes': Object.fromEntries(Object.entries(ERROR_STATUS).map(([code, status]) => [code, { status, description: ERROR_DESCRIPTIONS[code as ApiErrorCode] }])),
  }
}
