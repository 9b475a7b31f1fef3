/**
 * Library build of the browser client. The client entry (`src/index.ts`) starts the worker with
 * `new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })`, which vite turns into
 * a separate module-worker chunk under `dist/assets/` referenced relative to the client file, so
 * the two files can be served from any path. `npm run build -w @openfactors/web-worker`.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { sourceResolve } from '../../scripts/source-condition.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  // Workspace packages from their sources (the `@openfactors/source` export condition).
  resolve: sourceResolve,
  root,
  base: './',
  // Nothing in public/ to copy; keeps the output to the two bundles.
  publicDir: false,
  build: {
    lib: { entry: { index: 'src/index.ts' }, formats: ['es'], fileName: (_format, name) => `${name}.js` },
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: false,
    reportCompressedSize: false,
  },
  worker: { format: 'es' },
})
