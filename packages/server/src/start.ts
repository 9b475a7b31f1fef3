/**
 * `npm start`: the only file that reads `process.env`. Validates the configuration (a bad value
 * stops here with a message naming the variable), starts the server, and shuts down gracefully on
 * SIGINT/SIGTERM: stop accepting, finish in-flight requests, close the store.
 */
import { ConfigError, parseEnv } from './config.ts'
import { startServer } from './serve.ts'

async function main(): Promise<void> {
  let config
  try {
    config = parseEnv(process.env)
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`)
      process.exit(2)
    }
    throw err
  }
  const server = await startServer(config)
  process.stderr.write(`openfactors API on ${server.url} (data version ${server.data_version}); docs at ${server.url}/docs\n`)
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    process.stderr.write(`${signal}: shutting down\n`)
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    server.close().then(() => process.exit(0), () => process.exit(1))
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((err: unknown) => {
  process.stderr.write(`openfactors failed to start: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
