/**
 * Command line: `npm start -w @openfactors/example-server-client -- [options]`
 *   --base <url>        server address (default $OPENFACTORS_URL or http://localhost:8787)
 *   --email <address>   get a free key for this email (default $OPENFACTORS_EMAIL)
 *   --key <key>         use an existing key instead (default $OPENFACTORS_API_KEY)
 *   --activities <csv>  activities file (default activities.csv beside this package)
 *   --out <dir>         where responses are saved (default ./out)
 */
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { runClient } from './run.ts'

const here = dirname(fileURLToPath(import.meta.url))
const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    email: { type: 'string' },
    key: { type: 'string' },
    activities: { type: 'string' },
    out: { type: 'string' },
  },
})

const email = values.email ?? process.env.OPENFACTORS_EMAIL
const key = values.key ?? process.env.OPENFACTORS_API_KEY
try {
  const summary = await runClient({
    baseUrl: values.base ?? process.env.OPENFACTORS_URL ?? 'http://localhost:8787',
    activitiesFile: resolve(values.activities ?? join(here, '..', 'activities.csv')),
    outDir: resolve(values.out ?? 'out'),
    ...(email ? { email } : {}),
    ...(key ? { key } : {}),
  })
  const valid = summary.receipts.every((r) => r.valid)
  console.log(`saved ${summary.files.length} files; data version ${summary.data_version}; receipts ${valid ? 'all valid' : 'NOT all valid'}`)
  process.exitCode = valid ? 0 : 1
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exitCode = 1
}
