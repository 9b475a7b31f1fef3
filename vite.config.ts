import { defineConfig } from 'vitest/config'

// One vitest run covers every package: each package is a project so its tests
// can choose their own environment and time limits.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'engine', root: 'packages/engine', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 120_000, typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] } } },
      { test: { name: 'corpus', root: 'packages/corpus', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 600_000, hookTimeout: 600_000 } },
      { test: { name: 'server', root: 'packages/server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 300_000 } },
      { test: { name: 'cli', root: 'packages/cli', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 120_000 } },
      { test: { name: 'web-worker', root: 'packages/web-worker', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 300_000 } },
      { test: { name: 'examples', root: 'examples', include: ['*/test/**/*.test.ts', '*/src/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 300_000 } },
    ],
  },
})
