/**
 * Change webhooks. `announceRelease` queues one `data_version.released` delivery per subscription
 * (idempotent per release, so several instances may announce the same one); `deliverDue` sends what
 * is due, signed, and reschedules failures with exponential backoff. Delivery is at least once.
 */
import { diffReleases } from '@openfactors/engine'
import type { ReleaseArtifact } from '@openfactors/engine/release'
import { randomHex } from '../keys.ts'
import type { Store, WebhookDelivery } from '../stores/types.ts'
import { RELEASE_EVENT } from './events.ts'
import { SIGNATURE_HEADER, signPayload } from './signature.ts'

export { RELEASE_EVENT }
export const ANNOUNCED_META = 'webhooks.announced_version'

export interface RetryPolicy {
  /** Delay before the 2nd attempt; doubles each time. */
  baseDelayMs: number
  maxAttempts: number
  timeoutMs: number
}

export const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 30_000, maxAttempts: 8, timeoutMs: 10_000 }

export function releasePayload(previous: ReleaseArtifact | null, latest: ReleaseArtifact, now: Date): { event_id: string; body: string } {
  const event_id = `evt_release_${latest.mb_version}`
  const keys = (rows: Array<{ key: string }>) => rows.map((r) => r.key)
  const d = previous ? diffReleases(previous, latest) : null
  const diff = d
    ? { added: keys(d.added), removed: keys(d.removed), changed: keys(d.changed) }
    : { added: latest.factors.map((f) => f.key).sort(), removed: [], changed: [] }
  const body = JSON.stringify({
    id: event_id,
    type: RELEASE_EVENT,
    created_at: now.toISOString(),
    data: {
      mb_version: latest.mb_version,
      released_at: latest.released_at,
      previous_mb_version: previous?.mb_version ?? null,
      counts: { added: diff.added.length, removed: diff.removed.length, changed: diff.changed.length },
      changed_keys: diff,
    },
  })
  return { event_id, body }
}

/** Queue the release event for every subscriber unless it was announced already. Returns deliveries queued. */
export async function announceRelease(store: Store, previous: ReleaseArtifact | null, latest: ReleaseArtifact, now: Date): Promise<number> {
  if ((await store.getMeta(ANNOUNCED_META)) === latest.mb_version) return 0
  const subscriptions = await store.listWebhooks()
  const { event_id, body } = releasePayload(previous, latest, now)
  const queued = await store.enqueueDeliveries({
    event_id, event: RELEASE_EVENT, payload: body, subscriptions, now, ids: subscriptions.map(() => `dlv_${randomHex(10)}`),
  })
  await store.setMeta(ANNOUNCED_META, latest.mb_version)
  return queued
}

export function nextAttemptAt(attemptsSoFar: number, now: Date, policy: RetryPolicy): Date | null {
  if (attemptsSoFar + 1 >= policy.maxAttempts) return null
  return new Date(now.getTime() + policy.baseDelayMs * 2 ** attemptsSoFar)
}

async function send(delivery: WebhookDelivery, url: string, secret: string, now: Date, fetcher: typeof fetch, timeoutMs: number): Promise<{ status: number | null; error: string | null }> {
  try {
    const res = await fetcher(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [SIGNATURE_HEADER]: await signPayload(secret, delivery.payload, now),
        'OpenFactors-Event': delivery.event,
        'OpenFactors-Delivery': delivery.id,
      },
      body: delivery.payload,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    })
    await res.body?.cancel().catch(() => undefined)
    return { status: res.status, error: res.ok ? null : `HTTP ${res.status}` }
  } catch (err) {
    return { status: null, error: err instanceof Error ? err.name : 'network error' }
  }
}

/** Send every due delivery once. Returns how many were attempted. */
export async function deliverDue(store: Store, opts: {
  now: () => Date
  fetcher?: typeof fetch
  policy?: RetryPolicy
  batch?: number
  /** Refuses a target (returns why) before it is called, e.g. a private address; final, not retried. */
  checkUrl?: (url: string) => Promise<string | null>
}): Promise<number> {
  const policy = opts.policy ?? DEFAULT_RETRY
  const fetcher = opts.fetcher ?? fetch
  const due = await store.dueDeliveries(opts.now(), opts.batch ?? 50)
  if (due.length === 0) return 0
  const subs = new Map((await store.listWebhooks()).map((s) => [s.id, s]))
  for (const delivery of due) {
    const sub = subs.get(delivery.subscription_id)
    const at = opts.now()
    if (!sub) {
      await store.recordAttempt({ delivery_id: delivery.id, at, http_status: null, error: 'subscription removed', next_attempt_at: null, delivered: false })
      continue
    }
    const refused = opts.checkUrl ? await opts.checkUrl(sub.url) : null
    if (refused) {
      await store.recordAttempt({ delivery_id: delivery.id, at, http_status: null, error: `refused: ${refused}`.slice(0, 200), next_attempt_at: null, delivered: false })
      continue
    }
    const outcome = await send(delivery, sub.url, sub.secret, at, fetcher, policy.timeoutMs)
    const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300
    await store.recordAttempt({
      delivery_id: delivery.id,
      at,
      http_status: outcome.status,
      error: outcome.error,
      next_attempt_at: delivered ? null : nextAttemptAt(delivery.attempts, at, policy),
      delivered,
    })
  }
  return due.length
}
