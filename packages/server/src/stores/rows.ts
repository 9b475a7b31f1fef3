/** The account and active-key rows both SQL stores read, and what the store interface makes of them. */
import type { Plan } from '../config.ts'
import type { Account, FoundKeyRecord } from './types.ts'

export interface AccountRow { id: string; email: string; plan: string; monthly_quota: number | null; burst_per_minute: number | null; created_at: string }

/** An account joined with one of its keys (`SELECT a.*, k.id AS key_id, k.prefix, k.created_at AS key_created_at, k.hash AS key_hash`). */
export type ActiveKeyRow = AccountRow & { key_id: string; prefix: string; key_created_at: string; key_hash: string }

export function toAccount(r: AccountRow): Account {
  return { id: r.id, email: r.email, plan: r.plan as Plan, monthly_quota: r.monthly_quota, burst_per_minute: r.burst_per_minute, created_at: r.created_at }
}

export function toFoundKey(row: ActiveKeyRow): FoundKeyRecord {
  return { key: { id: row.key_id, account_id: row.id, prefix: row.prefix, created_at: row.key_created_at }, account: toAccount(row), hash: row.key_hash }
}
