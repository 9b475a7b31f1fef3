/**
 * `consumeForKey` on PostgreSQL: one statement finds the active key by its hash and, in the same
 * statement, counts the call (`openfactors_consume_n`, the row-locked counting of `consume`),
 * returning the key, its account and the verdict. The calls that arrive in one turn of the event
 * loop share that statement (group commit, as on SQLite): one round trip and one commit for all of
 * them, each call decided in turn.
 *
 * What to count depends on the account (`countFor(account)`: its plan and overrides), which only
 * the store knows; the statement cannot call back into JavaScript. So the store remembers the
 * account it last found for each key hash and computes `countFor` from it before sending. The
 * statement counts a call only if the account it finds is still exactly that one (every field of
 * `Account`, compared in the database); otherwise it returns the account as it is now without
 * counting, and the call is sent again with `countFor` of that account. The remembered account is
 * a guess that saves a round trip, never what decides: a plan changed or a key revoked on any
 * instance is seen by the next call. A key not seen before costs one key read first.
 *
 * Deadlocks: a statement counts its calls in the order of their subjects (byte order), and within
 * a subject each window in the given order, as `consume` does; and no statement holds two calls of
 * one subject with different windows (a minute boundary: the later ones wait for the next
 * statement). So every transaction takes the counter rows it shares with another in the same order.
 */
import type pg from 'pg'
import { toFoundKey, type ActiveKeyRow } from './rows.ts'
import type { Account, ConsumeResult, CountFor, FoundKeyRecord, KeyedConsume, WindowLimit } from './types.ts'

/** One call: the key by its hash, counted if its account is still the one given. Created by `migrate` beside `openfactors_consume_n`. */
export const CONSUME_KEY_FUNCTION = `
CREATE OR REPLACE FUNCTION openfactors_consume_key(
  p_hash text, p_account_id text, p_email text, p_plan text, p_monthly_quota int, p_burst_per_minute int, p_created_at text,
  p_subject text, p_windows text[], p_limits bigint[], p_amount int)
RETURNS TABLE (id text, email text, plan text, monthly_quota int, burst_per_minute int, created_at text,
  key_id text, prefix text, key_created_at text, key_hash text, counted boolean, blocked int, counts int[])
LANGUAGE plpgsql AS $fn$
BEGIN
  SELECT a.id, a.email, a.plan, a.monthly_quota, a.burst_per_minute, a.created_at, k.id, k.prefix, k.created_at, k.hash
    INTO id, email, plan, monthly_quota, burst_per_minute, created_at, key_id, prefix, key_created_at, key_hash
    FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.hash = p_hash AND k.revoked_at IS NULL;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  counted := id = p_account_id AND email = p_email AND plan = p_plan AND created_at = p_created_at
    AND monthly_quota IS NOT DISTINCT FROM p_monthly_quota AND burst_per_minute IS NOT DISTINCT FROM p_burst_per_minute;
  IF counted THEN
    SELECT c.blocked, c.counts INTO blocked, counts FROM openfactors_consume_n(p_subject, p_windows, p_limits, p_amount) c;
  END IF;
  RETURN NEXT;
END
$fn$;
`

/**
 * Several calls, each through `openfactors_consume_key`, in subject order (byte order, then arrival).
 * Call `i` has `p_window_counts[i]` windows, after those of the calls before it. One row per call.
 *
 * Calls next to each other in that order with the same key, account, subject, windows and limits
 * (a busy client's calls of one turn) are first counted together: one key read and one
 * `openfactors_consume_n` of their summed amounts. If that fits every limit, each call is counted
 * and told the counts as they were after it; if not (or the account changed, or the key is gone),
 * nothing was counted and each call goes through on its own, in turn, so the verdicts are the
 * same as counting one by one.
 */
export const CONSUME_KEYS_FUNCTION = `
CREATE OR REPLACE FUNCTION openfactors_consume_keys(
  p_hashes text[], p_account_ids text[], p_emails text[], p_plans text[], p_monthly_quotas int[], p_bursts int[], p_created_ats text[],
  p_subjects text[], p_windows text[], p_limits bigint[], p_window_counts int[], p_amounts int[])
RETURNS TABLE (call_index int, id text, email text, plan text, monthly_quota int, burst_per_minute int, created_at text,
  key_id text, prefix text, key_created_at text, key_hash text, counted boolean, blocked int, counts int[])
LANGUAGE plpgsql AS $fn$
DECLARE
  starts int[] := '{}';
  next_start int := 1;
  n int := coalesce(array_length(p_hashes, 1), 0);
  ord int[];
  g int := 1;
  e int;
  i int;
  j int;
  k int;
  total int;
  cum int;
  after_all int[];
BEGIN
  FOR i IN 1 .. n LOOP
    starts := starts || next_start;
    next_start := next_start + p_window_counts[i];
  END LOOP;
  SELECT coalesce(array_agg(c.n ORDER BY p_subjects[c.n] COLLATE "C", c.n), '{}') INTO ord FROM generate_subscripts(p_hashes, 1) AS c(n);
  WHILE g <= n LOOP
    i := ord[g];
    e := g;
    total := p_amounts[i];
    LOOP
      EXIT WHEN e >= n;
      j := ord[e + 1];
      EXIT WHEN p_hashes[j] <> p_hashes[i] OR p_subjects[j] <> p_subjects[i] OR p_account_ids[j] <> p_account_ids[i]
        OR p_emails[j] <> p_emails[i] OR p_plans[j] <> p_plans[i] OR p_created_ats[j] <> p_created_ats[i]
        OR p_monthly_quotas[j] IS DISTINCT FROM p_monthly_quotas[i] OR p_bursts[j] IS DISTINCT FROM p_bursts[i]
        OR p_windows[starts[j] : starts[j] + p_window_counts[j] - 1] <> p_windows[starts[i] : starts[i] + p_window_counts[i] - 1]
        OR p_limits[starts[j] : starts[j] + p_window_counts[j] - 1] <> p_limits[starts[i] : starts[i] + p_window_counts[i] - 1];
      e := e + 1;
      total := total + p_amounts[j];
    END LOOP;
    IF e > g THEN
      SELECT f.* INTO id, email, plan, monthly_quota, burst_per_minute, created_at, key_id, prefix, key_created_at, key_hash, counted, blocked, counts
        FROM openfactors_consume_key(p_hashes[i], p_account_ids[i], p_emails[i], p_plans[i], p_monthly_quotas[i], p_bursts[i], p_created_ats[i],
          p_subjects[i], p_windows[starts[i] : starts[i] + p_window_counts[i] - 1], p_limits[starts[i] : starts[i] + p_window_counts[i] - 1],
          total) f;
      IF key_id IS NOT NULL AND counted AND blocked IS NULL THEN
        after_all := counts;
        cum := 0;
        FOR k IN g .. e LOOP
          cum := cum + p_amounts[ord[k]];
          SELECT array_agg(t.x - (total - cum) ORDER BY t.o) INTO counts FROM unnest(after_all) WITH ORDINALITY AS t(x, o);
          call_index := ord[k];
          RETURN NEXT;
        END LOOP;
        g := e + 1;
        CONTINUE;
      END IF;
    END IF;
    FOR k IN g .. e LOOP
      i := ord[k];
      -- No row (no active key) leaves every field null.
      SELECT f.* INTO id, email, plan, monthly_quota, burst_per_minute, created_at, key_id, prefix, key_created_at, key_hash, counted, blocked, counts
        FROM openfactors_consume_key(p_hashes[i], p_account_ids[i], p_emails[i], p_plans[i], p_monthly_quotas[i], p_bursts[i], p_created_ats[i],
          p_subjects[i], p_windows[starts[i] : starts[i] + p_window_counts[i] - 1], p_limits[starts[i] : starts[i] + p_window_counts[i] - 1],
          p_amounts[i]) f;
      call_index := i;
      RETURN NEXT;
    END LOOP;
    g := e + 1;
  END LOOP;
END
$fn$;
`

type KeyedRow = { [K in keyof ActiveKeyRow]: ActiveKeyRow[K] | null } & { counted: boolean | null; blocked: number | null; counts: number[] | null }

/** Accounts remembered per key hash; past this many the oldest is forgotten (it costs one key read when seen again). */
const MAX_REMEMBERED = 10_000
/** A call whose account changes between every try (never in practice) gives up after this many. */
const MAX_TRIES = 5
/** At most this many calls per statement. */
const MAX_BATCH = 32

interface Pending {
  hash: string
  account: Account
  subject: string
  windows: WindowLimit[]
  amount: number
  countFor: CountFor
  tries: number
  resolve: (r: KeyedConsume | null) => void
  reject: (err: unknown) => void
}

export function postgresConsumeForKey(pool: pg.Pool, findActiveKey: (hash: string) => Promise<FoundKeyRecord | null>): (hash: string, countFor: CountFor) => Promise<KeyedConsume | null> {
  const remembered = new Map<string, Account>()
  const remember = (hash: string, account: Account): void => {
    if (!remembered.has(hash) && remembered.size >= MAX_REMEMBERED) {
      const oldest = remembered.keys().next()
      if (!oldest.done) remembered.delete(oldest.value)
    }
    remembered.set(hash, account)
  }

  let pending: Pending[] = []
  const enqueue = (p: Omit<Pending, 'subject' | 'windows' | 'amount'>): void => {
    const { subject, windows, amount } = p.countFor(p.account)
    pending.push({ ...p, subject, windows, amount })
    if (pending.length === 1) setImmediate(flush)
  }

  const settle = (p: Pending, row: KeyedRow | undefined): void => {
    if (!row?.key_id || row.id === null) {
      remembered.delete(p.hash)
      p.resolve(null)
      return
    }
    const found = toFoundKey(row as ActiveKeyRow)
    if (!row.counted) {
      // The account changed since it was remembered (plan, overrides): count with it as it is now.
      if (p.tries + 1 >= MAX_TRIES) {
        p.reject(new Error(`account of key changed during ${MAX_TRIES} tries to count a call`))
        return
      }
      remember(p.hash, found.account)
      enqueue({ hash: p.hash, account: found.account, countFor: p.countFor, tries: p.tries + 1, resolve: p.resolve, reject: p.reject })
      return
    }
    const counts = row.counts ?? []
    const result: ConsumeResult = row.blocked !== null ? { ok: false, blocked: row.blocked, counts } : { ok: true, counts }
    p.resolve({ found, result })
  }

  function flush(): void {
    // One statement takes each subject with one list of windows only; the others wait for the next.
    const batch: Pending[] = []
    const rest: Pending[] = []
    const windowsOf = new Map<string, string>()
    for (const p of pending) {
      const names = p.windows.map((w) => w.window).join('\n')
      const taken = windowsOf.get(p.subject)
      if (batch.length < MAX_BATCH && (taken === undefined || taken === names)) {
        windowsOf.set(p.subject, names)
        batch.push(p)
      } else {
        rest.push(p)
      }
    }
    pending = rest
    if (rest.length > 0) setImmediate(flush)
    // A lone call goes to the one-call function: the batch function's arrays cost it more than they save.
    const sent = batch.length === 1 ? sendOne(batch[0]!) : sendMany(batch)
    sent.then((rows) => {
      batch.forEach((p, i) => {
        try {
          settle(p, rows[i])
        } catch (err) {
          p.reject(err)
        }
      })
    }, (err: unknown) => {
      for (const p of batch) p.reject(err)
    })
  }

  const sendOne = (p: Pending): Promise<Array<KeyedRow | undefined>> => pool.query<KeyedRow>({
    name: 'openfactors_consume_key',
    text: 'SELECT * FROM openfactors_consume_key($1, $2, $3, $4, $5, $6, $7, $8, $9::text[], $10::bigint[], $11::int)',
    values: [p.hash, p.account.id, p.account.email, p.account.plan, p.account.monthly_quota, p.account.burst_per_minute, p.account.created_at,
      p.subject, p.windows.map((w) => w.window), p.windows.map((w) => w.limit), p.amount],
  }).then((r) => [r.rows[0]])

  const sendMany = (batch: Pending[]): Promise<Array<KeyedRow | undefined>> => pool.query<KeyedRow & { call_index: number }>({
    name: 'openfactors_consume_keys',
    text: `SELECT * FROM openfactors_consume_keys($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::text[],
      $8::text[], $9::text[], $10::bigint[], $11::int[], $12::int[])`,
    values: [
      batch.map((p) => p.hash), batch.map((p) => p.account.id), batch.map((p) => p.account.email), batch.map((p) => p.account.plan),
      batch.map((p) => p.account.monthly_quota), batch.map((p) => p.account.burst_per_minute), batch.map((p) => p.account.created_at),
      batch.map((p) => p.subject), batch.flatMap((p) => p.windows.map((w) => w.window)), batch.flatMap((p) => p.windows.map((w) => w.limit)),
      batch.map((p) => p.windows.length), batch.map((p) => p.amount),
    ],
  }).then((r) => {
    const byCall: Array<KeyedRow | undefined> = []
    for (const row of r.rows) byCall[row.call_index - 1] = row
    return byCall
  })

  return (hash, countFor) => new Promise<KeyedConsume | null>((resolve, reject) => {
    const known = remembered.get(hash)
    if (known) {
      enqueue({ hash, account: known, countFor, tries: 0, resolve, reject })
      return
    }
    findActiveKey(hash).then((found) => {
      if (!found) {
        resolve(null)
        return
      }
      remember(hash, found.account)
      enqueue({ hash, account: found.account, countFor, tries: 0, resolve, reject })
    }, reject)
  })
}
