import { defineConfig } from 'vitest/config'
import { sourceResolve, sourceSsrResolve } from './scripts/source-condition.ts'

// One vitest run covers every package: each package is a project so its tests
// can choose their own environment and time limits. Workspace packages resolve to their sources
// (the `@openfactors/source` export condition), never to a stale dist/.
const sources = { resolve: sourceResolve, ssr: { resolve: sourceSsrResolve } }

export default defineConfig({
  test: {
    projects: [
      { ...sources, test: { name: 'engine', root: 'packages/engine', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 120_000, typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] } } },
      { ...sources, test: { name: 'corpus', root: 'packages/corpus', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 600_000, hookTimeout: 600_000 } },
      { ...sources, test: { name: 'server', root: 'packages/server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 300_000 } },
      { ...sources, test: { name: 'cli', root: 'packages/cli', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 120_000 } },
      { ...sources, test: { name: 'data', root: 'packages/data', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      { ...sources, test: { name: 'web-worker', root: 'packages/web-worker', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 300_000 } },
      // Package manifests, and every published package packed and installed into a project outside the repo.
      { ...sources, test: { name: 'packages', root: 'test', include: ['**/*.test.ts'], testTimeout: 300_000, hookTimeout: 900_000 } },
      { ...sources, test: { name: 'examples', root: 'examples', include: ['*/test/**/*.test.ts', '*/src/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 300_000 } },
    ],
  },
})
