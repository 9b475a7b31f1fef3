/**
 * `POST /v1/webhooks` subscribes a URL to change events (business and enterprise plans);
 * `GET /v1/webhooks` lists the account's subscriptions with their delivery log.
 */
import { z } from 'zod'
import { ApiError, invalidRequest, issuesFrom } from '../errors.ts'
import { randomHex } from '../keys.ts'
import type { Account } from '../stores/types.ts'
import { webhookUrlRefusal } from '../webhooks/address.ts'
import { RELEASE_EVENT } from '../webhooks/events.ts'
import { hasBusinessFeatures } from './account.ts'
import type { App, RouteDeps } from './deps.ts'

export const WebhookRequestSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }).max(2000),
  secret: z.string().min(16).max(256).optional(),
})

export function webhookRoutes(app: App, deps: RouteDeps): void {
  const businessAccount = (account: Account | undefined): Account => {
    if (!account || !hasBusinessFeatures(account.plan)) {
      throw new ApiError('forbidden', 'Change webhooks are part of the business and enterprise plans.', { plan: account?.plan ?? null })
    }
    return account
  }

  app.post('/v1/webhooks', deps.guards.key, deps.guards.json, async (c) => {
    const account = businessAccount(c.get('account'))
    const parsed = WebhookRequestSchema.safeParse(c.get('body'))
    if (!parsed.success) throw invalidRequest('A webhook needs an http(s) `url` and optionally a `secret` of 16+ characters.', issuesFrom(parsed.error.issues))
    const refusal = deps.config.allowPrivateWebhooks ? null : webhookUrlRefusal(parsed.data.url)
    if (refusal) throw invalidRequest(`Webhook URLs must be public: ${refusal}.`, [{ path: 'url', message: `must be a public address (${refusal})` }])
    const secret = parsed.data.secret ?? `whsec_${randomHex(24)}`
    const sub = { id: `wh_${randomHex(8)}`, account_id: account.id, url: parsed.data.url, secret, created_at: deps.clock().toISOString() }
    await deps.store.addWebhook(sub)
    return c.json({ webhook: { id: sub.id, url: sub.url, events: [RELEASE_EVENT], created_at: sub.created_at }, secret }, 201)
  })

  app.get('/v1/webhooks', deps.guards.key, async (c) => {
    const account = businessAccount(c.get('account'))
    const subs = await deps.store.listWebhooks(account.id)
    const webhooks = await Promise.all(subs.map(async (s) => ({
      id: s.id,
      url: s.url,
      events: [RELEASE_EVENT],
      created_at: s.created_at,
      deliveries: (await deps.store.listDeliveries(s.id)).map((d) => ({
        id: d.id, event_id: d.event_id, event: d.event, status: d.status, attempts: d.attempts,
        last_status: d.last_status, last_error: d.last_error, next_attempt_at: d.next_attempt_at,
        created_at: d.created_at, delivered_at: d.delivered_at,
      })),
    })))
    return c.json({ webhooks })
  })
}
