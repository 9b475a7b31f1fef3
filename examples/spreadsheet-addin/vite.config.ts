/**
 * Builds the add-in's shared-runtime page: `functions.html` loading `functions.js` (fixed name:
 * the manifest points at it) and the engine's module worker under `assets/`. `public/` holds
 * `functions.json` (the custom-functions metadata) and the icons; relative paths throughout.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { sourceResolve } from '../../scripts/source-condition.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

/** Excel loads add-ins over HTTPS only: `npm run preview` uses the certificate these name. */
function httpsFromEnv(): { cert: Buffer; key: Buffer } | undefined {
  const cert = process.env.OPENFACTORS_ADDIN_CERT
  const key = process.env.OPENFACTORS_ADDIN_KEY
  return cert && key ? { cert: readFileSync(cert), key: readFileSync(key) } : undefined
}

export default defineConfig({
  // Workspace packages from their sources (the `@openfactors/source` export condition).
  resolve: sourceResolve,
  root,
  base: './',
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: { functions: 'functions.html' },
      output: { entryFileNames: 'functions.js' },
    },
  },
  worker: { format: 'es' },
  preview: { port: 3000, strictPort: true, https: httpsFromEnv() },
})
