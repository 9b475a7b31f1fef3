/** `GET /v1/account`: plan, usage, every limit with what remains and when it resets, and the nearest one. */
import { z } from 'zod'
import { ApiError } from '../errors.ts'
import { usageOf } from '../middleware/quota.ts'
import { nearestLimit } from '../quota.ts'
import type { App, RouteDeps } from './deps.ts'

const LimitSchema = z.object({
  name: z.enum(['burst', 'monthly']),
  window: z.enum(['minute', 'month']),
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  resets_at: z.string(),
  reset_seconds: z.number().int(),
})

export const AccountResponseSchema = z.object({
  account: z.object({ email: z.string(), plan: z.string(), created_at: z.string() }),
  key: z.object({ id: z.string(), prefix: z.string(), created_at: z.string() }),
  usage: z.object({ minute: z.number().int(), month: z.number().int() }),
  limits: z.array(LimitSchema),
  nearest_limit: LimitSchema,
  features: z.object({ attribution_required: z.boolean(), webhooks: z.boolean(), bulk_feed: z.boolean(), redistribution: z.boolean() }),
})

export function hasBusinessFeatures(plan: string): boolean {
  return plan === 'business' || plan === 'enterprise'
}

export function accountRoutes(app: App, deps: RouteDeps): void {
  app.get('/v1/account', deps.guards.key, async (c) => {
    const account = c.get('account')
    const key = c.get('apiKey')
    if (!account || !key) throw new ApiError('unauthorized', 'The API key is invalid or was rotated.')
    const limits = await usageOf(account, deps)
    const [burst, monthly] = limits
    const business = hasBusinessFeatures(account.plan)
    return c.json({
      account: { email: account.email, plan: account.plan, created_at: account.created_at },
      key: { id: key.id, prefix: key.prefix, created_at: key.created_at },
      usage: { minute: burst?.used ?? 0, month: monthly?.used ?? 0 },
      limits,
      nearest_limit: nearestLimit(limits),
      features: { attribution_required: account.plan !== 'enterprise', webhooks: business, bulk_feed: business, redistribution: business },
    })
  })
}
