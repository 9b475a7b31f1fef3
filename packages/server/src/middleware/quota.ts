/**
 * Usage accounting. `meter` counts a keyed call against the account's burst and monthly limits in
 * one atomic store call; `currentLimitHeaders` only reports (for calls that are not counted); `addressLimit`
 * counts open calls per client address. Keyed responses carry RateLimit-* for the nearest limit.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import type { PlanLimits, ServerConfig } from '../config.ts'
import { ApiError } from '../errors.ts'
import {
  accountSubject, limitState, limitsOf, minuteWindow, monthWindow, nearestLimit, rateLimitHeaders, windowsAt, writeNearestLimitHeaders,
  type LimitState, type Window,
} from '../quota.ts'
import type { Account, ConsumeResult, Store, WindowLimit } from '../stores/types.ts'
import { headerRecord, type HeaderRecord } from './response-headers.ts'

function accountOf(c: Context<AppEnv>): Account {
  const account = c.get('account')
  if (!account) throw new Error('quota middleware needs requireKey before it')
  return account
}

export interface QuotaDeps {
  store: Store
  config: ServerConfig
  clock: () => Date
}

/** Current limit states of an account (no counting). */
export async function usageOf(account: Account, deps: QuotaDeps): Promise<LimitState[]> {
  const now = deps.clock()
  const minute = minuteWindow(now)
  const month = monthWindow(now)
  const limits = limitsOf(account, deps.config)
  const [usedMinute = 0, usedMonth = 0] = await deps.store.peek(accountSubject(account), [minute.id, month.id])
  return [
    limitState('burst', limits.burst_per_minute, usedMinute, minute.resets, now),
    limitState('monthly', limits.monthly, usedMonth, month.resets, now),
  ]
}

/** What one keyed call counts: the account's burst and monthly windows at `now`. */
export interface CallCount {
  subject: string
  windows: WindowLimit[]
  amount: number
  limits: PlanLimits
  minute: Window
  month: Window
  now: Date
}

export function callCount(account: Account, config: ServerConfig, now: Date, at: { minute: Window; month: Window }, amount: number): CallCount {
  const limits = limitsOf(account, config)
  return {
    subject: accountSubject(account),
    windows: [{ window: at.minute.id, limit: limits.burst_per_minute }, { window: at.month.id, limit: limits.monthly }],
    amount, limits, minute: at.minute, month: at.month, now,
  }
}

/**
 * The outcome of a counted call: a refusal is thrown (`rate_limited` / `quota_exceeded` with
 * RateLimit-* and Retry-After); a counted call gets RateLimit-* of its nearest limit in the
 * request's header record, before the route runs (response-headers.ts).
 */
export function settleCount(record: HeaderRecord, count: CallCount, result: ConsumeResult): void {
  const { limits, minute, month, now, amount } = count
  if (!result.ok) {
    const burstHit = result.blocked === 0
    const state = burstHit
      ? limitState('burst', limits.burst_per_minute, result.counts[0] ?? limits.burst_per_minute, minute.resets, now)
      : limitState('monthly', limits.monthly, result.counts[1] ?? limits.monthly, month.resets, now)
    const headers = { ...rateLimitHeaders(state), 'Retry-After': String(state.reset_seconds) }
    const asked = amount > 1 ? { calls: amount } : {}
    throw burstHit
      ? new ApiError('rate_limited', `Burst limit of ${state.limit} calls per minute reached; retry in ${state.reset_seconds} s.`, { limit: state.limit, resets_at: state.resets_at, ...asked }, headers)
      : new ApiError('quota_exceeded', `Monthly quota of ${state.limit} calls used up; it resets at ${state.resets_at}.`, { limit: state.limit, resets_at: state.resets_at, ...asked }, headers)
  }
  writeNearestLimitHeaders(record, [
    [limits.burst_per_minute, result.counts[0] ?? 0, minute.resets.getTime()],
    [limits.monthly, result.counts[1] ?? 0, month.resets.getTime()],
  ], now.getTime())
}

/** `prior`: what a fast path met for this request where the app would count it (a refusal, or `CountedAlready`). */
export function meter(deps: QuotaDeps, prior?: (env: unknown) => unknown): MiddlewareHandler<AppEnv> {
  const windows = windowsAt()
  return async (c, next) => {
    throwPrior(c, prior)
    const now = deps.clock()
    // Usually one call; an MCP message or batch counts each tool call and resource read in it.
    const count = callCount(accountOf(c), deps.config, now, windows(now), c.get('calls') ?? 1)
    settleCount(headerRecord(c), count, await deps.store.consume(count.subject, count.windows, count.amount))
    await next()
  }
}

/** RateLimit-* for the account's nearest limit, without counting. */
export async function currentLimitHeaders(account: Account, deps: QuotaDeps): Promise<Record<string, string>> {
  return rateLimitHeaders(nearestLimit(await usageOf(account, deps)))
}

/**
 * One open call counted against its client address's per-minute limit: resolves with the RateLimit-*
 * to send; a refusal is thrown (`rate_limited` with Retry-After). Shared by `addressLimit` and the
 * search's fast path (routes/search-fast-path.ts), so both count and refuse alike.
 */
export type CountOpen = (address: string) => Promise<Record<string, string>>

export function countOpen(deps: QuotaDeps): CountOpen {
  return async (address) => {
    const now = deps.clock()
    const minute = minuteWindow(now)
    const limit = deps.config.openRatePerMinute
    const result = await deps.store.consume(`ip:${address}`, [{ window: minute.id, limit }])
    const used = result.counts[0] ?? limit
    const state = limitState('burst', limit, used, minute.resets, now)
    if (!result.ok) {
      throw new ApiError('rate_limited', `Open endpoints allow ${limit} calls per minute per address; retry in ${state.reset_seconds} s.`,
        { limit, resets_at: state.resets_at }, { ...rateLimitHeaders(state), 'Retry-After': String(state.reset_seconds) })
    }
    return rateLimitHeaders(state)
  }
}

/**
 * A call a fast path counted already (its RateLimit-*) and whose work then failed: the app answers
 * it, taking these headers where it would count the call and throwing `failure` there (what the
 * route after it would throw), so the call is neither counted nor worked on twice.
 */
export class CountedAlready {
  constructor(readonly headers: Record<string, string>, readonly failure: unknown) {}
}

/** Where the app counts a call: throws what a fast path met for the request, if anything (a refusal, or `CountedAlready`'s failure). */
function throwPrior(c: Context<AppEnv>, prior: ((env: unknown) => unknown) | undefined): void {
  const met = prior?.(c.env)
  if (met === undefined) return
  if (!(met instanceof CountedAlready)) throw met
  Object.assign(headerRecord(c), met.headers)
  throw met.failure
}

/** `prior`: what a fast path met for this request where the app would count it (a refusal, or `CountedAlready`). */
export function addressLimit(count: CountOpen, addressOf: (c: Context<AppEnv>) => string, prior?: (env: unknown) => unknown): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    throwPrior(c, prior)
    Object.assign(headerRecord(c), await count(addressOf(c)))
    await next()
  }
}
