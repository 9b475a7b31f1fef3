/**
 * Keys: `POST /v1/keys` issues a free key for an email (shown once); `POST /v1/keys/rotate` replaces
 * the calling key, which stops working at once. Usage belongs to the account, so rotating keeps it.
 */
import { z } from 'zod'
import { ApiError, invalidRequest, issuesFrom } from '../errors.ts'
import { issueKey, randomHex } from '../keys.ts'
import { mailboxOf } from '../middleware/key-issuance.ts'
import type { App, RouteDeps } from './deps.ts'

export const KeyRequestSchema = z.strictObject({
  email: z.email().max(254).transform((e) => e.toLowerCase()),
})

export const IssuedKeySchema = z.object({
  key: z.string().describe('The API key. Shown once; store it now.'),
  key_id: z.string(),
  prefix: z.string(),
  plan: z.string(),
  created_at: z.string(),
})

export function keyRoutes(app: App, deps: RouteDeps): void {
  app.post('/v1/keys', deps.guards.open, deps.guards.issue, deps.guards.json, async (c) => {
    const parsed = KeyRequestSchema.safeParse(c.get('body'))
    if (!parsed.success) throw invalidRequest('A key needs one field: a valid `email`.', issuesFrom(parsed.error.issues))
    const issued = await issueKey()
    const created = await deps.store.createAccount({
      account_id: `acct_${randomHex(8)}`,
      email: parsed.data.email,
      email_key: mailboxOf(parsed.data.email),
      plan: 'free',
      key: issued,
      now: deps.clock(),
    })
    if (created === 'email_taken') {
      throw new ApiError('key_exists', 'A key was already issued for this mailbox (plus tags and dots in the name do not make a new one). Rotate it with POST /v1/keys/rotate using the current key.')
    }
    c.header('Cache-Control', 'no-store')
    return c.json({ key: issued.secret, key_id: issued.id, prefix: issued.prefix, plan: created.account.plan, created_at: created.key.created_at }, 201)
  })

  app.post('/v1/keys/rotate', deps.guards.key, async (c) => {
    const old = c.get('apiKey')
    const account = c.get('account')
    if (!old || !account) throw new ApiError('unauthorized', 'The API key is invalid or was rotated.')
    const issued = await issueKey()
    const rotated = await deps.store.rotateKey({ old_key_id: old.id, key: issued, now: deps.clock() })
    deps.keys.forgetKey(old.id)
    if (!rotated) throw new ApiError('unauthorized', 'The API key was already rotated.')
    c.header('Cache-Control', 'no-store')
    return c.json({ key: issued.secret, key_id: issued.id, prefix: issued.prefix, plan: account.plan, created_at: rotated.created_at, replaced_key_id: old.id }, 201)
  })
}
