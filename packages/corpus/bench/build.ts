/**
 * Corpus benchmark: a full build of every release into a temp directory, timed, with the
 * process's peak resident memory. Used by the root `npm run bench`; runnable alone with
 * `npx tsx --conditions=@openfactors/source packages/corpus/bench/build.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildReleases } from '../src/build.ts'

export interface CorpusBenchResult {
  build_ms: number
  /** Peak resident set size of the whole process (bytes), from process.resourceUsage(). */
  peak_rss_bytes: number
  releases: number
  latest_factors: number
  latest_gz_bytes: number | null
  proven_share: number
  ok: boolean
}

export async function benchCorpusBuild(opts: { datasetsDir?: string; allowIncomplete?: boolean } = {}): Promise<CorpusBenchResult> {
  const outDir = mkdtempSync(join(tmpdir(), 'openfactors-bench-'))
  try {
    const started = performance.now()
    const { report } = await buildReleases({ outDir, ...(opts.datasetsDir ? { datasetsDir: opts.datasetsDir } : {}), allowIncomplete: opts.allowIncomplete ?? true })
    const build_ms = performance.now() - started
    const latest = report.releases[report.releases.length - 1]
    return {
      build_ms: Math.round(build_ms),
      peak_rss_bytes: process.resourceUsage().maxRSS * 1024,
      releases: report.releases.length,
      latest_factors: latest?.factor_count ?? 0,
      latest_gz_bytes: latest?.bytes ?? null,
      proven_share: report.proof.share,
      ok: report.ok,
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchCorpusBuild().then((r) => console.log(JSON.stringify(r, null, 2)))
}
