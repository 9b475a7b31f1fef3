/**
 * The shared store: PostgreSQL through `pg`, selected by DATABASE_URL so several server instances
 * share keys, plans and quotas. Usage accounting is one transaction of guarded upserts; the row
 * lock taken by `ON CONFLICT DO UPDATE` serialises concurrent callers on the same counter.
 */
import pg from 'pg'
import { CONSUME_KEY_FUNCTION, CONSUME_KEYS_FUNCTION, postgresConsumeForKey } from './postgres-keyed.ts'
import { toAccount, toFoundKey, type AccountRow, type ActiveKeyRow } from './rows.ts'
import type { AttemptOutcome, ConsumeResult, FoundKeyRecord, KeyRecord, Store, WebhookDelivery, WebhookSubscription } from './types.ts'

const SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, plan TEXT NOT NULL,
  monthly_quota INTEGER, burst_per_minute INTEGER, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), hash TEXT NOT NULL UNIQUE,
  prefix TEXT NOT NULL, created_at TEXT NOT NULL, revoked_at TEXT);
CREATE TABLE IF NOT EXISTS usage_counters (
  subject TEXT NOT NULL, "window" TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (subject, "window"));
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
ALTER TABLE accounts ADD COLUMN IF NOT EXISTS email_key TEXT;
CREATE UNIQUE INDEX IF NOT EXISTS accounts_email_key ON accounts (email_key);
`

/**
 * One round trip per counted call: increment each window's counter in the given order (the update
 * locks its row until the transaction ends, and every caller takes them in the same order, so
 * callers never deadlock; a window without a row gets one), and stop at the first that passes its
 * limit: its increment and those before it are taken back, so nothing is counted. Runs inside the
 * caller's statement, so it is all or nothing. Two statements for two windows on the usual path
 * (it was six: insert-if-missing, lock and read each window, then update): a quarter less database
 * CPU per counted call (docs/benchmarks.md).
 */
const CONSUME_FUNCTION = `
CREATE OR REPLACE FUNCTION openfactors_consume_n(p_subject text, p_windows text[], p_limits bigint[], p_amount int)
RETURNS TABLE (blocked int, counts int[]) LANGUAGE plpgsql AS $fn$
DECLARE
  i int;
  c int;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_windows, 1), 0) LOOP
    UPDATE usage_counters u SET count = u.count + p_amount WHERE u.subject = p_subject AND u."window" = p_windows[i] RETURNING u.count INTO c;
    IF NOT FOUND THEN
      INSERT INTO usage_counters AS u (subject, "window", count) VALUES (p_subject, p_windows[i], p_amount)
        ON CONFLICT (subject, "window") DO UPDATE SET count = u.count + p_amount RETURNING u.count INTO c;
    END IF;
    counts := counts || (c - p_amount);
    IF c > p_limits[i] THEN
      UPDATE usage_counters u SET count = u.count - p_amount WHERE u.subject = p_subject AND u."window" = ANY (p_windows[1:i]);
      blocked := i - 1;
      RETURN NEXT;
      RETURN;
    END IF;
  END LOOP;
  SELECT array_agg(x + p_amount) INTO counts FROM unnest(counts) AS x;
  RETURN NEXT;
END
$fn$;
`

/** A quota lease's unused units back to each window, in the given order (the row order `consume` locks in). */
const RETURN_FUNCTION = `
CREATE OR REPLACE FUNCTION openfactors_return_n(p_subject text, p_windows text[], p_amount int)
RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  i int;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_windows, 1), 0) LOOP
    UPDATE usage_counters u SET count = greatest(u.count - p_amount, 0) WHERE u.subject = p_subject AND u."window" = p_windows[i];
  END LOOP;
END
$fn$;
`

export interface PostgresStoreOptions {
  max?: number
  /** Connect, statement and client-side query timeout; a dead or frozen database fails fast. */
  timeoutMs?: number
  /** Told about connection errors of idle clients (a restart, a dropped network). */
  onError?: (err: Error) => void
}

export function openPostgresStore(connectionString: string, opts: PostgresStoreOptions = {}): Store {
  const timeoutMs = opts.timeoutMs ?? 3_000
  const pool = new pg.Pool({
    connectionString,
    max: opts.max ?? 10,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    idle_in_transaction_session_timeout: timeoutMs * 2,
    keepAlive: true,
  })
  // Without a listener an idle client's connection error (database restart) kills the process.
  // The pool drops that client and opens a new one on the next call: recovery is automatic.
  const onError = opts.onError ?? (() => undefined)
  pool.on('error', onError)

  async function tx<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect()
    client.on('error', onError)
    try {
      await client.query('BEGIN')
      const out = await fn(client)
      await client.query('COMMIT')
      return out
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw err
    } finally {
      client.off('error', onError)
      client.release()
    }
  }

  async function findActiveKey(hash: string): Promise<FoundKeyRecord | null> {
    // Named (prepared once per connection): a keyed call runs this, then `consume`, unless it is
    // counted through `consumeForKey` (one statement for the calls of one event-loop turn, postgres-keyed.ts).
    const r = await pool.query<ActiveKeyRow>({
      name: 'openfactors_find_active_key',
      text: `SELECT a.*, k.id AS key_id, k.prefix, k.created_at AS key_created_at, k.hash AS key_hash
       FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.hash = $1 AND k.revoked_at IS NULL`,
      values: [hash],
    })
    const row = r.rows[0]
    return row ? toFoundKey(row) : null
  }

  return {
    kind: 'postgres',
    async migrate() {
      // An advisory lock keeps two instances starting together from racing on CREATE TABLE.
      await tx(async (c) => {
        await c.query('SELECT pg_advisory_xact_lock(774411)')
        await c.query(SCHEMA)
        await c.query(CONSUME_FUNCTION)
        await c.query(CONSUME_KEY_FUNCTION)
        await c.query(CONSUME_KEYS_FUNCTION)
        await c.query(RETURN_FUNCTION)
      })
    },
    async createAccount(input) {
      return tx(async (c) => {
        const at = input.now.toISOString()
        const ins = await c.query<AccountRow>(
          'INSERT INTO accounts (id, email, email_key, plan, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING *',
          [input.account_id, input.email, input.email_key ?? input.email, input.plan, at])
        const row = ins.rows[0]
        if (!row) return 'email_taken' as const
        await c.query('INSERT INTO api_keys (id, account_id, hash, prefix, created_at) VALUES ($1, $2, $3, $4, $5)',
          [input.key.id, input.account_id, input.key.hash, input.key.prefix, at])
        const key: KeyRecord = { id: input.key.id, account_id: input.account_id, prefix: input.key.prefix, created_at: at }
        return { account: toAccount(row), key }
      })
    },
    findActiveKey,
    consumeForKey: postgresConsumeForKey(pool, findActiveKey),
    async rotateKey(input) {
      return tx(async (c) => {
        const at = input.now.toISOString()
        const rev = await c.query<{ account_id: string }>(
          'UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL RETURNING account_id', [at, input.old_key_id])
        const account_id = rev.rows[0]?.account_id
        if (!account_id) return null
        await c.query('INSERT INTO api_keys (id, account_id, hash, prefix, created_at) VALUES ($1, $2, $3, $4, $5)',
          [input.key.id, account_id, input.key.hash, input.key.prefix, at])
        return { id: input.key.id, account_id, prefix: input.key.prefix, created_at: at }
      })
    },
    async findAccountByEmail(email) {
      const r = await pool.query<AccountRow>('SELECT * FROM accounts WHERE email = $1', [email])
      return r.rows[0] ? toAccount(r.rows[0]) : null
    },
    async setPlan({ email, plan, monthly_quota, burst_per_minute }) {
      const r = await pool.query<AccountRow>(
        'UPDATE accounts SET plan = $1, monthly_quota = $2, burst_per_minute = $3 WHERE email = $4 RETURNING *',
        [plan, monthly_quota ?? null, burst_per_minute ?? null, email])
      return r.rows[0] ? toAccount(r.rows[0]) : null
    },
    async consume(subject, windows, amount = 1): Promise<ConsumeResult> {
      const r = await pool.query<{ blocked: number | null; counts: number[] | null }>({
        name: 'openfactors_consume_n',
        text: 'SELECT blocked, counts FROM openfactors_consume_n($1, $2::text[], $3::bigint[], $4::int)',
        values: [subject, windows.map((w) => w.window), windows.map((w) => w.limit), amount],
      })
      const row = r.rows[0]
      const counts = row?.counts ?? []
      return row && row.blocked !== null ? { ok: false, blocked: row.blocked, counts } : { ok: true, counts }
    },
    async returnUnused(subject, windows, amount) {
      await pool.query({ name: 'openfactors_return_n', text: 'SELECT openfactors_return_n($1, $2::text[], $3::int)', values: [subject, windows, amount] })
    },
    async peek(subject, windows) {
      const r = await pool.query<{ window: string; count: number }>(
        'SELECT "window", count FROM usage_counters WHERE subject = $1 AND "window" = ANY($2::text[])', [subject, windows])
      const by = new Map(r.rows.map((row) => [row.window, row.count]))
      return windows.map((w) => by.get(w) ?? 0)
    },
    async pruneWindows(prefix, before) {
      const r = await pool.query('DELETE FROM usage_counters WHERE "window" >= $1 AND "window" < $2', [prefix, before])
      return r.rowCount ?? 0
    },
    async addWebhook(s) {
      await pool.query('INSERT INTO webhooks (id, account_id, url, secret, created_at) VALUES ($1, $2, $3, $4, $5)',
        [s.id, s.account_id, s.url, s.secret, s.created_at])
    },
    async listWebhooks(account_id) {
      const r = account_id
        ? await pool.query<WebhookSubscription>('SELECT * FROM webhooks WHERE account_id = $1 ORDER BY created_at, id', [account_id])
        : await pool.query<WebhookSubscription>('SELECT * FROM webhooks ORDER BY created_at, id')
      return r.rows
    },
    async enqueueDeliveries(input) {
      return tx(async (c) => {
        let added = 0
        const at = input.now.toISOString()
        for (const [i, s] of input.subscriptions.entries()) {
          const r = await c.query(
            `INSERT INTO webhook_deliveries (id, subscription_id, event_id, event, payload, status, attempts, next_attempt_at, created_at)
             VALUES ($1, $2, $3, $4, $5, 'pending', 0, $6, $6) ON CONFLICT (subscription_id, event_id) DO NOTHING`,
            [input.ids[i] ?? `${input.event_id}_${s.id}`, s.id, input.event_id, input.event, input.payload, at])
          added += r.rowCount ?? 0
        }
        return added
      })
    },
    async dueDeliveries(now, limit) {
      const r = await pool.query<WebhookDelivery>(
        `SELECT * FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $1 ORDER BY next_attempt_at, id LIMIT $2`,
        [now.toISOString(), limit])
      return r.rows
    },
    async recordAttempt(o: AttemptOutcome) {
      const status = o.delivered ? 'delivered' : o.next_attempt_at ? 'pending' : 'failed'
      await pool.query(
        `UPDATE webhook_deliveries SET attempts = attempts + 1, last_status = $1, last_error = $2, status = $3,
         next_attempt_at = COALESCE($4, next_attempt_at), delivered_at = $5 WHERE id = $6`,
        [o.http_status, o.error, status, o.next_attempt_at?.toISOString() ?? null, o.delivered ? o.at.toISOString() : null, o.delivery_id])
    },
    async listDeliveries(subscription_id) {
      const r = subscription_id
        ? await pool.query<WebhookDelivery>('SELECT * FROM webhook_deliveries WHERE subscription_id = $1 ORDER BY created_at, id', [subscription_id])
        : await pool.query<WebhookDelivery>('SELECT * FROM webhook_deliveries ORDER BY created_at, id')
      return r.rows
    },
    async getMeta(name) {
      const r = await pool.query<{ value: string }>('SELECT value FROM meta WHERE name = $1', [name])
      return r.rows[0]?.value ?? null
    },
    async setMeta(name, value) {
      await pool.query('INSERT INTO meta (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value', [name, value])
    },
    async ping() { await pool.query('SELECT 1') },
    async close() { await pool.end() },
  }
}
