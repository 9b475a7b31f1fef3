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

/** Created by `migrate` beside `openfactors_consume_n`. Call `i` has `p_window_counts[i]` windows, after those of the calls before it. */
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
  i int;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_hashes, 1), 0) LOOP
    starts := starts || next_start;
    next_start := next_start + p_window_counts[i];
  END LOOP;
  -- One key read per call (by the unique hash index, whatever the number of keys), in subject order.
  FOR i IN SELECT c.n FROM generate_subscripts(p_hashes, 1) AS c(n) ORDER BY p_subjects[c.n] COLLATE "C", c.n LOOP
    call_index := i;
    SELECT a.id, a.email, a.plan, a.monthly_quota, a.burst_per_minute, a.created_at, k.id, k.prefix, k.created_at, k.hash
      INTO id, email, plan, monthly_quota, burst_per_minute, created_at, key_id, prefix, key_created_at, key_hash
      FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.hash = p_hashes[i] AND k.revoked_at IS NULL;
    counted := FOUND AND id = p_account_ids[i] AND email = p_emails[i] AND plan = p_plans[i] AND created_at = p_created_ats[i]
      AND monthly_quota IS NOT DISTINCT FROM p_monthly_quotas[i] AND burst_per_minute IS NOT DISTINCT FROM p_bursts[i];
    blocked := NULL;
    counts := NULL;
    IF counted THEN
      SELECT x.blocked, x.counts INTO blocked, counts FROM openfactors_consume_n(p_subjects[i],
        p_windows[starts[i] : starts[i] + p_window_counts[i] - 1], p_limits[starts[i] : starts[i] + p_window_counts[i] - 1], p_amounts[i]) x;
    END IF;
    RETURN NEXT;
  END LOOP;
END
$fn$;
`

type KeyedRow = { [K in keyof ActiveKeyRow]: ActiveKeyRow[K] | null } & { call_index: number; counted: boolean; blocked: number | null; counts: number[] | null }

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
    pool.query<KeyedRow>({
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
      batch.forEach((p, i) => {
        try {
          settle(p, byCall[i])
        } catch (err) {
          p.reject(err)
        }
      })
    }, (err: unknown) => {
      for (const p of batch) p.reject(err)
    })
  }

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
