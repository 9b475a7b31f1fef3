/**
 * Runs `start.ts` as a child process (the real Node entry) on a loopback port and waits until it
 * answers /health. `stop()` sends SIGTERM and waits for the exit code.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './postgres-server.ts'

const here = dirname(fileURLToPath(import.meta.url))
export const START_SCRIPT = join(here, '..', '..', 'src', 'start.ts')
export const REPO_ROOT = resolve(here, '..', '..', '..', '..')

export interface ChildServer {
  url: string
  child: ChildProcess
  output(): string
  stop(): Promise<number | null>
}

export async function spawnServer(env: Record<string, string>, timeoutMs = 60_000, nodeArgs: string[] = []): Promise<ChildServer> {
  const port = await freePort()
  const child = spawn(process.execPath, [...nodeArgs, '--conditions=@openfactors/source', '--import', 'tsx', START_SCRIPT], {
    cwd: REPO_ROOT,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', HOST: '127.0.0.1', PORT: String(port), OPENFACTORS_LOG: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (d: Buffer) => { out += d.toString('utf8') })
  child.stderr?.on('data', (d: Buffer) => { out += d.toString('utf8') })
  const url = `http://127.0.0.1:${port}`
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start:\n${out}`)
    try {
      if ((await fetch(`${url}/health`)).ok) break
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not answer within ${timeoutMs} ms:\n${out}`)
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  return {
    url,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}
