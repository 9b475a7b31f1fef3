/**
 * The embedded store: SQLite through better-sqlite3 in WAL mode. Every write is one
 * `BEGIN IMMEDIATE` transaction, so even several processes on one file never over-count.
 */
import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Plan } from '../config.ts'
import { batchCounter, type BatchCounter } from './batch-counter.ts'
import { toAccount, toFoundKey, type AccountRow, type ActiveKeyRow } from './rows.ts'
import type {
  AttemptOutcome, ConsumeResult, CountFor, FoundKeyRecord, KeyedConsume, KeyRecord, NewKey, Store, WebhookDelivery,
  WebhookSubscription,
} from './types.ts'

const SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, plan TEXT NOT NULL,
  monthly_quota INTEGER, burst_per_minute INTEGER, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), hash TEXT NOT NULL UNIQUE,
  prefix TEXT NOT NULL, created_at TEXT NOT NULL, revoked_at TEXT);
CREATE TABLE IF NOT EXISTS usage_counters (
  subject TEXT NOT NULL, window TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (subject, window));
CREATE TABLE IF NOT EXISTS webhooks (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), url TEXT NOT NULL,
  secret TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id TEXT PRIMARY KEY, subscription_id TEXT NOT NULL REFERENCES webhooks(id), event_id TEXT NOT NULL,
  event TEXT NOT NULL, payload TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL,
  next_attempt_at TEXT NOT NULL, last_status INTEGER, last_error TEXT, created_at TEXT NOT NULL,
  delivered_at TEXT, UNIQUE (subscription_id, event_id));
CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
`


const OPEN_WAIT_MS = 5_000

/**
 * Switch to WAL. SQLite answers SQLITE_BUSY at once, without its busy handler, while another
 * connection holds the file in a transaction (another process opening the same new file): retry.
 */
function walMode(db: Database.Database, waitMs: number): void {
  const until = Date.now() + waitMs
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (;;) {
    try {
      db.pragma('journal_mode = WAL')
      return
    } catch (error) {
      if (!(error instanceof Database.SqliteError && error.code === 'SQLITE_BUSY') || Date.now() >= until) throw error
      Atomics.wait(pause, 0, 0, 10)
    }
  }
}

/**
 * `busyTimeoutMs`: how long a call waits for a file another process holds locked. better-sqlite3
 * waits synchronously, so it is kept short; past it the call is `store_unavailable` (guard.ts).
 */
export function openSqliteStore(path: string, busyTimeoutMs = 1_000): Store {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  // Opening may wait longer than a call: other processes may be opening the same new file.
  const openWaitMs = Math.max(OPEN_WAIT_MS, busyTimeoutMs)
  db.pragma(`busy_timeout = ${openWaitMs}`)
  walMode(db, openWaitMs)
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  // One write transaction: several processes opening one new file at once must not both add the
  // column (the second would fail with "duplicate column name").
  db.transaction(() => {
    db.exec(SCHEMA)
    // Added later: the mailbox an email belongs to (plus tags and dots removed), unique per account.
    if (!db.prepare<[], { name: string }>('PRAGMA table_info(accounts)').all().some((c) => c.name === 'email_key')) {
      db.exec('ALTER TABLE accounts ADD COLUMN email_key TEXT')
    }
    db.exec('CREATE UNIQUE INDEX IF NOT EXISTS accounts_email_key ON accounts (email_key)')
  }).immediate()
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`)

  const q = {
    insertAccount: db.prepare('INSERT INTO accounts (id, email, email_key, plan, created_at) VALUES (?, ?, ?, ?, ?)'),
    accountByEmailKey: db.prepare<[string], { id: string }>('SELECT id FROM accounts WHERE email_key = ?'),
    insertKey: db.prepare('INSERT INTO api_keys (id, account_id, hash, prefix, created_at) VALUES (?, ?, ?, ?, ?)'),
    accountByEmail: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE email = ?'),
    accountById: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE id = ?'),
    activeKey: db.prepare<[string], ActiveKeyRow>(
      `SELECT a.*, k.id AS key_id, k.prefix, k.created_at AS key_created_at, k.hash AS key_hash
       FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.hash = ? AND k.revoked_at IS NULL`),
    revokeKey: db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL RETURNING account_id'),
    // Absolute: written only inside the batch transaction that read the counter (batch-counter.ts).
    setCount: db.prepare<[string, string, number]>(
      `INSERT INTO usage_counters (subject, window, count) VALUES (?, ?, ?)
       ON CONFLICT (subject, window) DO UPDATE SET count = excluded.count`),
    countOf: db.prepare<[string, string], number>('SELECT count FROM usage_counters WHERE subject = ? AND window = ?').pluck(),
    prune: db.prepare('DELETE FROM usage_counters WHERE window >= ? AND window < ?'),
    insertWebhook: db.prepare('INSERT INTO webhooks (id, account_id, url, secret, created_at) VALUES (?, ?, ?, ?, ?)'),
    allWebhooks: db.prepare<[], WebhookSubscription>('SELECT * FROM webhooks ORDER BY created_at, id'),
    accountWebhooks: db.prepare<[string], WebhookSubscription>('SELECT * FROM webhooks WHERE account_id = ? ORDER BY created_at, id'),
    insertDelivery: db.prepare(
      `INSERT INTO webhook_deliveries (id, subscription_id, event_id, event, payload, status, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?) ON CONFLICT (subscription_id, event_id) DO NOTHING`),
    due: db.prepare<[string, number], WebhookDelivery>(
      `SELECT * FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`),
    attempt: db.prepare(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, last_status = ?, last_error = ?, status = ?,
       next_attempt_at = COALESCE(?, next_attempt_at), delivered_at = ? WHERE id = ?`),
    allDeliveries: db.prepare<[], WebhookDelivery>('SELECT * FROM webhook_deliveries ORDER BY created_at, id'),
    subDeliveries: db.prepare<[string], WebhookDelivery>('SELECT * FROM webhook_deliveries WHERE subscription_id = ? ORDER BY created_at, id'),
    getMeta: db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE name = ?'),
    setMeta: db.prepare('INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value'),
  }

  const foundKey = (row: ActiveKeyRow | undefined): FoundKeyRecord | null => row ? toFoundKey(row) : null

  /**
   * Group commit: the calls that reach `consume` or `consumeForKey` in one turn of the event loop
   * are run in one `BEGIN IMMEDIATE` transaction. Inside it each counter is read once, every call
   * is decided in order against the counts the calls before it left (batch-counter.ts), and each
   * changed counter is written once; the write lock is held throughout, so nothing is over-counted,
   * even with other processes on the file. `consumeForKey` reads its key in the same transaction
   * (once per key and batch). The transaction, its statements and the WAL write are shared: the
   * throughput profile, docs/benchmarks.md.
   */
  interface Batch { counter: BatchCounter; key(hash: string): FoundKeyRecord | null }
  interface Pending { run: (batch: Batch) => unknown; resolve: (r: unknown) => void; reject: (e: unknown) => void }
  const pending: Pending[] = []
  const batchTx = db.transaction((items: Pending[]): unknown[] => {
    const counter = batchCounter((subject, window) => q.countOf.get(subject, window) ?? 0, (subject, window, count) => { q.setCount.run(subject, window, count) })
    const keys = new Map<string, FoundKeyRecord | null>()
    const batch: Batch = {
      counter,
      key(hash) {
        let found = keys.get(hash)
        if (found === undefined) {
          found = foundKey(q.activeKey.get(hash))
          keys.set(hash, found)
        }
        return found
      },
    }
    const results = items.map((p) => p.run(batch))
    counter.flush()
    return results
  })
  // At most this many calls per transaction, so another process sharing the file gets its turn.
  const MAX_BATCH = 16
  function flushPending(): void {
    const batch = pending.splice(0, MAX_BATCH)
    if (pending.length > 0) setImmediate(flushPending)
    if (batch.length === 0) return
    try {
      const results = batchTx.immediate(batch)
      batch.forEach((p, i) => p.resolve(results[i]))
    } catch (err) {
      for (const p of batch) p.reject(err)
    }
  }
  function inBatch<T>(run: (batch: Batch) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      pending.push({ run, resolve: resolve as (r: unknown) => void, reject })
      if (pending.length === 1) setImmediate(flushPending)
    })
  }

  const createTx = db.transaction((input: { account_id: string; email: string; email_key?: string; plan: Plan; key: NewKey; now: Date }) => {
    const emailKey = input.email_key ?? input.email
    if (q.accountByEmail.get(input.email) || q.accountByEmailKey.get(emailKey)) return 'email_taken' as const
    const at = input.now.toISOString()
    q.insertAccount.run(input.account_id, input.email, emailKey, input.plan, at)
    q.insertKey.run(input.key.id, input.account_id, input.key.hash, input.key.prefix, at)
    const account = toAccount(q.accountById.get(input.account_id)!)
    const key: KeyRecord = { id: input.key.id, account_id: input.account_id, prefix: input.key.prefix, created_at: at }
    return { account, key }
  })

  const rotateTx = db.transaction((input: { old_key_id: string; key: NewKey; now: Date }): KeyRecord | null => {
    const at = input.now.toISOString()
    const revoked = q.revokeKey.get(at, input.old_key_id) as { account_id: string } | undefined
    if (!revoked) return null
    q.insertKey.run(input.key.id, revoked.account_id, input.key.hash, input.key.prefix, at)
    return { id: input.key.id, account_id: revoked.account_id, prefix: input.key.prefix, created_at: at }
  })

  const enqueueTx = db.transaction((input: Parameters<Store['enqueueDeliveries']>[0]): number => {
    let added = 0
    input.subscriptions.forEach((s, i) => {
      const at = input.now.toISOString()
      added += q.insertDelivery.run(input.ids[i] ?? `${input.event_id}_${s.id}`, s.id, input.event_id, input.event, input.payload, at, at).changes
    })
    return added
  })

  return {
    kind: 'sqlite',
    async migrate() { db.exec(SCHEMA) },
    async createAccount(input) { return createTx.immediate(input) },
    async findActiveKey(hash) { return foundKey(q.activeKey.get(hash)) },
    async rotateKey(input) { return rotateTx.immediate(input) },
    async findAccountByEmail(email) {
      const row = q.accountByEmail.get(email)
      return row ? toAccount(row) : null
    },
    async setPlan({ email, plan, monthly_quota, burst_per_minute }) {
      const row = db.prepare<[string, number | null, number | null, string], AccountRow>(
        `UPDATE accounts SET plan = ?, monthly_quota = ?, burst_per_minute = ? WHERE email = ? RETURNING *`,
      ).get(plan, monthly_quota ?? null, burst_per_minute ?? null, email)
      return row ? toAccount(row) : null
    },
    consume(subject, windows, amount = 1): Promise<ConsumeResult> {
      return inBatch((batch) => batch.counter.consume(subject, windows, amount))
    },
    consumeForKey(hash, countFor: CountFor): Promise<KeyedConsume | null> {
      return inBatch((batch) => {
        const found = batch.key(hash)
        if (!found) return null
        const { subject, windows, amount } = countFor(found.account)
        return { found, result: batch.counter.consume(subject, windows, amount) }
      })
    },
    returnUnused(subject, windows, amount): Promise<void> {
      return inBatch((batch) => batch.counter.giveBack(subject, windows, amount))
    },
    async peek(subject, windows) { return windows.map((w) => q.countOf.get(subject, w) ?? 0) },
    async pruneWindows(prefix, before) { return q.prune.run(prefix, before).changes },
    async addWebhook(s) { q.insertWebhook.run(s.id, s.account_id, s.url, s.secret, s.created_at) },
    async listWebhooks(account_id) { return account_id ? q.accountWebhooks.all(account_id) : q.allWebhooks.all() },
    async enqueueDeliveries(input) { return enqueueTx.immediate(input) },
    async dueDeliveries(now, limit) { return q.due.all(now.toISOString(), limit) },
    async recordAttempt(o: AttemptOutcome) {
      const status = o.delivered ? 'delivered' : o.next_attempt_at ? 'pending' : 'failed'
      q.attempt.run(o.http_status, o.error, status, o.next_attempt_at?.toISOString() ?? null, o.delivered ? o.at.toISOString() : null, o.delivery_id)
    },
    async listDeliveries(subscription_id) { return subscription_id ? q.subDeliveries.all(subscription_id) : q.allDeliveries.all() },
    async getMeta(name) { return q.getMeta.get(name)?.value ?? null },
    async setMeta(name, value) { q.setMeta.run(name, value) },
    async ping() { db.prepare('SELECT 1').get() },
    async close() { db.close() },
  }
}
