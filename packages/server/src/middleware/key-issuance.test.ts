import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorOf, harness, type Harness } from '../../test/support/harness.ts'
import { hourWindow, mailboxOf } from './key-issuance.ts'

describe('mailboxOf', () => {
  it('drops plus tags and dots of the local part, lower-cases, and folds googlemail into gmail', () => {
    expect(mailboxOf('Jane.Doe+news@Example.org')).toBe('janedoe@example.org')
    expect(mailboxOf('j.a.n.e.doe@googlemail.com')).toBe('janedoe@gmail.com')
    expect(mailboxOf('plain@example.org')).toBe('plain@example.org')
    expect(mailboxOf('+tag@example.org')).toBe('+tag@example.org')
  })
  it('names the clock hour', () => {
    expect(hourWindow(new Date('2026-11-23T19:42:10Z'))).toEqual({ id: 'h:2026-11-23T19', resets: new Date('2026-11-23T20:00:00Z') })
  })
})

describe('key issuance limits', () => {
  let h: Harness
  beforeAll(async () => { h = await harness({ keysPerHour: 3 }) })
  afterAll(async () => { await h.close() })

  const issue = (email: string, address: string) =>
    Promise.resolve(h.app.request('/v1/keys', { method: 'POST', headers: { 'content-type': 'application/json', 'x-test-address': address }, body: JSON.stringify({ email }) }))

  it('issues OPENFACTORS_KEYS_PER_HOUR keys per address and hour, then 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await issue(`farm${i}@example.org`, '203.0.113.9')).status).toBe(201)
    const over = await issue('farm9@example.org', '203.0.113.9')
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await errorOf(over)).code).toBe('rate_limited')
    expect((await issue('other@example.org', '203.0.113.10')).status).toBe(201)
    h.setNow('2026-11-22T11:00:30.000Z')
    expect((await issue('farm10@example.org', '203.0.113.9')).status).toBe(201)
  })

  it('treats plus-addressed and dotted spellings of one mailbox as one account', async () => {
    expect((await issue('Mail.Box@example.org', '203.0.113.20')).status).toBe(201)
    const again = await issue('mailbox+second@example.org', '203.0.113.21')
    expect(again.status).toBe(409)
    expect((await errorOf(again)).code).toBe('key_exists')
  })
})
