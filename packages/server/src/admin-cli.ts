/**
 * `npm run admin -- plan <email> <plan> [--monthly N] [--burst N]` changes an account's plan in the
 * same store the server uses (DATABASE_URL or OPENFACTORS_DB); `show <email>` prints the account.
 */
import { ConfigError, parseEnv, PLANS, type Plan } from './config.ts'
import { openStore } from './stores/open.ts'

const USAGE = `usage:
  npm run admin -- plan <email> <${PLANS.join('|')}> [--monthly N] [--burst N]
  npm run admin -- show <email>`

function numberFlag(args: string[], name: string): number | undefined {
  const i = args.indexOf(`--${name}`)
  if (i < 0) return undefined
  const value = Number(args[i + 1])
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a positive integer`)
  return value
}

export async function runAdmin(argv: string[], env: Record<string, string | undefined>, out: (line: string) => void): Promise<number> {
  const [command, email, plan] = argv
  const config = parseEnv(env)
  if (command === 'plan' && email && plan) {
    if (!(PLANS as readonly string[]).includes(plan)) {
      out(`unknown plan "${plan}"; one of ${PLANS.join(', ')}`)
      return 2
    }
    const store = await openStore(config)
    try {
      const account = await store.setPlan({
        email: email.toLowerCase(), plan: plan as Plan,
        monthly_quota: numberFlag(argv, 'monthly') ?? null, burst_per_minute: numberFlag(argv, 'burst') ?? null,
      })
      if (!account) {
        out(`no account for ${email}`)
        return 1
      }
      out(`${account.email}: plan ${account.plan}${account.monthly_quota ? `, monthly ${account.monthly_quota}` : ''}${account.burst_per_minute ? `, burst ${account.burst_per_minute}/min` : ''}`)
      return 0
    } finally {
      await store.close()
    }
  }
  if (command === 'show' && email) {
    const store = await openStore(config)
    try {
      const account = await store.findAccountByEmail(email.toLowerCase())
      out(account ? JSON.stringify(account) : `no account for ${email}`)
      return account ? 0 : 1
    } finally {
      await store.close()
    }
  }
  out(USAGE)
  return 2
}

const isMain = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '\0')
if (isMain) {
  runAdmin(process.argv.slice(2), process.env, (line) => console.log(line)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof ConfigError ? err.message : `admin failed: ${err instanceof Error ? err.message : String(err)}`)
      process.exit(1)
    },
  )
}
