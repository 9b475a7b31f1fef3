/**
 * Key farming limits: `POST /v1/keys` counts against its client address per clock hour
 * (`OPENFACTORS_KEYS_PER_HOUR`, every attempt counts), and an email is reduced to its mailbox
 * (`mailboxOf`) so plus-addressed and dotted spellings of one mailbox are one account.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { ApiError } from '../errors.ts'
import { limitState, rateLimitHeaders } from '../quota.ts'
import type { QuotaDeps } from './quota.ts'

/** The mailbox of an email: lower case, `+tag` and dots of the local part removed, googlemail = gmail. */
export function mailboxOf(email: string): string {
  const lower = email.trim().toLowerCase()
  const at = lower.lastIndexOf('@')
  if (at <= 0) return lower
  const local = lower.slice(0, at).split('+')[0]?.replace(/\./g, '') ?? ''
  const domain = lower.slice(at + 1) === 'googlemail.com' ? 'gmail.com' : lower.slice(at + 1)
  return `${local || lower.slice(0, at)}@${domain}`
}

export function hourWindow(now: Date): { id: string; resets: Date } {
  const start = new Date(now)
  start.setUTCMinutes(0, 0, 0)
  return { id: `h:${start.toISOString().slice(0, 13)}`, resets: new Date(start.getTime() + 3_600_000) }
}

export function keyIssuanceLimit(deps: QuotaDeps, addressOf: (c: Context<AppEnv>) => string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const now = deps.clock()
    const hour = hourWindow(now)
    const limit = deps.config.keysPerHour
    const result = await deps.store.consume(`keys:${addressOf(c)}`, [{ window: hour.id, limit }])
    if (!result.ok) {
      const state = limitState('burst', limit, limit, hour.resets, now)
      throw new ApiError('rate_limited', `At most ${limit} keys per hour are issued to one address; retry in ${state.reset_seconds} s.`,
        { limit, resets_at: state.resets_at }, { ...rateLimitHeaders(state), 'Retry-After': String(state.reset_seconds) })
    }
    await next()
  }
}
