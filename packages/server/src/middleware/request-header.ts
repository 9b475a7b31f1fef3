/**
 * Reading a request header on the hot path. Hono's `c.req.header()` on @hono/node-server builds a
 * web `Headers` object from the raw headers on first use (about a tenth of the lookup's own work in
 * the throughput profile, docs/benchmarks.md); the Node entry can supply `AppDeps.requestHeader`,
 * which reads the IncomingMessage instead. It returns null where it cannot tell (no Node request:
 * `app.request()` in tests, other runtimes) and `c.req.header()` answers.
 */
import type { Context } from 'hono'
import type { AppEnv } from '../app-env.ts'

/** Values as `Headers.get` gives them: repeated fields joined with ", "; undefined when absent. */
export type HeaderReader = (c: Context<AppEnv>, name: string) => string | undefined

export const honoHeader: HeaderReader = (c, name) => c.req.header(name)

export function headerReader(fromEnv?: (env: unknown, name: string) => string | undefined | null): HeaderReader {
  if (!fromEnv) return honoHeader
  return (c, name) => {
    const value = fromEnv(c.env, name)
    return value === null ? c.req.header(name) : value
  }
}
