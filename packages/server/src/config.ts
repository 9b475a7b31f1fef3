/**
 * Server configuration from environment variables, validated with zod so a bad value stops the
 * process at startup with a message naming the variable. Pure: `start.ts` passes `process.env` in.
 */
import { z } from 'zod'

export const PLANS = ['free', 'developer', 'business', 'enterprise'] as const
export type Plan = (typeof PLANS)[number]

export interface PlanLimits {
  monthly: number
  burst_per_minute: number
}

const int = (def: number) => z.coerce.number().int().positive().default(def)
const flag = (def: boolean) =>
  z.enum(['1', '0', 'true', 'false', 'yes', 'no']).default(def ? 'true' : 'false').transform((v) => v === '1' || v === 'true' || v === 'yes')

export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).optional(),
  /** PostgreSQL connection string; when set the PostgreSQL store is used instead of SQLite. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  OPENFACTORS_DB: z.string().min(1).optional(),
  OPENFACTORS_RELEASES_DIR: z.string().min(1).optional(),
  OPENFACTORS_STATIC_DIR: z.string().min(1).optional(),
  OPENFACTORS_BODY_LIMIT: int(1_048_576),
  /** Body limit of POST /v1/calculate/emissions: a ledger of 20,000 lines with descriptions. */
  OPENFACTORS_EMISSIONS_BODY_LIMIT: int(16_777_216),
  OPENFACTORS_OPEN_RATE: int(120),
  OPENFACTORS_FREE_MONTHLY: int(1_000),
  OPENFACTORS_FREE_BURST: int(60),
  OPENFACTORS_DEVELOPER_MONTHLY: int(50_000),
  OPENFACTORS_DEVELOPER_BURST: int(300),
  OPENFACTORS_BUSINESS_MONTHLY: int(500_000),
  OPENFACTORS_BUSINESS_BURST: int(1_200),
  OPENFACTORS_ENTERPRISE_MONTHLY: int(5_000_000),
  OPENFACTORS_ENTERPRISE_BURST: int(6_000),
  /** Take the client address from X-Forwarded-For (only behind a proxy you run). */
  OPENFACTORS_TRUST_PROXY: flag(false),
  OPENFACTORS_CORS_ORIGIN: z.string().min(1).default('*'),
  OPENFACTORS_LOG: z.enum(['json', 'off']).default('json'),
  OPENFACTORS_WEBHOOK_INTERVAL_MS: int(5_000),
  /** Input bounds (limits.ts): nesting depth, items per array, characters per string of a JSON body. */
  OPENFACTORS_MAX_DEPTH: int(32),
  OPENFACTORS_MAX_ITEMS: int(2_000),
  OPENFACTORS_MAX_STRING: int(10_000),
  /**
   * How long a key found in the store is remembered. 0 (default): looked up on every call, so a
   * rotation or plan change is seen at once on every instance; above 0, other instances see it within this time.
   */
  OPENFACTORS_KEY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * Quota leases (stores/quota-lease.ts): a busy key's lookups counted in blocks reserved in the store,
   * each lease living this long (default 50; 0 turns leases off: every call is a store call).
   */
  OPENFACTORS_QUOTA_LEASE_MS: z.coerce.number().int().min(0).max(1_000).default(50),
  /** Keys issued per client address per hour. */
  OPENFACTORS_KEYS_PER_HOUR: int(10),
  /** Store calls (connect and statement) give up after this long: 503 store_unavailable. */
  OPENFACTORS_STORE_TIMEOUT_MS: int(3_000),
  /** MCP event streams (GET /mcp): open at once per key, and closed after this long idle. */
  OPENFACTORS_MCP_STREAMS_PER_KEY: int(2),
  OPENFACTORS_MCP_STREAM_IDLE_MS: int(60_000),
  /** Calculation worker threads (0: calculate on the event loop) and the time one calculation may take. */
  OPENFACTORS_CALC_WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  OPENFACTORS_CALC_TIMEOUT_MS: int(30_000),
  /**
   * The factor lookup's fast path (routes/lookup-fast-path.ts): the same answers without the HTTP
   * framework's layers for plain keyed lookups. Off only to compare or to rule it out.
   */
  OPENFACTORS_FAST_LOOKUP: flag(true),
  /** The open search's and the resolve's fast paths (routes/search-fast-path.ts, resolve-fast-path.ts), likewise. */
  OPENFACTORS_FAST_SEARCH: flag(true),
  OPENFACTORS_FAST_RESOLVE: flag(true),
  /** Bytes of search answers kept for repeated searches (routes/answer-cache.ts; 0: none kept). */
  OPENFACTORS_SEARCH_CACHE_BYTES: z.coerce.number().int().min(0).max(1_073_741_824).default(16_777_216),
  /** Allow webhook URLs on loopback, private, link-local and metadata addresses (development only). */
  OPENFACTORS_ALLOW_PRIVATE_WEBHOOKS: flag(false),
  /** Compress answers for clients that ask (gzip at level 1 for JSON). Off behind a proxy that compresses. */
  OPENFACTORS_COMPRESS: flag(true),
})

export interface ServerConfig {
  port: number
  host: string | undefined
  databaseUrl: string | undefined
  sqlitePath: string | undefined
  releasesDir: string | undefined
  staticDir: string | undefined
  bodyLimitBytes: number
  /** Body limit of the ledger route (POST /v1/calculate/emissions). */
  emissionsBodyLimitBytes: number
  openRatePerMinute: number
  plans: Record<Plan, PlanLimits>
  trustProxy: boolean
  corsOrigin: string
  log: 'json' | 'off'
  webhookIntervalMs: number
  limits: InputLimits
  keysPerHour: number
  keyCacheMs: number
  storeTimeoutMs: number
  quotaLeaseMs: number
  mcpStreamsPerKey: number
  mcpStreamIdleMs: number
  allowPrivateWebhooks: boolean
  calcWorkers: number
  calcTimeoutMs: number
  fastLookup: boolean
  fastSearch: boolean
  fastResolve: boolean
  /** Bytes of search answers the search's fast path keeps for repeated searches (0: none). */
  searchCacheBytes: number
  /** Whether this process compresses answers (`false`: a proxy in front does; Accept-Encoding is then not read). */
  compress: boolean
}

/** Bounds every JSON body and MCP message is checked against before any work starts. */
export interface InputLimits {
  maxDepth: number
  maxItems: number
  maxString: number
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Parse environment variables into a ServerConfig; throws ConfigError listing every bad variable. */
export function parseEnv(env: Record<string, string | undefined>): ServerConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = EnvSchema.safeParse(cleaned)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])] ?? null)})`))
  }
  const e = parsed.data
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    sqlitePath: e.OPENFACTORS_DB,
    releasesDir: e.OPENFACTORS_RELEASES_DIR,
    staticDir: e.OPENFACTORS_STATIC_DIR,
    bodyLimitBytes: e.OPENFACTORS_BODY_LIMIT,
    emissionsBodyLimitBytes: e.OPENFACTORS_EMISSIONS_BODY_LIMIT,
    openRatePerMinute: e.OPENFACTORS_OPEN_RATE,
    plans: {
      free: { monthly: e.OPENFACTORS_FREE_MONTHLY, burst_per_minute: e.OPENFACTORS_FREE_BURST },
      developer: { monthly: e.OPENFACTORS_DEVELOPER_MONTHLY, burst_per_minute: e.OPENFACTORS_DEVELOPER_BURST },
      business: { monthly: e.OPENFACTORS_BUSINESS_MONTHLY, burst_per_minute: e.OPENFACTORS_BUSINESS_BURST },
      enterprise: { monthly: e.OPENFACTORS_ENTERPRISE_MONTHLY, burst_per_minute: e.OPENFACTORS_ENTERPRISE_BURST },
    },
    trustProxy: e.OPENFACTORS_TRUST_PROXY,
    corsOrigin: e.OPENFACTORS_CORS_ORIGIN,
    log: e.OPENFACTORS_LOG,
    webhookIntervalMs: e.OPENFACTORS_WEBHOOK_INTERVAL_MS,
    limits: { maxDepth: e.OPENFACTORS_MAX_DEPTH, maxItems: e.OPENFACTORS_MAX_ITEMS, maxString: e.OPENFACTORS_MAX_STRING },
    keysPerHour: e.OPENFACTORS_KEYS_PER_HOUR,
    keyCacheMs: e.OPENFACTORS_KEY_CACHE_MS,
    storeTimeoutMs: e.OPENFACTORS_STORE_TIMEOUT_MS,
    quotaLeaseMs: e.OPENFACTORS_QUOTA_LEASE_MS,
    mcpStreamsPerKey: e.OPENFACTORS_MCP_STREAMS_PER_KEY,
    mcpStreamIdleMs: e.OPENFACTORS_MCP_STREAM_IDLE_MS,
    allowPrivateWebhooks: e.OPENFACTORS_ALLOW_PRIVATE_WEBHOOKS,
    calcWorkers: e.OPENFACTORS_CALC_WORKERS,
    calcTimeoutMs: e.OPENFACTORS_CALC_TIMEOUT_MS,
    fastLookup: e.OPENFACTORS_FAST_LOOKUP,
    fastSearch: e.OPENFACTORS_FAST_SEARCH,
    fastResolve: e.OPENFACTORS_FAST_RESOLVE,
    searchCacheBytes: e.OPENFACTORS_SEARCH_CACHE_BYTES,
    compress: e.OPENFACTORS_COMPRESS,
  }
}

/** The defaults, for tests and embedding. */
export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return { ...parseEnv({}), ...overrides }
}
