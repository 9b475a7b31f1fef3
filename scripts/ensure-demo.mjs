#!/usr/bin/env node
/**
 * `prestart`: make sure the demo page the server shows at `/` is built. Builds
 * examples/browser-app/dist with vite when it is missing or older than its sources (the page
 * itself and the worker + engine code it bundles). Never blocks the server: if the build fails,
 * it says so and `npm start` goes on serving the API without the demo.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const app = join(root, 'examples', 'browser-app')
const builtPage = join(app, 'dist', 'index.html')
const sources = [
  join(app, 'index.html'),
  join(app, 'vite.config.ts'),
  join(app, 'src'),
  join(root, 'packages', 'web-worker', 'src'),
  join(root, 'packages', 'engine', 'src'),
]

/** Newest modification time under a file or directory (tests and harness code left out). */
function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return /\.test\.ts$/.test(path) ? 0 : stat.mtimeMs
  let latest = 0
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'harness' || entry === 'dist') continue
    latest = Math.max(latest, newest(join(path, entry)))
  }
  return latest
}

const builtAt = existsSync(builtPage) ? statSync(builtPage).mtimeMs : 0
const sourcesAt = Math.max(...sources.map(newest))
if (builtAt >= sourcesAt) process.exit(0)

console.log(builtAt === 0 ? `Building the demo page (examples/browser-app/dist) for http://localhost:${process.env.PORT ?? 8787}/ …` : 'The demo page is older than its sources: rebuilding examples/browser-app/dist …')
try {
  const { build } = await import('vite')
  await build({ configFile: join(app, 'vite.config.ts'), logLevel: 'warn' })
  console.log('Demo page built.')
} catch (error) {
  console.warn(`Could not build the demo page (${error instanceof Error ? error.message : String(error)}).`)
  console.warn('The API starts anyway; build it later with: npm run build -w @openfactors/example-browser-app')
}
