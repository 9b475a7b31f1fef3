/**
 * `consumeForKey` on PostgreSQL in one round trip: one statement finds the active key by its hash
 * and, in the same statement, counts the call (`openfactors_consume_n`, the row-locked counting of
 * `consume`), returning the key, its account and the verdict.
 *
 * What to count depends on the account (`countFor(account)`: its plan and overrides), which only
 * the store knows; the statement cannot call back into JavaScript. So the store remembers the
 * account it last found for each key hash and computes `countFor` from it before sending. The
 * statement counts only if the account it finds is still exactly that one (every field of
 * `Account`, compared in the database); otherwise it returns the account as it is now without
 * counting, and the call is sent again with `countFor` of that account. The remembered account is
 * a guess that saves a round trip, never what decides: a plan changed or a key revoked on any
 * instance is seen by the next call. A key not seen before costs one key read first.
 */
import type pg from 'pg'
import { toFoundKey, type ActiveKeyRow } from './rows.ts'
import type { Account, ConsumeResult, CountFor, FoundKeyRecord, KeyedConsume } from './types.ts'

/** Created by `migrate` beside `openfactors_consume_n`. */
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

type KeyedRow = ActiveKeyRow & { counted: boolean; blocked: number | null; counts: number[] | null }

/** Accounts remembered per key hash; past this many the oldest is forgotten (it costs one key read when seen again). */
const MAX_REMEMBERED = 10_000
/** A call whose account changes between every try (never in practice) gives up after this many. */
const MAX_TRIES = 5

export function postgresConsumeForKey(pool: pg.Pool, findActiveKey: (hash: string) => Promise<FoundKeyRecord | null>): (hash: string, countFor: CountFor) => Promise<KeyedConsume | null> {
  const remembered = new Map<string, Account>()

  const send = (hash: string, account: Account, countFor: CountFor): Promise<KeyedRow | undefined> => {
    const { subject, windows, amount } = countFor(account)
    return pool.query<KeyedRow>({
      name: 'openfactors_consume_key',
      text: 'SELECT * FROM openfactors_consume_key($1, $2, $3, $4, $5, $6, $7, $8, $9::text[], $10::bigint[], $11::int)',
      values: [hash, account.id, account.email, account.plan, account.monthly_quota, account.burst_per_minute, account.created_at,
        subject, windows.map((w) => w.window), windows.map((w) => w.limit), amount],
    }).then((r) => r.rows[0])
  }

  // Promise chains, not async functions: this runs on every counted call (the throughput profile).
  const attempt = (hash: string, account: Account, countFor: CountFor, tries: number): Promise<KeyedConsume | null> =>
    send(hash, account, countFor).then((row) => {
      if (!row) {
        remembered.delete(hash)
        return null
      }
      const found = toFoundKey(row)
      if (!row.counted) {
        // The account changed since it was remembered (plan, overrides): count with it as it is now.
        if (tries + 1 >= MAX_TRIES) throw new Error(`account of key changed during ${MAX_TRIES} tries to count a call`)
        remember(hash, found.account)
        return attempt(hash, found.account, countFor, tries + 1)
      }
      const counts = row.counts ?? []
      const result: ConsumeResult = row.blocked !== null ? { ok: false, blocked: row.blocked, counts } : { ok: true, counts }
      return { found, result }
    })

  const remember = (hash: string, account: Account): void => {
    if (!remembered.has(hash) && remembered.size >= MAX_REMEMBERED) {
      const oldest = remembered.keys().next()
      if (!oldest.done) remembered.delete(oldest.value)
    }
    remembered.set(hash, account)
  }

  return (hash, countFor) => {
    const known = remembered.get(hash)
    if (known) return attempt(hash, known, countFor, 0)
    return findActiveKey(hash).then((found) => {
      if (!found) return null
      remember(hash, found.account)
      return attempt(hash, found.account, countFor, 0)
    })
  }
}
