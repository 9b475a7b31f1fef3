/**
 * Library build of the browser client. The client entry (`src/index.ts`) starts the worker with
 * `new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })`, which vite turns into
 * a separate module-worker chunk under `dist/assets/` referenced relative to the client file, so
 * the two files can be served from any path. `npm run build -w @openfactors/web-worker`.
 */
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { defineConfig } from 'vite'
import { sourceResolve } from '../../scripts/source-condition.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

/**
 * zod's JSON Schema generation, which its classic schemas import for `toJSONSchema()`, replaced in the
 * bundle by src/zod-json-schema-stub.ts: the worker never generates a JSON Schema (the server writes
 * the OpenAPI document in Node), and it is about 17 kB of code.
 */
const ZOD_JSON_SCHEMA = /[/\\]zod[/\\]v4[/\\]core[/\\](?:to-json-schema|json-schema-processors)\.js$/
const withoutZodJsonSchema: Plugin = {
  name: 'openfactors:without-zod-json-schema',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer || !/(?:to-json-schema|json-schema-processors)\.js$/.test(source)) return null
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
    return resolved && ZOD_JSON_SCHEMA.test(resolved.id) ? fileURLToPath(new URL('./src/zod-json-schema-stub.ts', import.meta.url)) : resolved
  },
}

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
  plugins: [withoutZodJsonSchema],
  worker: {
    format: 'es',
    plugins: () => [withoutZodJsonSchema],
    // The worker chunk is an entry no bundler reads again: its pure-call annotations (about 420
    // "@__PURE__" comments from zod, minisearch and our own code) tell nobody anything and cost
    // 0.5 kB gzipped. Licence comments (comlink's) stay.
    rolldownOptions: { output: { comments: { legal: true, annotation: false, jsdoc: false } } },
  },
})
