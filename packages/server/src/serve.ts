/**
 * Runs the API on Node: builds the corpus on first run (its own process, see ensure-releases.ts), loads the engine (latest release now,
 * older ones on first use), opens the store, serves with @hono/node-server, runs the webhook
 * loop, and closes everything in order. Takes its config explicitly; `start.ts` reads the env.
 */
import { releaseBefore, verifyReceipt } from '@openfactors/engine'
import { getRequestListener, type ServerType } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { createServer as createHttpServer, type IncomingMessage } from 'node:http'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { AddressInfo } from 'node:net'
import { createApi } from './app.ts'
import { fastFirst } from './fast-listener.ts'
import type { FastPath } from './routes/fast-path.ts'
import type { AppEnv, Logger } from './app-env.ts'
import type { ServerConfig } from './config.ts'
import { ensureReleases } from './ensure-releases.ts'
import { defaultReleasesDir, repoRoot } from './paths.ts'
import { loadEngineFromDisk } from './release-files.ts'
import { startOffloadPool } from './offload/pool.ts'
import { openStore } from './stores/open.ts'
import { announceRelease, deliverDue } from './webhooks/dispatcher.ts'
import { publicUrlCheck } from './webhooks/resolve-check.ts'

/**
 * Gzip level 1 (nginx's default): on the JSON of ten search results (8.8 kB) it costs 18 µs instead of
 * level 6's 30 µs for 1,299 bytes instead of 1,217 (docs/benchmarks.md, HTTP overhead); the gzip was a
 * fifth of a busy server's CPU per search.
 */
const JSON_GZIP = { level: 1 }

/**
 * A request header read off the IncomingMessage (@hono/node-server passes it as `env.incoming`):
 * every repeated field kept, joined as `Headers.get` joins them (as `headersDistinct` would, without
 * building it: one pass over the raw header lines). Null without one.
 */
export const nodeRequestHeader: (env: unknown, name: string) => string | undefined | null = nodeRequestHeaderWith(rawHeader)

/** `nodeRequestHeader` reading the raw header lines with `read` (`headerReader`). */
function nodeRequestHeaderWith(read: (raw: string[], name: string) => string | undefined): (env: unknown, name: string) => string | undefined | null {
  return (env, name) => {
    const incoming = (env as { incoming?: Pick<IncomingMessage, 'rawHeaders'> } | undefined)?.incoming
    return incoming ? read(incoming.rawHeaders, name) : null
  }
}

/**
 * `rawHeader` when the server compresses; with compression off (`OPENFACTORS_COMPRESS=false`: a proxy
 * in front compresses) a request's Accept-Encoding is not read, so every path answers as it does a
 * client that asks for no encoding: the same bytes, uncompressed.
 */
export function headerReader(compress: boolean): (raw: string[], name: string) => string | undefined {
  return compress ? rawHeader : (raw, name) => (name === 'accept-encoding' ? undefined : rawHeader(raw, name))
}

/** The value of header `name` (lower case) in raw header lines, repeated fields joined with ", ". */
export function rawHeader(raw: string[], name: string): string | undefined {
  let value: string | undefined
  for (let i = 0; i < raw.length; i += 2) {
    const field = raw[i] as string
    if (field.length === name.length && field.toLowerCase() === name) value = value === undefined ? (raw[i + 1] ?? '') : `${value}, ${raw[i + 1] ?? ''}`
  }
  return value
}

export interface RunningServer {
  url: string
  port: number
  data_version: string
  close(): Promise<void>
}

export interface StartOptions {
  logger?: Logger
}

export async function startServer(config: ServerConfig, opts: StartOptions = {}): Promise<RunningServer> {
  const logger: Logger = opts.logger ?? (config.log === 'off' ? () => undefined : (line) => console.log(JSON.stringify(line)))
  const releasesDir = config.releasesDir ?? defaultReleasesDir()
  await ensureReleases(releasesDir)
  const { engine, manifest, latest, files } = loadEngineFromDisk(releasesDir)
  // Build the lazy indexes now (every per-gas index, and the one of other kinds), so the first search
  // that needs them does not stall the event loop: a text with no words matches nothing anywhere.
  engine.search({ search: '-', kind: 'all' })
  const store = await openStore(config, (err) =>
    logger({ ts: new Date().toISOString(), level: 'error', store: config.databaseUrl ? 'postgres' : 'sqlite', error: err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 300) : 'store error' }))

  // Calculations (resolve, PCAF, embodied, emissions) run in worker threads, off the event loop.
  const offload = config.calcWorkers > 0
    ? startOffloadPool({ releasesDir, size: config.calcWorkers, jobTimeoutMs: config.calcTimeoutMs, onError: (err) =>
      logger({ ts: new Date().toISOString(), level: 'error', job: 'calculation worker', error: err instanceof Error ? err.message.slice(0, 300) : 'worker error' }) })
    : undefined

  const staticDir = config.staticDir ?? join(repoRoot(), 'examples', 'browser-app', 'dist')
  // Refusals the lookup's fast path met, for the app to answer with (fast-listener.ts).
  const refusals = new WeakMap<IncomingMessage, unknown>()
  // The app and the fast paths read headers alike (Accept-Encoding not at all with compression off).
  const readHeader = headerReader(config.compress)
  const { app, lookup, search, resolve } = createApi({
    engine, store, config, releases: files, verifyReceipt, ...(offload ? { offload } : {}),
    // Logging off: no logger, so no access line is built per request (the app logs nothing then either).
    ...(opts.logger || config.log !== 'off' ? { logger } : {}),
    clientAddress: (_req, env) => (env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.remoteAddress,
    requestHeader: nodeRequestHeaderWith(readHeader),
    gzip: (bytes) => new Uint8Array(gzipSync(bytes, JSON_GZIP)),
    priorRefusal: (env) => {
      const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming
      return incoming ? refusals.get(incoming) : undefined
    },
    ...(existsSync(staticDir) ? { staticFiles: serveStatic<AppEnv>({ root: staticDir }) } : {}),
  })

  // @hono/node-server's listener (as its `serve` makes it), behind the fast paths that are on (lookup, search, resolve).
  const listener = getRequestListener(app.fetch, config.host ? { hostname: config.host } : {})
  const paths = [...(config.fastLookup ? [lookup] : []), ...(config.fastSearch ? [search] : []), ...(config.fastResolve ? [resolve] : [])]
  const fast: FastPath = paths.length === 1 && paths[0] ? paths[0] : (req) => {
    for (const path of paths) {
      const answer = path(req)
      if (answer !== undefined) return answer
    }
    return undefined
  }
  const server: ServerType = createHttpServer(paths.length > 0 ? fastFirst(fast, (incoming, name) => readHeader(incoming.rawHeaders, name), listener, refusals) : listener)
  await new Promise<void>((resolve) => server.listen(config.port, config.host, () => resolve()))
  const port = (server.address() as AddressInfo).port

  // Webhooks: announce a new latest release once (across instances), then deliver in the background.
  const now = () => new Date()
  const previous = releaseBefore(manifest.releases, latest.mb_version)?.mb_version
  // One run of a background job at a time: a slow round (a slow receiver, a store outage) is not
  // overlapped by the next tick, which would send the same due delivery twice.
  const running = new Set<string>()
  const background = (what: string, job: () => Promise<unknown>) => {
    if (running.has(what)) return Promise.resolve()
    running.add(what)
    return job().catch((err: unknown) =>
      logger({ ts: now().toISOString(), level: 'error', job: what, error: err instanceof Error ? err.message : String(err) }))
      .finally(() => running.delete(what))
  }
  void background('announce', async () => {
    if ((await store.listWebhooks()).length === 0) return
    await announceRelease(store, previous ? await files.artifact(previous) : null, await files.artifact(latest.mb_version), now())
  })
  const timers = [
    setInterval(() => void background('webhooks', () => deliverDue(store, { now, ...(config.allowPrivateWebhooks ? {} : { checkUrl: publicUrlCheck }) })), config.webhookIntervalMs),
    setInterval(() => void background('prune', async () => {
      await store.pruneWindows('m:', `m:${new Date(Date.now() - 3_600_000).toISOString().slice(0, 16)}`)
      await store.pruneWindows('h:', `h:${new Date(Date.now() - 7_200_000).toISOString().slice(0, 13)}`)
    }), 60_000),
  ]
  for (const t of timers) t.unref()

  const host = config.host ?? 'localhost'
  logger({ ts: now().toISOString(), msg: 'listening', url: `http://${host}:${port}`, data_version: latest.mb_version, store: store.kind, static: existsSync(staticDir) })

  let closing: Promise<void> | undefined
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    data_version: latest.mb_version,
    close() {
      closing ??= (async () => {
        for (const t of timers) clearInterval(t)
        await new Promise<void>((resolve) => server.close(() => resolve()))
        await offload?.close()
        await store.close()
      })()
      return closing
    },
  }
}
