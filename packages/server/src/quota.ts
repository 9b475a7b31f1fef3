/**
 * Usage windows and limits. A keyed call counts against its account's per-minute burst and its
 * monthly quota (UTC calendar month); an open call counts against its client address per minute.
 * Windows are fixed (`m:YYYY-MM-DDTHH:MM`, `M:YYYY-MM`) so every instance agrees on them.
 */
import type { PlanLimits, ServerConfig } from './config.ts'
import type { Account } from './stores/types.ts'

export type LimitName = 'burst' | 'monthly'

export interface LimitState {
  name: LimitName
  window: 'minute' | 'month'
  limit: number
  used: number
  remaining: number
  resets_at: string
  /** Seconds until `resets_at`, rounded up. */
  reset_seconds: number
}

export function minuteWindow(now: Date): { id: string; resets: Date } {
  const start = new Date(now)
  start.setUTCSeconds(0, 0)
  return { id: `m:${start.toISOString().slice(0, 16)}`, resets: new Date(start.getTime() + 60_000) }
}

export function monthWindow(now: Date): { id: string; resets: Date } {
  const resets = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  return { id: `M:${now.toISOString().slice(0, 7)}`, resets }
}

export interface Window { id: string; resets: Date }

/**
 * Both windows of an instant. The last answer is kept while its minute lasts (a month also ends on a
 * minute boundary), so the calls of one minute share it instead of formatting dates each time.
 */
export function windowsAt(): (now: Date) => { minute: Window; month: Window } {
  let from = 0
  let to = -1
  let last = { minute: { id: '', resets: new Date(0) }, month: { id: '', resets: new Date(0) } }
  return (now) => {
    const t = now.getTime()
    if (t < from || t >= to) {
      const minute = minuteWindow(now)
      last = { minute, month: monthWindow(now) }
      to = minute.resets.getTime()
      from = to - 60_000
    }
    return last
  }
}

export function limitsOf(account: Account, config: ServerConfig): PlanLimits {
  const plan = config.plans[account.plan]
  return {
    monthly: account.monthly_quota ?? plan.monthly,
    burst_per_minute: account.burst_per_minute ?? plan.burst_per_minute,
  }
}

export function limitState(name: LimitName, limit: number, used: number, resets: Date, now: Date): LimitState {
  return {
    name,
    window: name === 'burst' ? 'minute' : 'month',
    limit,
    used,
    remaining: Math.max(0, limit - used),
    resets_at: resets.toISOString(),
    reset_seconds: Math.max(1, Math.ceil((resets.getTime() - now.getTime()) / 1000)),
  }
}

/** The limit a caller will hit first at a steady rate: the one with the fewest calls left. */
export function nearestLimit(states: LimitState[]): LimitState {
  const sorted = [...states].sort((a, b) => a.remaining - b.remaining || a.reset_seconds - b.reset_seconds)
  const first = sorted[0]
  if (!first) throw new Error('nearestLimit needs at least one limit')
  return first
}

/** IETF RateLimit header fields for the nearest limit. */
export function rateLimitHeaders(state: LimitState): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.reset_seconds),
  }
}

/**
 * `rateLimitHeaders(nearestLimit(...))` written into `into`, without the intermediate states:
 * each limit as `[limit, used, resets at (ms)]`, the first one winning a tie.
 */
export function writeNearestLimitHeaders(into: Record<string, string>, limits: ReadonlyArray<readonly [number, number, number]>, nowMs: number): void {
  let bestRemaining = Infinity
  let bestReset = Infinity
  let bestLimit = 0
  for (const [limit, used, resets] of limits) {
    const remaining = Math.max(0, limit - used)
    const reset = Math.max(1, Math.ceil((resets - nowMs) / 1000))
    if (remaining < bestRemaining || (remaining === bestRemaining && reset < bestReset)) {
      bestRemaining = remaining
      bestReset = reset
      bestLimit = limit
    }
  }
  if (bestRemaining === Infinity) throw new Error('writeNearestLimitHeaders needs at least one limit')
  into['RateLimit-Limit'] = String(bestLimit)
  into['RateLimit-Remaining'] = String(bestRemaining)
  into['RateLimit-Reset'] = String(bestReset)
}

export function accountSubject(account: Account): string {
  return `acct:${account.id}`
}
