/**
 * The store behind keys, plans, usage counters and webhooks. One interface, two implementations
 * (SQLite for a single process, PostgreSQL for several instances sharing keys and quotas); both
 * pass `test/support/store-suite.ts`.
 *
 * Usage accounting is atomic: `consume` increments every window of a subject in one transaction,
 * each increment guarded by its limit, so concurrent callers (threads, processes, instances)
 * never push a counter past its limit, and a counted call is durable once `consume` returns.
 */
import type { Plan } from '../config.ts'

export interface Account {
  id: string
  email: string
  plan: Plan
  /** Per-account overrides (enterprise); null means the plan's limit. */
  monthly_quota: number | null
  burst_per_minute: number | null
  created_at: string
}

export interface KeyRecord {
  id: string
  account_id: string
  /** First characters of the key, for display; never enough to use it. */
  prefix: string
  created_at: string
}

export interface NewKey {
  id: string
  /** sha256 hex of the full key. The key itself is never stored. */
  hash: string
  prefix: string
}

/** One counter to increment: a named window (e.g. `m:2026-11-22T00:41`) with its limit. */
export interface WindowLimit {
  window: string
  limit: number
}

export type ConsumeResult =
  | { ok: true; counts: number[] }
  /** `blocked` is the index of the first window at its limit; nothing was incremented. */
  | { ok: false; blocked: number; counts: number[] }

export interface WebhookSubscription {
  id: string
  account_id: string
  url: string
  secret: string
  created_at: string
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed'

export interface WebhookDelivery {
  id: string
  subscription_id: string
  event_id: string
  event: string
  payload: string
  status: DeliveryStatus
  attempts: number
  next_attempt_at: string
  last_status: number | null
  last_error: string | null
  created_at: string
  delivered_at: string | null
}

export interface AttemptOutcome {
  delivery_id: string
  at: Date
  http_status: number | null
  error: string | null
  /** Set when the attempt failed and another is due; null when it is final. */
  next_attempt_at: Date | null
  delivered: boolean
}

/** An active key as the store found it, with its account and stored hash. */
export interface FoundKeyRecord { key: KeyRecord; account: Account; hash: string }

/** What to count for the account of a key, decided once the key is found. */
export type CountFor = (account: Account) => { subject: string; windows: WindowLimit[]; amount: number }

export interface KeyedConsume { found: FoundKeyRecord; result: ConsumeResult }

export interface Store {
  readonly kind: 'sqlite' | 'postgres'
  /** Create tables if missing. Safe to run on every start and from several instances. */
  migrate(): Promise<void>
  /** Create the account for `email` with its first key; `email_taken` when it exists. */
  /** `email_key` (default: the email) names the mailbox; a second account for it is `email_taken` too. */
  createAccount(input: { account_id: string; email: string; email_key?: string; plan: Plan; key: NewKey; now: Date }): Promise<{ account: Account; key: KeyRecord } | 'email_taken'>
  /** The active (not revoked) key with this hash, its account, and the stored hash (for a constant-time check). */
  findActiveKey(hash: string): Promise<FoundKeyRecord | null>
  /** Revoke `old_key_id` and add the new key in one transaction; null if the old key was already revoked. */
  rotateKey(input: { old_key_id: string; key: NewKey; now: Date }): Promise<KeyRecord | null>
  findAccountByEmail(email: string): Promise<Account | null>
  setPlan(input: { email: string; plan: Plan; monthly_quota?: number | null; burst_per_minute?: number | null }): Promise<Account | null>
  /**
   * Atomically count `amount` calls (default 1; an MCP batch counts each call in it) against every
   * window of `subject`, or none if any window would pass its limit.
   */
  consume(subject: string, windows: WindowLimit[], amount?: number): Promise<ConsumeResult>
  /**
   * Optional: authenticate and count in one store call. Finds the active key with this hash and, if
   * there is one, counts what `countFor(account)` asks in the same transaction (a key revoked by any
   * instance is refused, never counted). Null when no active key has the hash. Both stores have it
   * (PostgreSQL: one statement per call, postgres-keyed.ts); a store without it is used through
   * `findActiveKey` then `consume` (`consumeForKey` in keyed-consume.ts).
   */
  consumeForKey?(hash: string, countFor: CountFor): Promise<KeyedConsume | null>
  /**
   * Take back `amount` counted calls from each window of `subject` (never below 0): the units a quota
   * lease reserved and did not use (quota-lease.ts). Each window in the given order, as `consume`.
   */
  returnUnused?(subject: string, windows: string[], amount: number): Promise<void>
  /** Current counts of the windows (0 where absent), without counting. */
  peek(subject: string, windows: string[]): Promise<number[]>
  /** Drop counters of windows that sort before `before` (minute windows are `m:<iso minute>`). */
  pruneWindows(prefix: string, before: string): Promise<number>
  addWebhook(sub: WebhookSubscription): Promise<void>
  listWebhooks(account_id?: string): Promise<WebhookSubscription[]>
  /** Queue one delivery per subscription for an event; idempotent per (subscription, event_id). */
  enqueueDeliveries(input: { event_id: string; event: string; payload: string; subscriptions: WebhookSubscription[]; now: Date; ids: string[] }): Promise<number>
  /** Pending deliveries due at `now`, oldest first. */
  dueDeliveries(now: Date, limit: number): Promise<WebhookDelivery[]>
  recordAttempt(outcome: AttemptOutcome): Promise<void>
  listDeliveries(subscription_id?: string): Promise<WebhookDelivery[]>
  getMeta(name: string): Promise<string | null>
  setMeta(name: string, value: string): Promise<void>
  /** One trivial round trip: resolves when the store answers (used by /health). */
  ping(): Promise<void>
  close(): Promise<void>
}
