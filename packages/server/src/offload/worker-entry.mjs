// Entry of the calculation worker thread: registers tsx (the server runs from TypeScript sources)
// and loads worker.ts. Plain JavaScript so a worker can start without a loader of its own.
import { register } from 'tsx/esm/api'

register()
await import('./worker.ts')
