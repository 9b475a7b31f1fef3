/**
 * Node-only test helpers: build and pack the workspace's packages, and make a fresh project
 * outside the repository that installs the tarballs the way a user would (`npm install <tarball>`;
 * their dependencies come from the npm registry or its local cache).
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** The packages published from this repository, in build order. */
export const PUBLISHED = ['@openfactors/engine', '@openfactors/corpus', '@openfactors/server', '@openfactors/web-worker', '@openfactors/data', '@openfactors/cli'] as const

/** The environment of a user's shell: none of this test run's npm_* variables (workspace, script, ...). */
export function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('npm_') && !name.startsWith('VITEST') && name !== 'NODE_OPTIONS') env[name] = value
  return { ...env, ...extra }
}

export function run(command: string, args: string[], cwd: string, timeoutMs: number, env: NodeJS.ProcessEnv = userEnv()): string {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 })
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed: ${result.error?.message ?? `exit ${result.status}`}\n${result.stdout}\n${result.stderr}`)
  }
  return result.stdout
}

/** `npm run build` at the root, then `npm pack` of every published package into `dest`; returns the tarball paths. */
export function buildAndPack(dest: string, packages: readonly string[]): string[] {
  run('npm', ['run', 'build'], REPO_ROOT, 300_000)
  mkdirSync(dest, { recursive: true })
  const out = run('npm', ['pack', '--json', '--pack-destination', dest, ...packages.flatMap((p) => ['-w', p])], REPO_ROOT, 120_000)
  const packed = JSON.parse(out.slice(out.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>
  return packed.map((p) => join(dest, p.filename))
}

/** Files inside a tarball, as `npm pack --dry-run` lists them. */
export function packedFiles(pkg: string): string[] {
  const out = run('npm', ['pack', '--dry-run', '--json', '-w', pkg], REPO_ROOT, 60_000)
  const [packed] = JSON.parse(out.slice(out.indexOf('['))) as Array<{ files: Array<{ path: string }> }>
  return packed?.files.map((f) => f.path) ?? []
}

function rootDevVersion(name: string): string {
  const root = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }
  const version = root.devDependencies[name]
  if (!version) throw new Error(`root package.json pins no ${name}`)
  return version
}

/**
 * A fresh project in `dir` with the tarballs installed, plus the tools a user's app would have
 * (vite to bundle the page, typescript and @types/node to type-check against the .d.ts files),
 * at the versions this repository pins.
 */
export function installProject(dir: string, tarballs: readonly string[]): void {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'openfactors-install-test', private: true, type: 'module' }, null, 2)}\n`)
  const tools = ['vite', 'typescript', '@types/node'].map((name) => `${name}@${rootDevVersion(name)}`)
  // Install scripts are skipped: a native module's script would compile or download a binary.
  // better-sqlite3's compiled addon (same pinned version, same Node) is copied from this checkout.
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', ...tarballs, ...tools], dir, 400_000)
  const addon = join('node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')
  if (existsSync(join(dir, 'node_modules', 'better-sqlite3'))) {
    mkdirSync(dirname(join(dir, addon)), { recursive: true })
    copyFileSync(join(REPO_ROOT, addon), join(dir, addon))
  }
}
