// A package's `npm run build` starts here (run in the package's directory): remove its old dist/
// so no stale file is packed, and put the repository's LICENSE beside its package.json (npm packs
// it from there; the copies are gitignored).
import { copyFileSync, rmSync } from 'node:fs'

rmSync('dist', { recursive: true, force: true })
copyFileSync(new URL('../LICENSE', import.meta.url), 'LICENSE')
