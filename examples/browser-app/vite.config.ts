/**
 * The demo page: `index.html` + the service worker `sw.js` (fixed name at the root, so its scope
 * is the page's directory). The engine's worker is emitted as a module worker. Relative asset
 * paths let the server mount `dist/` anywhere. `shell-files.json` lists every emitted file so the
 * service worker can cache the whole shell on install.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { sourceResolve } from '../../scripts/source-condition.ts'
import { FAVICON_SVG, faviconIco } from './favicon.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

/** Emit `favicon.ico` and `favicon.svg` (no 404 for the icon; see favicon.ts). */
function favicon(): Plugin {
  return {
    name: 'openfactors-favicon',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'link', attrs: { rel: 'icon', href: './favicon.svg', type: 'image/svg+xml' }, injectTo: 'head' }],
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'favicon.ico', source: faviconIco() })
      this.emitFile({ type: 'asset', fileName: 'favicon.svg', source: FAVICON_SVG })
    },
  }
}

/** Emit `shell-files.json`: the files the page needs offline (everything but the list itself). */
function shellFiles(): Plugin {
  return {
    name: 'openfactors-shell-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => f !== 'sw.js' && !f.endsWith('.map')).sort()
      this.emitFile({ type: 'asset', fileName: 'shell-files.json', source: JSON.stringify({ files }, null, 2) })
    },
  }
}

export default defineConfig({
  // Workspace packages from their sources (the `@openfactors/source` export condition).
  resolve: sourceResolve,
  root,
  base: './',
  publicDir: false,
  plugins: [favicon(), shellFiles()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: { main: 'index.html', sw: 'src/sw.ts' },
      output: { entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js') },
    },
  },
  worker: { format: 'es' },
  // `npm run dev` talks to a server on :8787 (npm start) for the releases.
  server: { proxy: { '/v1': 'http://localhost:8787' } },
})
