/**
 * Starts a throwaway PostgreSQL for tests: initdb into a temp dir owned by `postgres` (we may run
 * as root, which PostgreSQL refuses), pg_ctl on a free loopback port with the socket in the temp dir,
 * one database, trust auth. `stop()` shuts it down and removes the directory.
 */
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface TestPostgres {
  url: string
  /** Shut the database down (fast mode) but keep its files: an outage. */
  halt(): void
  /** Start it again on the same port and data after `halt()`. */
  resume(): void
  /** Stop (SIGSTOP) the postmaster and its backends: connections stay open but nothing answers. */
  freeze(): void
  /** Continue (SIGCONT) after `freeze()`. */
  thaw(): void
  /** The postmaster and its children (backends, background workers): to read the database's CPU time. */
  processIds(): number[]
  stop(): void
}

/** The newest installed PostgreSQL bin dir, or null. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(root, versions[0], 'bin') : null
}

/** Skip only on a developer machine without PostgreSQL; in CI a missing binary is a failure. */
export function postgresAvailability(env: Record<string, string | undefined>): 'run' | 'skip' {
  if (findPostgresBin()) return 'run'
  if (env['CI']) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin (apt-get install postgresql)')
  return 'skip'
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      const port = typeof addr === 'object' && addr ? addr.port : 0
      srv.close(() => resolve(port))
    })
  })
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = findPostgresBin()
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin (apt-get install postgresql)')
  const dir = mkdtempSync(join(tmpdir(), 'openfactors-pg-'))
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (asRoot) chownSync(dir, uidOf('postgres'), gidOf('postgres'))
  const run = (cmd: string, args: string[]) => {
    const full = join(bin, cmd)
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' })
    else execFileSync(full, args, { stdio: 'pipe' })
  }
  const data = join(dir, 'data')
  const port = await freePort()
  run('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--encoding=UTF8', '--no-sync'])
  const start = () => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start'])
  start()
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'openfactors'])
  let stopped = false
  let halted = false
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/openfactors`,
    halt() {
      if (halted || stopped) return
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
      halted = true
    },
    resume() {
      if (!halted || stopped) return
      start()
      halted = false
    },
    freeze() { signalCluster(data, 'SIGSTOP') },
    thaw() { signalCluster(data, 'SIGCONT') },
    processIds: () => clusterPids(data),
    stop() {
      if (stopped) return
      stopped = true
      try { if (!halted) run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']) } finally { rmSync(dir, { recursive: true, force: true }) }
    },
  }
}

/** This cluster's postmaster (its pid file) and each of its children. */
function clusterPids(data: string): number[] {
  const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
  // Children from /proc (no `ps` needed): field 4 of /proc/<pid>/stat is the parent pid.
  const children = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((d) => {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8')
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster
    } catch {
      return false
    }
  }).map(Number)
  return [postmaster, ...children]
}

/** Send a signal to this cluster's postmaster and to each of its children, by pid. */
function signalCluster(data: string, signal: NodeJS.Signals): void {
  for (const pid of clusterPids(data)) process.kill(pid, signal)
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user]).toString().trim())
}
function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user]).toString().trim())
}
