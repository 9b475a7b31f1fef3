/**
 * `prestart`: built releases before the server starts. On a machine without datasets this
 * fetches them (lock sources, or OPENFACTORS_DATASETS_MIRROR), then builds; offline it names the
 * missing files and the command to run, and stops `npm start` (exit 3).
 */
import { DataUnavailableError, ensureData, progressBar } from '@openfactors/corpus'

const bar = progressBar()
try {
  await ensureData({ onProgress: (p) => bar.update(p.fraction, p.phase, p.current) })
  bar.done()
} catch (err) {
  bar.done()
  if (err instanceof DataUnavailableError) {
    process.stderr.write(`${err.message}\n`)
    process.exit(3)
  }
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
}
