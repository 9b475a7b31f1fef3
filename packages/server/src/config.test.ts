import { describe, expect, it } from 'vitest'
import { ConfigError, parseEnv } from './config.ts'

describe('config from the environment', () => {
  it('has documented defaults', () => {
    const c = parseEnv({})
    expect(c).toMatchObject({ port: 8787, bodyLimitBytes: 1_048_576, openRatePerMinute: 120, trustProxy: false, databaseUrl: undefined })
    expect(c.plans).toEqual({
      free: { monthly: 1_000, burst_per_minute: 60 },
      developer: { monthly: 50_000, burst_per_minute: 300 },
      business: { monthly: 500_000, burst_per_minute: 1_200 },
      enterprise: { monthly: 5_000_000, burst_per_minute: 6_000 },
    })
  })

  it('reads overrides and treats empty values as unset', () => {
    const c = parseEnv({ PORT: '9000', DATABASE_URL: 'postgresql://u@h/db', OPENFACTORS_ENTERPRISE_BURST: '9999', OPENFACTORS_TRUST_PROXY: 'yes', HOST: '' })
    expect(c).toMatchObject({ port: 9000, databaseUrl: 'postgresql://u@h/db', trustProxy: true, host: undefined })
    expect(c.plans.enterprise.burst_per_minute).toBe(9999)
  })

  it('names every bad variable in one startup error', () => {
    let error: unknown
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', OPENFACTORS_FREE_BURST: '-1' })
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as ConfigError).message
    expect(message).toContain('PORT')
    expect(message).toContain('DATABASE_URL')
    expect(message).toContain('OPENFACTORS_FREE_BURST')
    expect((error as ConfigError).problems).toHaveLength(3)
  })
})
